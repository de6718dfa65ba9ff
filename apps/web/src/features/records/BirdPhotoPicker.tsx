import { PlusOutlined } from '@ant-design/icons';
import { App, Image, Upload, type UploadFile } from 'antd';
import { useEffect, useState } from 'react';
import { photoProblem } from '../species/species-photos';

/** One photo for a bird: picked, previewed here, sent with the form (images only, 10 MB at most). */
export function BirdPhotoPicker({
  fileList = [],
  onChange,
  disabled,
}: {
  fileList?: UploadFile[];
  onChange?: (info: { fileList: UploadFile[] }) => void;
  disabled?: boolean;
}) {
  const { message } = App.useApp();
  const [preview, setPreview] = useState<string | null>(null);
  const [objectUrls] = useState(() => new Map<string, string>());

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
        maxCount={1}
        disabled={disabled}
        fileList={fileList}
        beforeUpload={(file) => {
          const problem = photoProblem(file);
          if (problem) {
            void message.error(problem);
            return Upload.LIST_IGNORE;
          }
          return false;
        }}
        onChange={({ fileList: next }) => onChange?.({ fileList: next })}
        onPreview={(file) => setPreview(previewOf(file))}
      >
        {fileList.length === 0 && (
          <button type="button" className="records-photo-button" disabled={disabled}>
            <PlusOutlined />
            <span>Add photo</span>
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
