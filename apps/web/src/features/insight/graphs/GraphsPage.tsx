import { MONTH_LABELS } from '@jarog/contracts/constants';
import { Card, Segmented, Select } from 'antd';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { ErrorState } from '../../../components/ErrorState';
import { PageHeader } from '../../../components/PageHeader';
import { BarChart } from '../charts/BarChart';
import { type ChartRow, horizontalHeight, largestFirst, namesText, seriesRows } from '../charts/chart-data';
import {
  useBirdsCountYearQuery,
  useDistrictSpeciesCountQuery,
  useSpeciesCountMonthsQuery,
} from '../insight.api';
import { LoadingBlock } from '../shared/LoadingBlock';
import { MonthSelect, YearSelect } from '../shared/PeriodSelect';
import { MONTH_NAMES } from '../shared/period';
import {
  BIRD_LIMITS,
  type GraphsState,
  MAX_PLACES,
  PLACE_LABELS,
  PLACE_TYPES,
  type PlaceType,
  parseGraphsState,
  RESULT_OF,
  toGraphsParams,
} from './graphs-state';
import '../insight.css';
import { numberText } from '../shared/format';

/** Spec section 8: the graphs' load failure says what the species list's does. */
export const GRAPH_LOAD_ERROR = 'Failed to fetch species list. Please try again later.';

function Loading({ height }: { height: number }) {
  return <LoadingBlock height={height} label="Loading the chart" />;
}

function SpeciesPerMonth({ year }: { year: number }) {
  const { currentData, error, refetch, isFetching } = useSpeciesCountMonthsQuery(year);
  const series = currentData?.result.find((r) => r.year === year) ?? currentData?.result[0];
  let body: ReactNode;
  if (error) body = <ErrorState message={GRAPH_LOAD_ERROR} onRetry={() => void refetch()} />;
  else if (!currentData) body = <Loading height={320} />;
  else {
    const rows: ChartRow[] = (series?.labels ?? MONTH_LABELS).map((label, i) => {
      const names = namesText(series?.birdNames[i]);
      return {
        label,
        value: series?.data[i] ?? 0,
        details: [
          { name: 'Birds counted', value: numberText(series?.totalBirdCount[i] ?? 0) },
          ...(names ? [{ name: 'Seen', value: names }] : []),
        ],
      };
    });
    body = (
      <BarChart
        label={`Species per month, ${year}`}
        rows={rows}
        orientation="vertical"
        valueName="Species"
        height={320}
      />
    );
  }
  return (
    <Card
      title={`Species per month, ${year}`}
      className={isFetching ? 'insight-stale' : undefined}
      data-testid="graph-months"
    >
      {body}
    </Card>
  );
}

function SpeciesPerPlace({
  state,
  change,
}: {
  state: GraphsState;
  change: (c: Partial<GraphsState>) => void;
}) {
  const { currentData, error, refetch, isFetching } = useDistrictSpeciesCountQuery({
    year: state.year,
    month: state.month,
    limit: MAX_PLACES,
  });
  const series = currentData?.[RESULT_OF[state.place]][0];
  const all = largestFirst(seriesRows(series)).filter((r) => r.value > 0);
  const rows = all.slice(0, MAX_PLACES);
  const when = state.month ? `${MONTH_NAMES[state.month - 1]} ${state.year}` : String(state.year);
  let body: ReactNode;
  if (error) body = <ErrorState message={GRAPH_LOAD_ERROR} onRetry={() => void refetch()} />;
  else if (!currentData) body = <Loading height={360} />;
  else
    body = (
      <>
        <BarChart
          label={`Species per ${PLACE_LABELS[state.place].toLowerCase()}, ${when}`}
          rows={rows}
          orientation="horizontal"
          valueName="Species"
          height={horizontalHeight(rows.length)}
        />
        {state.place !== 'dzongkhag' && rows.length >= MAX_PLACES && (
          <p className="insight-note">
            The {MAX_PLACES} {state.place === 'village' ? 'villages' : `${state.place}s`} with the most
            species.
          </p>
        )}
      </>
    );
  return (
    <Card title={`Species by ${PLACE_LABELS[state.place].toLowerCase()}, ${when}`} data-testid="graph-places">
      <div className="insight-toolbar">
        <Segmented<PlaceType>
          aria-label="Type"
          value={state.place}
          onChange={(place) => change({ place })}
          options={PLACE_TYPES.map((p) => ({ value: p, label: PLACE_LABELS[p] }))}
        />
        <MonthSelect
          value={state.month}
          onChange={(month) => change({ month })}
          allowWholeYear
          label="Places month"
        />
      </div>
      <div className={isFetching ? 'insight-stale' : undefined}>{body}</div>
    </Card>
  );
}

function BirdsCounted({ state, change }: { state: GraphsState; change: (c: Partial<GraphsState>) => void }) {
  const { currentData, error, refetch, isFetching } = useBirdsCountYearQuery({
    year: state.year,
    limit: state.birds,
  });
  const entry = currentData?.[String(state.year)];
  const rows: ChartRow[] = (entry?.birdNames ?? []).map((label, i) => ({
    label,
    value: entry?.totalCounts[i] ?? 0,
  }));
  let body: ReactNode;
  if (error) body = <ErrorState message={GRAPH_LOAD_ERROR} onRetry={() => void refetch()} />;
  else if (!currentData) body = <Loading height={400} />;
  else
    body = (
      <BarChart
        label={`Birds counted per species, ${state.year}`}
        rows={rows}
        orientation="horizontal"
        valueName="Birds counted"
        height={horizontalHeight(rows.length)}
      />
    );
  return (
    <Card
      title={`Birds counted, ${state.year}`}
      className={isFetching ? 'insight-stale' : undefined}
      data-testid="graph-birds"
      extra={
        <Select<number>
          className="insight-select"
          size="small"
          aria-label="Birds shown"
          value={state.birds}
          onChange={(birds) => change({ birds })}
          options={BIRD_LIMITS.map((n) => ({ value: n, label: `Top ${n}` }))}
        />
      }
    >
      {body}
    </Card>
  );
}

/** Spec section 2, Graphs ('No. of Species Observed'): per month, per place (type select), per bird. */
export function GraphsPage() {
  const [params, setParams] = useSearchParams();
  const state = parseGraphsState(params);
  const change = (c: Partial<GraphsState>) =>
    setParams((prev) => toGraphsParams({ ...parseGraphsState(prev), ...c }), { preventScrollReset: true });
  return (
    <div className="page graphs-page">
      <PageHeader
        title="No. of Species Observed"
        extra={<YearSelect value={state.year} onChange={(year) => change({ year })} />}
      />
      <SpeciesPerMonth year={state.year} />
      <div className="dashboard__grid dashboard__grid--halves">
        <SpeciesPerPlace state={state} change={change} />
        <BirdsCounted state={state} change={change} />
      </div>
    </div>
  );
}
