import { Card, Form, Tabs, type UploadFile } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { flash } from '../../components/FlashMessage';
import { PageHeader } from '../../components/PageHeader';
import { type ApiError, errorMessage } from '../../lib/api-error';
import { pickedPhotoDataUrls } from '../../lib/photos';
import { SpeciesBulkUpload } from './SpeciesBulkUpload';
import { SpeciesFormFields } from './SpeciesFormFields';
import { SpeciesFormFooter } from './SpeciesFormFooter';
import { SpeciesPhotoPicker } from './SpeciesPhotoPicker';
import { useCreateSpeciesMutation } from './species.api';
import { createBody, type SpeciesFormValues } from './species-form';
import './species.css';

/** Spec section 8: what a failed add says (the server's own words follow when it gave any). */
export const ADD_FAILED = 'Server error! Problem adding species';

type AddMode = 'one' | 'bulk';

/** Add one species (General Info + Media), or many from an .xlsx file; the tab is kept in the URL. */
export function AddSpeciesPage() {
  const [params, setParams] = useSearchParams();
  const mode: AddMode = params.get('tab') === 'bulk' ? 'bulk' : 'one';
  return (
    <div className="page species-page species-page--form">
      <PageHeader title="Add Species" backTo="/species" />
      <Tabs
        activeKey={mode}
        onChange={(key) => setParams(key === 'bulk' ? { tab: 'bulk' } : {}, { replace: true })}
        items={[
          { key: 'one', label: 'One species', children: <AddOneSpecies /> },
          { key: 'bulk', label: 'Bulk upload (.xlsx)', children: <SpeciesBulkUpload /> },
        ]}
      />
    </div>
  );
}

function AddOneSpecies() {
  const navigate = useNavigate();
  const [createSpecies] = useCreateSpeciesMutation();
  const [photos, setPhotos] = useState<UploadFile[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onFinish = async (values: SpeciesFormValues) => {
    setError(null);
    setBusy(true);
    try {
      const dataUrls = await pickedPhotoDataUrls(photos);
      const { message: text, data } = await createSpecies(createBody(values, dataUrls)).unwrap();
      void navigate(`/species/${data._id}`, { state: flash(text) });
    } catch (err) {
      setError(errorMessage(err as ApiError, ''));
      setBusy(false);
    }
  };

  return (
    <Form<SpeciesFormValues>
      layout="vertical"
      onFinish={(v) => void onFinish(v)}
      noValidate
      disabled={busy}
      className="species-form"
      scrollToFirstError
    >
      <Card title="General Info">
        <SpeciesFormFields />
      </Card>
      <Card title="Media">
        <SpeciesPhotoPicker files={photos} onChange={setPhotos} disabled={busy} />
        <p className="species-form__hint">
          JPEG, PNG, WebP, GIF or AVIF, up to 10 photos of at most 10 MB each. Large photos are scaled to 1600
          px before sending.
        </p>
      </Card>
      <SpeciesFormFooter
        error={error}
        failedTitle={ADD_FAILED}
        busy={busy}
        label="Add Species"
        busyLabel="Adding..."
      />
    </Form>
  );
}
