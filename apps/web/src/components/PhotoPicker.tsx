import { PlusOutlined } from '@ant-design/icons';
import { App, Image, Upload, type UploadFile } from 'antd';
import { useEffect, useState } from 'react';
import { photoProblem } from '../lib/photos';
import './photo-picker.css';

/**
 * Picks photos (images only, 10 MB at most each) and previews them before anything is sent; the files stay
 * in the browser until the form is submitted. Species take several, a bird on a checklist one.
 */
export function PhotoPicker({
  files,
  onChange,
  max,
  label,
  disabled,
}: {
  files: UploadFile[];
  onChange: (files: UploadFile[]) => void;
  max: number;
  label: string;
  disabled?: boolean;
}) {
  const { message } = App.useApp();
  const [preview, setPreview] = useState<string | null>(null);
  const [objectUrls] = useState(() => new Map<string, string>());

  // Object URLs made for previews are released when the picker goes away.
  useEffect(
    () => () => {
      for (const url of objectUrls.values()) URL.revokeObjectURL(url);
    },
    [objectUrls],
  );

  const previewOf = (file: UploadFile): string | null => {
    if (file.thumbUrl) return file.thumbUrl;
    if (!file.originFileObj) return null;
    let url = objectUrls.get(file.uid);
    if (!url) {
      url = URL.createObjectURL(file.originFileObj);
      objectUrls.set(file.uid, url);
    }
    return url;
  };

  return (
    <>
      <Upload
        listType="picture-card"
        accept="image/*"
        multiple={max > 1}
        maxCount={max}
        disabled={disabled}
        fileList={files}
        beforeUpload={(file) => {
          const problem = photoProblem(file);
          if (problem) {
            void message.error(problem);
            return Upload.LIST_IGNORE;
          }
          // Kept in the list, sent with the form.
          return false;
        }}
        onChange={({ fileList }) => onChange(fileList)}
        onPreview={(file) => setPreview(previewOf(file))}
      >
        {files.length < max && (
          <button type="button" className="photo-picker__add" disabled={disabled}>
            <PlusOutlined />
            <span>{label}</span>
          </button>
        )}
      </Upload>
      {preview && (
        <Image
          styles={{ root: { display: 'none' } }}
          src={preview}
          alt=""
          preview={{ open: true, onOpenChange: (open) => !open && setPreview(null) }}
        />
      )}
    </>
  );
}
