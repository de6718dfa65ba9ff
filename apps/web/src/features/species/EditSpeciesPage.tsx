import { DeleteOutlined } from '@ant-design/icons';
import type { Species, SpeciesPhoto } from '@jarog/contracts';
import { App, Button, Card, Empty, Form, Image, type UploadFile } from 'antd';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { resolveAssetUrl } from '../../app/runtime-config';
import { flash } from '../../components/FlashMessage';
import { PageHeader } from '../../components/PageHeader';
import { thumbUrl } from '../../components/SpeciesPhotoThumb';
import { type ApiError, errorMessage } from '../../lib/api-error';
import { pickedPhotoDataUrls } from '../../lib/photos';
import { SpeciesFormFields } from './SpeciesFormFields';
import { SpeciesFormFooter } from './SpeciesFormFooter';
import { SpeciesLoadState } from './SpeciesLoadState';
import { SpeciesPhotoPicker } from './SpeciesPhotoPicker';
import { useDeleteSpeciesPhotoMutation, useGetSpeciesQuery, useUpdateSpeciesMutation } from './species.api';
import { formValuesOf, isEmptyPatch, patchBody, type SpeciesFormValues } from './species-form';
import './species.css';

/** Spec section 8: what a failed edit or photo delete says. */
export const EDIT_FAILED = 'Server error!';

export function EditSpeciesPage() {
  const { id = '' } = useParams();
  const { data: species, error, isLoading, refetch } = useGetSpeciesQuery(id);
  return (
    <div className="page species-page species-page--form">
      <PageHeader title="Edit Species" backTo={`/species/${id}`} />
      <SpeciesLoadState isLoading={isLoading} error={error} refetch={refetch} rows={10} />
      {species && <EditSpeciesForm species={species} />}
    </div>
  );
}

function EditSpeciesForm({ species }: { species: Species }) {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [updateSpecies] = useUpdateSpeciesMutation();
  const [photos, setPhotos] = useState<UploadFile[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onFinish = async (values: SpeciesFormValues) => {
    setError(null);
    setBusy(true);
    try {
      const dataUrls = await pickedPhotoDataUrls(photos);
      // `species` is the latest copy (a deleted photo refreshes it), so only real changes are sent.
      const body = patchBody(species, values, dataUrls);
      if (isEmptyPatch(body)) {
        void message.info('Nothing has changed.');
        setBusy(false);
        return;
      }
      const { message: text } = await updateSpecies({ id: species._id, body }).unwrap();
      void navigate(`/species/${species._id}`, { state: flash(text) });
    } catch (err) {
      setError(errorMessage(err as ApiError, ''));
      setBusy(false);
    }
  };

  return (
    <Form<SpeciesFormValues>
      layout="vertical"
      initialValues={formValuesOf(species)}
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
        <h4 className="species-form__subtitle species-form__subtitle--first">Uploaded photos</h4>
        <UploadedPhotos species={species} />
        <h4 className="species-form__subtitle">Add photos</h4>
        <SpeciesPhotoPicker files={photos} onChange={setPhotos} disabled={busy} />
        <p className="species-form__hint">New photos are added to the ones above when you press Update.</p>
      </Card>
      <SpeciesFormFooter
        error={error}
        failedTitle={EDIT_FAILED}
        busy={busy}
        label="Update"
        busyLabel="Updating..."
      />
    </Form>
  );
}

/** The photos already stored, each with Delete Photo (after a confirmation). */
function UploadedPhotos({ species }: { species: Species }) {
  const { modal, message } = App.useApp();
  const [deletePhoto] = useDeleteSpeciesPhotoMutation();

  const confirmDelete = (photo: SpeciesPhoto, index: number) =>
    modal.confirm({
      title: 'Delete Photo',
      content: `Are you sure you want to delete photo ${index + 1} of ${species.englishName}?`,
      okText: 'Delete',
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      onOk: async () => {
        try {
          const response = await deletePhoto({ id: species._id, photoId: photo._id }).unwrap();
          void message.success(response.message);
        } catch (err) {
          const detail = errorMessage(err as ApiError, '');
          void message.error(detail ? `${EDIT_FAILED} ${detail}` : EDIT_FAILED);
        }
      },
    });

  if (species.photos.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No photos uploaded yet" />;
  return (
    <Image.PreviewGroup items={species.photos.map((p) => resolveAssetUrl(p.url, ''))}>
      <ul className="species-photo-list" aria-label="Uploaded photos" data-testid="uploaded-photos">
        {species.photos.map((photo, i) => (
          <li key={photo._id} className="species-photo-list__item">
            <Image
              src={thumbUrl(photo) ?? ''}
              preview={{ src: resolveAssetUrl(photo.url, '') }}
              alt={`Photo ${i + 1} of ${species.englishName}`}
              width={160}
              height={104}
            />
            <Button danger size="small" icon={<DeleteOutlined />} onClick={() => confirmDelete(photo, i)}>
              Delete Photo
            </Button>
          </li>
        ))}
      </ul>
    </Image.PreviewGroup>
  );
}
