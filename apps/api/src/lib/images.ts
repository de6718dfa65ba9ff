import type { Sharp, SharpOptions } from 'sharp';
import { AppError } from './errors';

/**
 * sharp (libvips) is loaded on the first image, not at start: it is some 35 MB of the API's memory
 * that a process which never handles a photo does not need to carry.
 */
let sharpModule: Promise<typeof import('sharp')> | undefined;
async function sharp(input: Buffer, options: SharpOptions): Promise<Sharp> {
  sharpModule ??= import('sharp');
  const { default: open } = await sharpModule;
  return open(input, options);
}

/** Largest decoded image we accept, and the largest pixel count sharp may open. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
const MAX_PIXELS = 40_000_000;
const RASTER_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);

/** Decodes a `data:image/...;base64,` URL into bytes, with clear 400s for anything else. */
export function decodeImageDataUrl(dataUrl: string): Buffer {
  const match = /^data:(image\/[a-z0-9.+-]+);base64,([a-z0-9+/=\s]+)$/i.exec(dataUrl);
  if (!match?.[2])
    throw new AppError('VALIDATION', 'Photo must be an image data URL (data:image/...;base64,...)');
  if (/svg/i.test(match[1] ?? ''))
    throw new AppError('VALIDATION', 'SVG images are not accepted; use JPEG, PNG or WebP');
  const bytes = Buffer.from(match[2], 'base64');
  if (bytes.length === 0) throw new AppError('VALIDATION', 'Photo is empty');
  if (bytes.length > MAX_IMAGE_BYTES) throw new AppError('VALIDATION', 'Photo is too large (10 MB at most)');
  return bytes;
}

async function assertRaster(bytes: Buffer): Promise<void> {
  let format: string | undefined;
  try {
    format = (await (await sharp(bytes, { limitInputPixels: MAX_PIXELS })).metadata()).format;
  } catch {
    throw new AppError('VALIDATION', 'Photo is not a readable image');
  }
  if (!format || !RASTER_FORMATS.has(format)) {
    throw new AppError('VALIDATION', 'Photo must be a JPEG, PNG, WebP, GIF, AVIF or TIFF image');
  }
}

/** Verifies the bytes are a real raster image, crops a centred square and re-encodes it as JPEG. */
export async function toSquareJpeg(bytes: Buffer, size = 512): Promise<Buffer> {
  await assertRaster(bytes);
  return (await sharp(bytes, { limitInputPixels: MAX_PIXELS }))
    .rotate()
    .resize(size, size, { fit: 'cover', position: 'centre', withoutEnlargement: false })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 85, mozjpeg: true })
    .toBuffer();
}

/** A verified image re-encoded for the catalogue: a full view (at most 1600 px) and a 400 px thumbnail, as WebP. */
export async function toCatalogueImages(bytes: Buffer): Promise<{ full: Buffer; thumbnail: Buffer }> {
  await assertRaster(bytes);
  const base = async () => (await sharp(bytes, { limitInputPixels: MAX_PIXELS })).rotate();
  const [full, thumbnail] = await Promise.all([
    (await base())
      .resize(1600, 1600, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer(),
    (await base()).resize(400, 260, { fit: 'cover', position: 'attention' }).webp({ quality: 75 }).toBuffer(),
  ]);
  return { full, thumbnail };
}
