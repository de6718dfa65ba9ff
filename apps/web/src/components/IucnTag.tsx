import { Tag, Tooltip } from 'antd';
import { IUCN_COLORS, iucnText } from '../lib/iucn';

/** The IUCN code as a coloured tag, its full name on hover; a dash when there is none. */
export function IucnTag({ status }: { status: string | null }) {
  if (!status) return <span style={{ color: 'rgba(0, 0, 0, 0.35)' }}>—</span>;
  return (
    <Tooltip title={iucnText(status)}>
      <Tag color={IUCN_COLORS[status] ?? 'default'}>{status}</Tag>
    </Tooltip>
  );
}
