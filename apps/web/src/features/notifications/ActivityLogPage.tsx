import { NotificationOutlined } from '@ant-design/icons';
import { Card, Empty, Pagination, Spin, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { ErrorState } from '../../components/ErrorState';
import { PageHeader } from '../../components/PageHeader';
import { errorMessage } from '../../lib/api-error';
import { formatDateTime, formatRelative } from '../../lib/format-date';
import { parsePage } from '../../lib/pagination';
import { useListNotificationsQuery } from './notifications.api';

/** Activity log lines per page (spec section 9). */
export const ACTIVITY_PAGE_SIZE = 10;

export function ActivityLogPage() {
  const [params, setParams] = useSearchParams();
  const page = parsePage(params.get('page'));
  const { data, error, isLoading, isFetching, refetch } = useListNotificationsQuery({
    page,
    limit: ACTIVITY_PAGE_SIZE,
  });

  const setPage = (next: number) => setParams(next <= 1 ? {} : { page: String(next) });

  let body: ReactNode;
  if (isLoading) {
    body = (
      <div className="list-state" role="status">
        <Spin />
        <span>Loading notifications...</span>
      </div>
    );
  } else if (error) {
    body = (
      <ErrorState
        message={errorMessage(error, 'Failed to load the activity log.')}
        onRetry={() => void refetch()}
      />
    );
  } else if (!data || data.notifications.length === 0) {
    body = <Empty description="No activity yet" />;
  } else {
    body = (
      <>
        <ol
          className={`activity-list${isFetching ? ' activity-list--stale' : ''}`}
          data-testid="activity-list"
        >
          {data.notifications.map((n) => (
            <li key={n._id} className="activity-item">
              <span className="activity-item__icon" aria-hidden="true">
                <NotificationOutlined />
              </span>
              <div className="activity-item__body">
                <Typography.Text className="activity-item__message">{n.message}</Typography.Text>
                <Tooltip title={formatDateTime(n.createdAt)}>
                  <time dateTime={n.createdAt} className="activity-item__time">
                    {formatRelative(n.createdAt)} · {formatDateTime(n.createdAt)}
                  </time>
                </Tooltip>
              </div>
            </li>
          ))}
        </ol>
        <Pagination
          className="list-pagination"
          current={page}
          pageSize={data.limit}
          total={data.notificationsTotal}
          onChange={setPage}
          showSizeChanger={false}
          align="center"
        />
      </>
    );
  }

  return (
    <div className="page page--medium">
      <PageHeader title="Activity Logs" backTo="/" />
      <Card>{body}</Card>
    </div>
  );
}
