import type { Species } from '@jarog/contracts';
import { App } from 'antd';
import { type ApiError, errorMessage } from '../../lib/api-error';
import { useDeleteSpeciesMutation } from './species.api';

/** 'Confirm Delete' for one species; shows the server's message on success and its error text on failure. */
export function useDeleteSpecies(onDeleted?: (species: Species) => void) {
  const { modal, message } = App.useApp();
  const [deleteSpecies] = useDeleteSpeciesMutation();
  return (species: Species) =>
    modal.confirm({
      title: 'Confirm Delete',
      content: `Are you sure you want to delete ${species.englishName}?`,
      okText: 'Delete',
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      onOk: async () => {
        try {
          const response = await deleteSpecies(species._id).unwrap();
          void message.success(response.message);
          onDeleted?.(species);
        } catch (err) {
          void message.error(errorMessage(err as ApiError));
        }
      },
    });
}
