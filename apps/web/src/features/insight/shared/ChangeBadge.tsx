import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import type { ChangeResult } from '@jarog/contracts';
import { changeView } from './format';

/** '↑ 12.5% than last month' (up, green, when the change is 0 or more; down, red, otherwise). */
export function ChangeBadge({ change }: { change: ChangeResult }) {
  const view = changeView(change.percentageChange);
  return (
    <span
      className={`insight-change insight-change--${view.direction}`}
      data-testid="change"
      title={`${change.currentMonthCount} this month, ${change.previousMonthCount} the month before`}
    >
      {view.direction === 'up' ? (
        <ArrowUpOutlined aria-label="up" />
      ) : (
        <ArrowDownOutlined aria-label="down" />
      )}{' '}
      <strong>{view.text}</strong> than last month
    </span>
  );
}
