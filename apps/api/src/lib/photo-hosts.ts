import { AppError } from './errors';

/**
 * Photos given as web addresses (the birders' app uploads to Cloudinary and sends the address) are
 * kept only when they are `https` on a configured host (PHOTO_URL_HOSTS, default res.cloudinary.com):
 * anything else is a 400, so records never point at arbitrary or plain-http places.
 */
export function checkPhotoUrl(url: string, hosts: readonly string[], label: string): string {
  const parsed = URL.canParse(url) ? new URL(url) : undefined;
  if (
    parsed?.protocol !== 'https:' ||
    parsed.username !== '' ||
    parsed.password !== '' ||
    !hosts.includes(parsed.hostname.toLowerCase())
  ) {
    throw new AppError(
      'VALIDATION',
      `${label} must be an https address on ${hosts.join(', ') || 'no configured host'} (or an image)`,
    );
  }
  return url;
}

/** Whether a photo value is a web address (as opposed to an image data URL). */
export const isWebAddress = (value: string): boolean => /^[a-z][a-z0-9+.-]*:\/\//i.test(value);
