import { Image } from 'antd';
import { resolveAssetUrl } from '../../app/runtime-config';
import { RavenIcon } from '../../components/RavenIcon';

/** An entry's photo as a small thumbnail that opens full screen, or a quiet placeholder when there is none. */
export function EntryPhoto({ url, alt }: { url: string | null; alt: string }) {
  const src = resolveAssetUrl(url, '');
  if (!src)
    return (
      <span className="entry-photo entry-photo--none" role="img" aria-label={`No photo of ${alt}`}>
        <RavenIcon />
      </span>
    );
  return (
    <span className="entry-photo">
      <Image src={src} alt={`Photo of ${alt}`} width={56} height={42} loading="lazy" />
    </span>
  );
}
