import type { UploadFile } from 'antd';
import { PhotoPicker } from '../../components/PhotoPicker';

/** One photo for a bird (a Form.Item control: `fileList` in, `{ fileList }` out). */
export function BirdPhotoPicker({
  fileList = [],
  onChange,
  disabled,
}: {
  fileList?: UploadFile[];
  onChange?: (info: { fileList: UploadFile[] }) => void;
  disabled?: boolean;
}) {
  return (
    <PhotoPicker
      files={fileList}
      onChange={(next) => onChange?.({ fileList: next })}
      max={1}
      label="Add photo"
      disabled={disabled}
    />
  );
}
