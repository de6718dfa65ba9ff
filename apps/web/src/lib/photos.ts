/** Photos are re-encoded by the server; a large one is first scaled down here so the request stays small. */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
/** The server keeps at most 1600 px; scaling to that here changes nothing it stores. */
export const MAX_PHOTO_EDGE = 1600;
/** Files below this size are sent as they are. */
const SEND_AS_IS_BYTES = 1.5 * 1024 * 1024;
/** At most this many photos in one request (the API's rule). */
export const MAX_PHOTOS_PER_REQUEST = 10;

/** Why a picked file cannot be a species photo, or null when it can. */
export function photoProblem(file: { name: string; type: string; size: number }): string | null {
  if (!file.type.startsWith('image/')) return `${file.name} is not an image`;
  if (/svg/i.test(file.type)) return 'SVG images are not accepted; use JPEG, PNG or WebP';
  if (file.size > MAX_PHOTO_BYTES) return `${file.name} is too large (10 MB at most)`;
  return null;
}

/** The size to draw an image at so that its longer edge is at most `max` (never enlarged). */
export function fitWithin(width: number, height: number, max = MAX_PHOTO_EDGE) {
  const scale = Math.min(1, max / Math.max(width, height, 1));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('Unreadable file'));
    reader.onerror = () => reject(reader.error ?? new Error('Unreadable file'));
    reader.readAsDataURL(file);
  });
}

/**
 * The photo as a data URL for the API. Small files go as they are (the server verifies them); large ones are
 * drawn at most 1600 px on a white background and sent as JPEG, so several phone photos fit one request.
 */
export async function photoDataUrl(file: File): Promise<string> {
  if (file.size <= SEND_AS_IS_BYTES) return readAsDataUrl(file);
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    // Not decodable here: let the server give its own clear answer about it.
    return readAsDataUrl(file);
  }
  const { width, height } = fitWithin(bitmap.width, bitmap.height);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) return readAsDataUrl(file);
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  return canvas.toDataURL('image/jpeg', 0.9);
}

/** The photos picked in an upload list (files not yet sent), as data URLs in their order. */
export function pickedPhotoDataUrls(files: readonly { originFileObj?: File }[]): Promise<string[]> {
  return Promise.all(files.flatMap((f) => (f.originFileObj ? [photoDataUrl(f.originFileObj)] : [])));
}
