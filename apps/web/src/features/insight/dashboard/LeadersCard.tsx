import { ArrowDownOutlined, DownloadOutlined } from '@ant-design/icons';
import { DZONGKHAG_NAMES } from '@jarog/contracts';
import { Button, Card } from 'antd';
import { useDeferredValue, useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorState } from '../../../components/ErrorState';
import { csvUrl } from '../../../lib/csv-download';
import { useCsvDownload } from '../../../lib/use-csv-download';
import { BarChart } from '../charts/BarChart';
import { horizontalHeight, seriesRows } from '../charts/chart-data';
import { LEADERS_PATHS, type LeadersMetric, useDistrictLeadersQuery } from '../insight.api';
import { checklistsOf } from '../map/links';
import { ChangeBadge } from '../shared/ChangeBadge';
import { numberText } from '../shared/format';
import { LoadingBlock } from '../shared/LoadingBlock';
import { PeriodSelect } from '../shared/PeriodSelect';
import { currentPeriod, periodLabel, type YearMonth } from '../shared/period';

const TITLES: Record<LeadersMetric, string> = {
  species: 'Species Leaders',
  checklists: 'Checklists Leaders',
};
/** Spec section 9: the export files. */
export const LEADERS_FILES: Record<LeadersMetric, string> = {
  species: 'district_species_count.csv',
  checklists: 'district_checklists_count.csv',
};
const UNITS: Record<LeadersMetric, string> = { species: 'Species', checklists: 'Checklists' };
/**
 * One row per dzongkhag, largest first, names written in full beside their bars and each bar's number at its end.
 * Upright columns left no room for either: at 412 px only every other name was written (the rest hidden), turned
 * on end, and the numbers ran into each other ('696695688674').
 */
const leadersHeight = (rows: number) => horizontalHeight(rows, 20, 160);

/**
 * Species (or checklists) per dzongkhag for one month, largest first, with the month-over-month change
 * and an export. Clicking a bar opens that dzongkhag's checklists.
 */
export function LeadersCard({ metric }: { metric: LeadersMetric }) {
  const navigate = useNavigate();
  const [period, setPeriod] = useState<YearMonth>(() => currentPeriod());
  // Deferred: an answer re-renders the card in a transition (in slices), not in one blocking render.
  const { currentData, isFetching, error, refetch } = useDeferredValue(
    useDistrictLeadersQuery({ metric, ...period }),
  );
  const csv = useCsvDownload();
  const title = TITLES[metric];
  const series = currentData?.result[0];

  // Until the numbers come, an invisible summary of the same shape holds their place: the chart below does not
  // move down when they arrive (on a phone the summary takes two lines; the layout shift cost Lighthouse points).
  let summary: React.ReactNode = (
    <div className="leaders-card__summary" aria-hidden="true" style={{ visibility: 'hidden' }}>
      <span className="insight-change">
        <ArrowDownOutlined /> <strong>00.00%</strong> than last month
      </span>
      <span className="leaders-card__total">
        000 {UNITS[metric].toLowerCase()} in {periodLabel(period)}
      </span>
    </div>
  );
  let body: React.ReactNode;
  if (error) {
    summary = null;
    body = (
      <ErrorState message={`Could not load the ${title.toLowerCase()}.`} onRetry={() => void refetch()} />
    );
  } else if (!currentData) {
    // As tall as a month with every dzongkhag: the cards below do not move when the chart comes.
    body = <LoadingBlock height={leadersHeight(DZONGKHAG_NAMES.length)} label={`Loading the ${title}`} />;
  } else {
    const rows = seriesRows(series);
    summary = (
      <div className="leaders-card__summary">
        <ChangeBadge change={currentData.changeResult} />
        <span className="leaders-card__total">
          {numberText(currentData.changeResult.currentMonthCount)} {UNITS[metric].toLowerCase()} in{' '}
          {periodLabel(period)}
        </span>
      </div>
    );
    body = (
      <BarChart
        label={`${title}, ${periodLabel(period)}`}
        rows={rows}
        orientation="horizontal"
        valueName={UNITS[metric]}
        height={leadersHeight(rows.length)}
        onBarClick={(dzongkhag) => void navigate(checklistsOf(dzongkhag))}
      />
    );
  }

  return (
    <Card
      className="leaders-card"
      data-testid={`leaders-${metric}`}
      title={title}
      extra={
        <Button
          type="link"
          size="small"
          icon={<DownloadOutlined />}
          loading={csv.busy}
          onClick={() =>
            void csv.run(
              csvUrl(LEADERS_PATHS[metric], { year: period.year, month: period.month }),
              LEADERS_FILES[metric],
            )
          }
        >
          Export CSV
        </Button>
      }
    >
      <div className="insight-toolbar">
        {summary ?? <span />}
        <PeriodSelect value={period} onChange={setPeriod} labelPrefix={title} />
      </div>
      <div className={isFetching ? 'insight-stale' : undefined}>{body}</div>
    </Card>
  );
}
