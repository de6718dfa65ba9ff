import { Avatar } from 'antd';
import { resolveAssetUrl } from '../../../app/runtime-config';
import defaultAvatar from '../../../assets/default-avatar.svg';

/** A birder's photo, or the default image when there is none (spec section 2). */
export function BirderAvatar({ photo, name, size }: { photo: string | null; name: string; size: number }) {
  return <Avatar src={resolveAssetUrl(photo, defaultAvatar)} alt={`Photo of ${name}`} size={size} />;
}
