import { Modal, Slider, Typography } from 'antd';
import { useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import { cropToJpeg, type PixelArea } from './crop-image';

interface PhotoCropModalProps {
  /** The picked picture as a data URL; the modal is open while it is set. */
  src: string | null;
  onCancel: () => void;
  onCropped: (jpegDataUrl: string) => void;
}

/** Crop the picked picture to a square (centred to start with) before it becomes the profile photo. */
export function PhotoCropModal({ src, onCancel, onCropped }: PhotoCropModalProps) {
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<PixelArea | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const reset = () => {
    setCrop({ x: 0, y: 0 });
    setZoom(1);
    setArea(null);
    setError(null);
  };

  const apply = async () => {
    if (!src) return;
    setBusy(true);
    try {
      onCropped(await cropToJpeg(src, area));
      reset();
    } catch (err) {
      setError(err instanceof Error ? err.message : 'The picture could not be cropped');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={src !== null}
      title="Crop your photo"
      okText="Use photo"
      onOk={apply}
      onCancel={() => {
        reset();
        onCancel();
      }}
      okButtonProps={{ loading: busy, disabled: busy }}
      destroyOnHidden
      width={480}
    >
      <div className="crop-area" data-testid="crop-area">
        {src && (
          <Cropper
            image={src}
            crop={crop}
            zoom={zoom}
            aspect={1}
            cropShape="round"
            showGrid={false}
            onCropChange={setCrop}
            onZoomChange={setZoom}
            onCropComplete={(_area: Area, pixels: Area) => setArea(pixels)}
          />
        )}
      </div>
      <div className="crop-zoom">
        <Typography.Text type="secondary">Zoom</Typography.Text>
        <Slider min={1} max={3} step={0.05} value={zoom} onChange={setZoom} aria-label="Zoom" />
      </div>
      {error && <Typography.Text type="danger">{error}</Typography.Text>}
    </Modal>
  );
}
