import { createHash, randomBytes } from 'node:crypto';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import { decodeImageDataUrl, toCatalogueImages } from '../../lib/images';
import { pacer } from '../../lib/yield';

/**
 * An entry photo as sent: a web address kept as given, or image bytes (from a data URL) that are
 * re-encoded and stored. Stored files are named after a hash of the bytes sent, so a retried upload
 * of the same photo is recognised as unchanged.
 */
export type PhotoInput =
  | { kind: 'url'; url: string }
  | { kind: 'data'; bytes: Buffer; hash: string; storedUrl?: string };

const STORED = /\/media\/entries\/([0-9a-f]{32})-[0-9a-f]+\.webp$/;

/** Reads a photo field (already checked to be a data URL or http(s) address) into a PhotoInput. */
export function readPhoto(value: string | null, label: string): PhotoInput | null {
  if (!value) return null;
  if (/^https?:\/\//i.test(value)) return { kind: 'url', url: value };
  try {
    const bytes = decodeImageDataUrl(value);
    return { kind: 'data', bytes, hash: createHash('sha256').update(bytes).digest('hex').slice(0, 32) };
  } catch (err) {
    if (err instanceof AppError) throw new AppError(err.code, `${label}: ${err.message}`);
    throw err;
  }
}

/** The URL an entry ends up with for this photo (stored photos must be stored first). */
export function photoUrlOf(photo: PhotoInput | null): string | null {
  if (!photo) return null;
  if (photo.kind === 'url') return photo.url;
  if (!photo.storedUrl) throw new Error('photo not stored yet');
  return photo.storedUrl;
}

/** Whether an entry's stored photo URL already is this photo (same address, or the same image bytes). */
export function isSamePhoto(existing: string | null, photo: PhotoInput | null): boolean {
  if (!photo) return existing === null;
  if (existing === null) return false;
  if (photo.kind === 'url') return existing === photo.url;
  return STORED.exec(existing)?.[1] === photo.hash;
}

/** Only files this feature stored are ever deleted (a web address may point at anything). */
export const isStoredEntryPhoto = (url: string | null): url is string => url !== null && STORED.test(url);

/**
 * Verifies, re-encodes (WebP, at most 1600 px) and stores every data photo; on any failure the files
 * already stored are removed and the error names the photo.
 */
export async function storePhotos(
  ctx: AppContext,
  photos: Iterable<{ photo: PhotoInput | null; ref: string }>,
): Promise<string[]> {
  const stored: string[] = [];
  // A 100,000-row upload's entries mostly carry no photo: the loop gives other requests their turns.
  const pace = pacer();
  try {
    for (const { photo, ref } of photos) {
      await pace();
      if (photo?.kind !== 'data' || photo.storedUrl) continue;
      let full: Buffer;
      try {
        ({ full } = await toCatalogueImages(photo.bytes));
      } catch (err) {
        if (err instanceof AppError) throw new AppError(err.code, `${ref}: ${err.message}`);
        throw err;
      }
      const key = `entries/${photo.hash}-${randomBytes(6).toString('hex')}.webp`;
      photo.storedUrl = await ctx.storage.put(key, full, 'image/webp');
      stored.push(photo.storedUrl);
    }
  } catch (err) {
    await deletePhotos(ctx, stored);
    throw err;
  }
  return stored;
}

/** Removes stored entry photos; failures are logged, never thrown (the records are already right). */
export async function deletePhotos(ctx: AppContext, urls: Iterable<string>): Promise<void> {
  for (const url of urls) {
    if (!isStoredEntryPhoto(url)) continue;
    try {
      await ctx.storage.deleteByUrl(url);
    } catch (err) {
      ctx.logger.warn({ err, url }, 'could not delete an entry photo');
    }
  }
}
