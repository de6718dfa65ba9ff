import { bhutanToday } from '@jarog/contracts';
import { Alert, Button, Card, Form, Tabs } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { flash } from '../../components/FlashMessage';
import { PageHeader } from '../../components/PageHeader';
import { type ApiError, errorMessage } from '../../lib/api-error';
import { photoDataUrl } from '../../lib/photos';
import { BirdsFields } from './BirdsFields';
import { ChecklistInfoFields } from './ChecklistInfoFields';
import { ChecklistUpload } from './ChecklistUpload';
import {
  type ChecklistFormValues,
  checklistBody,
  checklistProblems,
  initialChecklistValues,
} from './checklist-form';
import { useCreateChecklistMutation } from './records.api';
import './records.css';

/** Spec section 8: a failed add says this (the same words as for species); the server's reason follows. */
export const ADD_CHECKLIST_FAILED = 'Server error! Problem adding species';

type AddMode = 'form' | 'upload';

/** Add one checklist with its birds, or many from an .xlsx file; the tab is kept in the URL. */
export function AddChecklistPage() {
  const [params, setParams] = useSearchParams();
  const mode: AddMode = params.get('tab') === 'upload' ? 'upload' : 'form';
  return (
    <div className="page records-page records-page--form">
      <PageHeader title="Add Checklist" backTo="/checklists" />
      <Tabs
        activeKey={mode}
        onChange={(key) => setParams(key === 'upload' ? { tab: 'upload' } : {}, { replace: true })}
        items={[
          { key: 'form', label: 'Checklist form', children: <AddChecklistForm /> },
          { key: 'upload', label: 'Upload (.xlsx)', children: <ChecklistUpload /> },
        ]}
      />
    </div>
  );
}

function AddChecklistForm() {
  const navigate = useNavigate();
  const [form] = Form.useForm<ChecklistFormValues>();
  const [createChecklist] = useCreateChecklistMutation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [today] = useState(bhutanToday);

  const onFinish = async (values: ChecklistFormValues) => {
    setError(null);
    const preview = checklistBody(values);
    const problems = checklistProblems(preview);
    if (problems.length) {
      form.setFields(problems as Parameters<typeof form.setFields>[0]);
      form.scrollToField(problems[0]?.name ?? []);
      return;
    }
    setBusy(true);
    try {
      const photos = await Promise.all(
        (values.birds ?? []).map((b) => {
          const file = b.photo?.[0]?.originFileObj;
          return file ? photoDataUrl(file) : Promise.resolve(null);
        }),
      );
      const { message: text, data } = await createChecklist(checklistBody(values, photos)).unwrap();
      const id = data[0]?.checklistId;
      void navigate(id ? `/checklists/${id}` : '/checklists', { state: flash(text) });
    } catch (err) {
      setError(errorMessage(err as ApiError, ''));
      setBusy(false);
    }
  };

  return (
    <Form<ChecklistFormValues>
      form={form}
      layout="vertical"
      initialValues={initialChecklistValues(today)}
      onFinish={(v) => void onFinish(v)}
      onValuesChange={(changed: ChecklistFormValues) => {
        // A place narrows dzongkhag → gewog → village: another dzongkhag clears the rest.
        if ('dzongkhag' in changed) form.setFieldsValue({ gewog: undefined, village: undefined });
        else if ('gewog' in changed) form.setFieldsValue({ village: undefined });
      }}
      noValidate
      disabled={busy}
      className="records-form"
      scrollToFirstError
    >
      <Card title="General Info">
        <ChecklistInfoFields today={today} />
      </Card>
      <Card title="Birds and media">
        <BirdsFields />
      </Card>
      {error !== null && (
        <Alert
          type="error"
          showIcon
          title={ADD_CHECKLIST_FAILED}
          description={error || undefined}
          role="alert"
          className="records-form__alert"
        />
      )}
      <div className="records-form__submit">
        <Button onClick={() => void navigate('/checklists')} disabled={false}>
          Cancel
        </Button>
        <Button type="primary" htmlType="submit" loading={busy} disabled={busy}>
          {busy ? 'Adding...' : 'Add checklist'}
        </Button>
      </div>
    </Form>
  );
}
