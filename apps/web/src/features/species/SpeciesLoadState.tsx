import { Card, Result, Skeleton } from 'antd';
import { Link } from 'react-router';
import { ErrorState } from '../../components/ErrorState';
import { errorMessage, errorStatus } from '../../lib/api-error';

/** The loading, not-found and error states of a page that loads one species by id. */
export function SpeciesLoadState({
  isLoading,
  error,
  refetch,
  rows,
}: {
  isLoading: boolean;
  error: unknown;
  refetch: () => unknown;
  rows: number;
}) {
  if (isLoading) {
    return (
      <Card>
        <Skeleton active paragraph={{ rows }} />
      </Card>
    );
  }
  if (!error) return null;
  const status = errorStatus(error);
  if (status === 404 || status === 400) {
    return (
      <Card>
        <Result
          status="404"
          title="Species not found"
          subTitle="This species does not exist, or it was deleted."
          extra={<Link to="/species">Back to the species list</Link>}
        />
      </Card>
    );
  }
  return (
    <ErrorState
      message={errorMessage(error, 'Failed to load this species.')}
      onRetry={() => void refetch()}
    />
  );
}
