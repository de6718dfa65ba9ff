import { Card, Segmented } from 'antd';
import { lazy, Suspense, useDeferredValue, useMemo, useState } from 'react';
import { ErrorState } from '../../../components/ErrorState';
import { type LeadersMetric, useDistrictLeadersQuery } from '../insight.api';
import { valuesByPlace } from '../map/map-scale';
import { LoadingBlock } from '../shared/LoadingBlock';
import { PeriodSelect } from '../shared/PeriodSelect';
import { currentPeriod, periodLabel, type YearMonth } from '../shared/period';

// The boundaries (and the code that draws them) load with the first map, not with the console.
const DzongkhagMap = lazy(() => import('../map/DzongkhagMap').then((m) => ({ default: m.DzongkhagMap })));

const UNITS: Record<LeadersMetric, readonly [string, string]> = {
  species: ['species', 'species'],
  checklists: ['checklist', 'checklists'],
};

const mapSkeleton = <LoadingBlock height={320} label="Loading the map" />;

/** Bhutan's dzongkhags shaded by species or checklists in one month; a dzongkhag opens its checklists. */
export function DzongkhagMapCard() {
  const [metric, setMetric] = useState<LeadersMetric>('species');
  const [period, setPeriod] = useState<YearMonth>(() => currentPeriod());
  // Deferred: an answer re-renders the card in a transition (in slices), not in one blocking render.
  const { currentData, isFetching, error, refetch } = useDeferredValue(
    useDistrictLeadersQuery({ metric, ...period }),
  );
  const series = currentData?.result[0];
  const values = useMemo(() => valuesByPlace(series?.labels ?? [], series?.data ?? []), [series]);

  let body: React.ReactNode;
  if (error) body = <ErrorState message="Could not load the map's numbers." onRetry={() => void refetch()} />;
  else if (!currentData) body = mapSkeleton;
  else
    body = (
      <Suspense fallback={mapSkeleton}>
        <DzongkhagMap values={values} unit={UNITS[metric]} periodText={periodLabel(period)} />
      </Suspense>
    );

  return (
    <Card className="dashboard-card map-card" title="Dzongkhags">
      <div className="insight-toolbar">
        <Segmented<LeadersMetric>
          aria-label="Shade by"
          value={metric}
          onChange={setMetric}
          options={[
            { value: 'species', label: 'Species' },
            { value: 'checklists', label: 'Checklists' },
          ]}
        />
        <PeriodSelect value={period} onChange={setPeriod} labelPrefix="Map" />
      </div>
      <div className={isFetching ? 'insight-stale' : undefined}>{body}</div>
    </Card>
  );
}
