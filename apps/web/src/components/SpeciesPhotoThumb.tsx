import type { SpeciesPhoto } from '@jarog/contracts';
import { resolveAssetUrl } from '../app/runtime-config';
import { RavenIcon } from './RavenIcon';
import './photo-thumb.css';

/** The small version of a photo (the thumbnail when the server made one). */
export function thumbUrl(photo: SpeciesPhoto | undefined): string | null {
  if (!photo) return null;
  return resolveAssetUrl(photo.thumbnailUrl ?? photo.url, '');
}

/** A species' first photo at a fixed size, or the raven placeholder when it has none. */
export function SpeciesPhotoThumb({
  photo,
  alt,
  className,
}: {
  photo: SpeciesPhoto | undefined;
  alt: string;
  className: string;
}) {
  const src = thumbUrl(photo);
  return (
    <div className={`species-thumb ${className}`}>
      {src ? (
        <img src={src} alt={alt} loading="lazy" decoding="async" />
      ) : (
        <span className="species-thumb__placeholder" role="img" aria-label={`No photo of ${alt}`}>
          <RavenIcon />
        </span>
      )}
    </div>
  );
}
