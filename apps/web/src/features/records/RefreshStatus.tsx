import { Badge } from 'antd';
import { TIME_ZONE, TIME_ZONE_LABEL } from '../../lib/format-date';

const clock = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  timeZone: TIME_ZONE,
});

/** "Live · updated 14:05:10": the list refreshes itself every 10 s while the tab is in view. */
export function RefreshStatus({
  visible,
  at,
  failed,
}: {
  visible: boolean;
  at: number | undefined;
  failed: boolean;
}) {
  const when = at ? ` · updated ${clock.format(at)} ${TIME_ZONE_LABEL}` : '';
  let status: 'processing' | 'default' | 'warning' = 'processing';
  let text = `Refreshes every 10 s${when}`;
  if (failed) {
    status = 'warning';
    text = `Could not refresh, retrying${when}`;
  } else if (!visible) {
    status = 'default';
    text = `Paused while the tab is hidden${when}`;
  }
  return (
    <span className="records-refresh" data-testid="refresh-status">
      <Badge status={status} text={text} />
    </span>
  );
}
