import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import type { ChecklistDetail } from '@jarog/contracts';
import { Alert, App, Button, Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { flash } from '../../components/FlashMessage';
import { type ApiError, errorMessage } from '../../lib/api-error';
import { useCorrectChecklistMutation, useDeleteChecklistMutation } from './checklist-admin.api';
import { type CorrectionForm, correctionOf } from './checklist-correction';
import { useListLocationsQuery } from './locations.api';

/** "Correct" (date, time and place) and "Delete" for an administrator on the checklist details page. */
export function ChecklistAdminActions({ checklist }: { checklist: ChecklistDetail }) {
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [form] = Form.useForm<CorrectionForm>();
  const dzongkhag = Form.useWatch('dzongkhag', form);
  const { data: places = [] } = useListLocationsQuery();
  const [correct, correcting] = useCorrectChecklistMutation();
  const [remove] = useDeleteChecklistMutation();
  const gewogs = places.find((p) => p.name === dzongkhag)?.gewogs ?? [];
  const name = checklist._id.checklistName;

  const start = () => {
    setError(null);
    form.setFieldsValue({
      selectedDate: checklist._id.selectedDate,
      selectedTime: checklist._id.selectedTime.slice(0, 5),
      dzongkhag: checklist._id.dzongkhag ?? '',
      gewog: checklist._id.gewog ?? '',
      village: checklist._id.village ?? '',
    });
    setOpen(true);
  };

  const save = async (values: CorrectionForm) => {
    const body = correctionOf(checklist, values);
    if (Object.keys(body).length === 0) {
      setOpen(false);
      return;
    }
    setError(null);
    try {
      const { message: text } = await correct({ id: checklist.checklistId, body }).unwrap();
      setOpen(false);
      void message.success(text);
    } catch (err) {
      setError(errorMessage(err as ApiError));
    }
  };

  const confirmDelete = () =>
    modal.confirm({
      title: `Delete checklist '${name}'?`,
      content: `Its ${checklist.entries.length} ${checklist.entries.length === 1 ? 'entry' : 'entries'} and their photos are deleted too, and the dashboard counts drop. This cannot be undone.`,
      okText: 'Delete',
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      onOk: async () => {
        try {
          const { message: text } = await remove(checklist.checklistId).unwrap();
          void navigate('/checklists', { replace: true, state: flash(text) });
        } catch (err) {
          void message.error(errorMessage(err as ApiError));
        }
      },
    });

  return (
    <>
      <Button icon={<EditOutlined />} onClick={start}>
        Correct
      </Button>
      <Button danger icon={<DeleteOutlined />} onClick={confirmDelete}>
        Delete
      </Button>
      <Modal
        open={open}
        title="Correct date, time and place"
        okText="Save"
        onOk={() => form.submit()}
        confirmLoading={correcting.isLoading}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        {error && <Alert type="error" showIcon title={error} className="form-alert" role="alert" />}
        <Form<CorrectionForm>
          form={form}
          layout="vertical"
          onFinish={(v) => void save(v)}
          requiredMark={false}
        >
          <Form.Item
            name="selectedDate"
            label="Date"
            rules={[{ required: true, message: 'Date is required' }]}
          >
            <Input type="date" />
          </Form.Item>
          <Form.Item name="selectedTime" label="Time" extra="Leave empty when no time was given">
            <Input type="time" />
          </Form.Item>
          <Form.Item
            name="dzongkhag"
            label="Dzongkhag"
            rules={[{ required: true, message: 'Dzongkhag is required' }]}
          >
            <Select
              showSearch
              options={places.map((p) => ({ value: p.name, label: p.name }))}
              onChange={() => form.setFieldsValue({ gewog: '', village: '' })}
            />
          </Form.Item>
          <Form.Item name="gewog" label="Gewog" rules={[{ required: true, message: 'Gewog is required' }]}>
            <Select showSearch options={gewogs.map((g) => ({ value: g, label: g }))} />
          </Form.Item>
          <Form.Item name="village" label="Village">
            <Input maxLength={200} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
