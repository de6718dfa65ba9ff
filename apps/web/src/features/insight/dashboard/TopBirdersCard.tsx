import { Card, Empty, Skeleton } from 'antd';
import { useDeferredValue } from 'react';
import { Link } from 'react-router';
import { ErrorState } from '../../../components/ErrorState';
import { BirderAvatar } from '../birders/BirderAvatar';
import { useTopBirdersQuery } from '../insight.api';
import { entriesText } from '../shared/format';

/** Spec section 9: the dashboard shows the 5 top birders. */
export const TOP_ON_DASHBOARD = 5;

/** The five birders with the most approved entries on the platform. */
export function TopBirdersCard() {
  // Deferred: the answer re-renders the card in a transition (in slices), not in one blocking render.
  const { data, isLoading, error, refetch } = useDeferredValue(
    useTopBirdersQuery({ page: 1, limit: TOP_ON_DASHBOARD }),
  );
  let body: React.ReactNode;
  if (error) body = <ErrorState message="Could not load the top birders." onRetry={() => void refetch()} />;
  else if (isLoading || !data) body = <Skeleton active avatar title={false} paragraph={{ rows: 3 }} />;
  else if (data.users.length === 0)
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No birders yet" />;
  else
    body = (
      <ol className="top-birders" data-testid="top-ebirders">
        {data.users.map(({ birder, approvedCount, rank }) => (
          <li key={birder._id} className="top-birders__item">
            <span className="top-birders__rank">#{rank}</span>
            <BirderAvatar photo={birder.photo} name={birder.name} size={36} />
            <Link to={`/birders/${birder._id}`} className="top-birders__name">
              {birder.name}
            </Link>
            <span className="top-birders__count" title="Approved entries">
              {entriesText(approvedCount)} approved
            </span>
          </li>
        ))}
      </ol>
    );
  return (
    <Card className="dashboard-card" title="Top eBirders" extra={<Link to="/top-birders">View all</Link>}>
      {body}
    </Card>
  );
}
