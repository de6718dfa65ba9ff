/** A rectangle in source-image pixels, as react-easy-crop reports it. */
export interface PixelArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Profile photos are stored at most this many pixels square. */
export const PROFILE_PHOTO_SIZE = 512;
export const PROFILE_PHOTO_QUALITY = 0.9;

/** The largest square centred in an image: the crop the spec asks for before any adjustment. */
export function centredSquare(width: number, height: number): PixelArea {
  const size = Math.min(width, height);
  return { x: Math.round((width - size) / 2), y: Math.round((height - size) / 2), width: size, height: size };
}

/** The output edge: the crop's own size, but never larger than `max` (nor smaller than 1). */
export function outputSize(area: PixelArea, max = PROFILE_PHOTO_SIZE): number {
  return Math.max(1, Math.min(max, Math.round(Math.min(area.width, area.height))));
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error('The picture could not be read'));
    img.src = src;
  });
}

/** Draws the chosen square of the image on a canvas and encodes it as a JPEG data URL. */
export async function cropToJpeg(src: string, area: PixelArea | null): Promise<string> {
  const img = await loadImage(src);
  const crop = area ?? centredSquare(img.naturalWidth, img.naturalHeight);
  const size = outputSize(crop);
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('This browser cannot crop pictures');
  // JPEG has no transparency: without a background transparent pixels would turn black.
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, size, size);
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(img, crop.x, crop.y, crop.width, crop.height, 0, 0, size, size);
  return canvas.toDataURL('image/jpeg', PROFILE_PHOTO_QUALITY);
}

export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('Unreadable file'));
    reader.onerror = () => reject(reader.error ?? new Error('Unreadable file'));
    reader.readAsDataURL(file);
  });
}
