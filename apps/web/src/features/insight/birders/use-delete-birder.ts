import { DELETED_BIRDER_NAME } from '@jarog/contracts';
import { App } from 'antd';
import { type ApiError, errorMessage } from '../../../lib/api-error';
import { useDeleteBirderMutation } from '../insight.api';

/** Spec section 2: the confirm dialog's question. */
export const DELETE_BIRDER_QUESTION = 'Are you sure you want to delete this birder?';

/**
 * Delete Birder with its confirm. The dialog says what happens to the records (kept, shown as
 * 'Deleted birder'); success shows the server's message, failure its error text.
 */
export function useDeleteBirder(onDeleted?: (message: string) => void) {
  const { modal, message } = App.useApp();
  const [deleteBirder] = useDeleteBirderMutation();
  return (birder: { _id: string; name: string }) =>
    modal.confirm({
      title: DELETE_BIRDER_QUESTION,
      content: `${birder.name}'s account will be deleted. Their checklists and entries stay in the national record, with the observer shown as '${DELETED_BIRDER_NAME}'.`,
      okText: 'Delete Birder',
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      onOk: async () => {
        try {
          const response = await deleteBirder(birder._id).unwrap();
          if (onDeleted) onDeleted(response.message);
          else void message.success(response.message);
        } catch (err) {
          void message.error(errorMessage(err as ApiError));
        }
      },
    });
}
