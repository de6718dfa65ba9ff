import { Card, Empty, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { ErrorState } from '../../../components/ErrorState';
import { PageHeader } from '../../../components/PageHeader';
import { useTopBirdersQuery } from '../insight.api';
import { ListFooter } from '../shared/ListFooter';
import { BirderCards } from './BirdersListPage';
import { parsePaging } from './birders-list-state';
import { useDeleteBirder } from './use-delete-birder';
import '../insight.css';
import { numberText } from '../shared/format';

/**
 * Spec section 2, Top birders: every birder ranked by approved entries on the whole platform ('#n' is the
 * platform rank the API gives, so it runs on across pages), with the same cards and delete.
 */
export function TopBirdersPage() {
  const [params, setParams] = useSearchParams();
  const paging = parsePaging(params);
  const { data, currentData, error, isLoading, isFetching, refetch } = useTopBirdersQuery(paging);
  const confirmDelete = useDeleteBirder();
  const shown = currentData ?? data;

  const change = ({ page, limit }: { page?: number; limit?: number }) => {
    const next = new URLSearchParams();
    const p = page ?? paging.page;
    const l = limit ?? paging.limit;
    if (p > 1) next.set('page', String(p));
    if (l !== 5) next.set('limit', String(l));
    setParams(next);
  };

  let body: ReactNode;
  if (error) body = <ErrorState message="Could not load the top birders." onRetry={() => void refetch()} />;
  else if (isLoading || !shown) body = <Skeleton active avatar paragraph={{ rows: 4 }} />;
  else if (shown.users.length === 0) body = <Empty description="No birders have signed up yet" />;
  else body = <BirderCards users={shown.users} onDelete={confirmDelete} stale={isFetching} />;

  return (
    <div className="page birders-page">
      <PageHeader title={`Top Birders${data ? ` (${numberText(data.birderTotal)})` : ''}`} backTo="/" />
      <Card>
        <div className="insight-results">{body}</div>
        {shown && !error && (
          <ListFooter
            page={paging.page}
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
