import { DownloadOutlined } from '@ant-design/icons';
import type { BirderListItem } from '@jarog/contracts';
import { Button, Card, Empty, Select, Skeleton, Typography } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { DebouncedSearch } from '../../../components/DebouncedSearch';
import { ErrorState } from '../../../components/ErrorState';
import { FlashMessage } from '../../../components/FlashMessage';
import { PageHeader } from '../../../components/PageHeader';
import { csvUrl } from '../../../lib/csv-download';
import { clampPage } from '../../../lib/pagination';
import { useCsvDownload } from '../../../lib/use-csv-download';
import { useListBirdersQuery } from '../insight.api';
import { ListFooter } from '../shared/ListFooter';
import { BirderCard } from './BirderCard';
import { birdersFilterParams, birdersQuery } from './birders-list-state';
import { useBirdersListState } from './use-birders-list-state';
import { useDeleteBirder } from './use-delete-birder';
import '../insight.css';
import { numberText } from '../shared/format';

export const BIRDERS_FILE = 'birders.csv';

/** The cards of a page of birders, or its loading, empty and error states. */
export function BirderCards({
  users,
  onDelete,
  stale,
}: {
  users: (BirderListItem & { rank?: number })[];
  onDelete: (birder: BirderListItem['birder']) => void;
  stale: boolean;
}) {
  return (
    <ul className={`birder-cards${stale ? ' insight-stale' : ''}`} data-testid="birder-cards">
      {users.map((item) => (
        <li key={item.birder._id}>
          <BirderCard item={item} onDelete={onDelete} />
        </li>
      ))}
    </ul>
  );
}

/** Spec section 2, Birders list: 'Total Birders (count)', export, name search, country filter, cards. */
export function BirdersListPage() {
  const [state, change] = useBirdersListState();
  const { data, currentData, error, isLoading, isFetching, refetch } = useListBirdersQuery(
    birdersQuery(state),
  );
  const confirmDelete = useDeleteBirder();
  const csv = useCsvDownload();
  const filtered = Boolean(state.birder || state.country);
  const shown = currentData ?? data;

  // After deleting the last birder of the last page (or a page past the end), step back.
  const lastPage = currentData
    ? clampPage(state.page, currentData.foundTotal, currentData.limit)
    : state.page;
  useEffect(() => {
    if (currentData && currentData.users.length === 0 && state.page > lastPage) change({ page: lastPage });
  });

  let body: ReactNode;
  if (error) body = <ErrorState message="Could not load the birders." onRetry={() => void refetch()} />;
  else if (isLoading || !shown) body = <Skeleton active avatar paragraph={{ rows: 4 }} />;
  else if (shown.users.length === 0 && !isFetching)
    body = filtered ? (
      <Empty description="No birders match these filters">
        <Button onClick={() => change({ birder: '', country: '' })}>Clear filters</Button>
      </Empty>
    ) : (
      <Empty description="No birders have signed up yet" />
    );
  else body = <BirderCards users={shown.users} onDelete={confirmDelete} stale={isFetching} />;

  const countries = [...new Set([...(data?.countries ?? []), ...(state.country ? [state.country] : [])])];
  return (
    <div className="page birders-page">
      <PageHeader
        title="Birders"
        extra={
          <Button
            icon={<DownloadOutlined />}
            loading={csv.busy}
            onClick={() => void csv.run(csvUrl('/api/v1/birders', birdersFilterParams(state)), BIRDERS_FILE)}
          >
            Export to CSV
          </Button>
        }
      />
      <FlashMessage />
      <Card
        title={
          <Typography.Title level={4} className="insight-card-title">
            Total Birders{data ? ` (${numberText(data.birderTotal)})` : ''}
          </Typography.Title>
        }
      >
        <div className="birders-filters">
          <DebouncedSearch
            className="birders-filters__search"
            value={state.birder}
            onCommit={(birder) => change({ birder })}
            placeholder="Search bird observer name"
            label="Search bird observer name"
          />
          <Select
            className="birders-filters__country"
            aria-label="Country"
            placeholder="Country"
            allowClear
            showSearch
            value={state.country || undefined}
            onChange={(country?: string) => change({ country: country ?? '' })}
            options={countries.map((c) => ({ value: c, label: c }))}
          />
        </div>
        <div className="insight-results">{body}</div>
        {shown && !error && (
          <ListFooter
            page={state.page}
            limit={shown.limit}
            onPage={shown.users.length}
            total={shown.foundTotal}
            noun="Birders"
            onChange={change}
          />
        )}
      </Card>
    </div>
  );
}
