import type { UploadFile } from 'antd';
import { PhotoPicker } from '../../components/PhotoPicker';
import { MAX_PHOTOS_PER_REQUEST } from '../../lib/photos';

/** The species' photos to add: several at once, up to the API's limit per request. */
export function SpeciesPhotoPicker(props: {
  files: UploadFile[];
  onChange: (files: UploadFile[]) => void;
  disabled?: boolean;
}) {
  return <PhotoPicker {...props} max={MAX_PHOTOS_PER_REQUEST} label="Add photos" />;
}
