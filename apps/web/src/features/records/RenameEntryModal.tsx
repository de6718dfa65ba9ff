import { Alert, App, AutoComplete, Form, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { type ApiError, errorMessage } from '../../lib/api-error';
import { useListSpeciesQuery } from '../species/species.api';
import { useRenameEntryMutation } from './records.api';
import { catalogueMatch, renameHint, renameProblem } from './rename';
import { useDebouncedValue } from './use-debounced-value';

interface Target {
  _id: string;
  BirdName: string;
}

/**
 * The rename of a new-species report (spec: modal 'New Name:' with Save and Cancel). Names from the species
 * catalogue are suggested as one types; picking one links the entry to that species.
 */
export function RenameEntryModal({ entry, onClose }: { entry: Target | null; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ BirdName: string }>();
  const [rename, { isLoading }] = useRenameEntryMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const typed = Form.useWatch('BirdName', form) ?? '';
  const q = useDebouncedValue(typed.trim());
  const { data } = useListSpeciesQuery({ search: q, limit: '8' }, { skip: q.length < 2 || !entry });
  const suggestions = data?.species ?? [];
  const match = catalogueMatch(typed, suggestions);
  // Each opening starts from the entry's current name, without the previous attempt's server error.
  useEffect(() => {
    if (!entry) return;
    setFailure(null);
    form.setFieldsValue({ BirdName: entry.BirdName });
  }, [entry, form]);

  const save = async ({ BirdName }: { BirdName: string }) => {
    if (!entry) return;
    setFailure(null);
    try {
      const result = await rename({ entryId: entry._id, BirdName: BirdName.trim() }).unwrap();
      void message.success(result.message);
      onClose();
    } catch (err) {
      setFailure(errorMessage(err as ApiError, 'The new name could not be saved. Please try again.'));
    }
  };

  return (
    <Modal
      open={entry !== null}
      title={entry ? `Rename “${entry.BirdName}”` : 'Rename'}
      okText="Save"
      cancelText="Cancel"
      confirmLoading={isLoading}
      onOk={() => form.submit()}
      onCancel={onClose}
      afterClose={() => {
        form.resetFields();
        setFailure(null);
      }}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={(v) => void save(v)}
        onValuesChange={() => setFailure(null)}
        requiredMark={false}
        initialValues={entry ? { BirdName: entry.BirdName } : undefined}
      >
        <Form.Item
          name="BirdName"
          label="New Name:"
          rules={[
            {
              validator: async (_rule, value: unknown) => {
                const problem = renameProblem(typeof value === 'string' ? value : '');
                if (problem) throw new Error(problem);
              },
            },
          ]}
          extra={
            match
              ? `In the catalogue: ${match.englishName}${match.scientificName ? ` (${match.scientificName})` : ''}. The entry will be linked to it.`
              : renameHint(typed)
          }
        >
          <AutoComplete
            autoFocus
            placeholder="Start typing a species name"
            options={suggestions.map((s) => ({
              value: s.englishName,
              label: (
                <span className="rename-option">
                  {s.englishName}
                  {s.scientificName && <i className="records-muted"> {s.scientificName}</i>}
                </span>
              ),
            }))}
          />
        </Form.Item>
      </Form>
      {failure && <Alert type="error" showIcon title={failure} role="alert" />}
    </Modal>
  );
}
