import { Tag, Tooltip } from 'antd';
import { IUCN_COLORS, iucnText } from './species-fields';

/** The IUCN code as a coloured tag, its full name on hover; a dash when there is none. */
export function IucnTag({ status }: { status: string | null }) {
  if (!status) return <span className="species-muted">—</span>;
  return (
    <Tooltip title={iucnText(status)}>
      <Tag color={IUCN_COLORS[status] ?? 'default'}>{status}</Tag>
    </Tooltip>
  );
}
