import { ArrowRightOutlined } from '@ant-design/icons';
import type { Entry } from '@jarog/contracts';
import { Card, Empty, Skeleton } from 'antd';
import { useDeferredValue } from 'react';
import { Link } from 'react-router';
import { resolveAssetUrl } from '../../../app/runtime-config';
import { ErrorState } from '../../../components/ErrorState';
import { RavenIcon } from '../../../components/RavenIcon';
import { useLatestEntriesQuery } from '../insight.api';
import { placeText, shortDate } from '../shared/format';
import { usePageVisible } from '../shared/use-page-visible';

/** Spec section 9: 5 latest entries, refreshed every 10 s. */
export const LATEST_LIMIT = 5;
export const LATEST_REFRESH_MS = 10_000;

function Sighting({ entry }: { entry: Entry }) {
  const start = entry.StartbirdingData[0];
  const place = start?.EndpointLocation[0];
  const photo = resolveAssetUrl(start?.photo, '');
  return (
    <li className="sighting">
      <span className="sighting__photo">
        {photo ? (
          <img src={photo} alt={entry.BirdName} loading="lazy" decoding="async" />
        ) : (
          <span role="img" aria-label={`No photo of ${entry.BirdName}`}>
            <RavenIcon />
          </span>
        )}
      </span>
      <span className="sighting__text">
        <span className="sighting__bird">{entry.BirdName}</span>
        <span className="sighting__place">{place ? placeText(place) || '—' : '—'}</span>
      </span>
      <time className="sighting__date" dateTime={start?.selectedDate}>
        {shortDate(start?.selectedDate)}
      </time>
    </li>
  );
}

/** The newest approved entries, kept fresh while the page is in view. */
export function LatestSightingsCard() {
  const visible = usePageVisible();
  // Deferred: each answer re-renders the card in a transition (in slices), not in one blocking render.
  const { data, isLoading, error, refetch } = useDeferredValue(
    useLatestEntriesQuery(LATEST_LIMIT, {
      pollingInterval: visible ? LATEST_REFRESH_MS : 0,
      skipPollingIfUnfocused: true,
    }),
  );
  let body: React.ReactNode;
  if (error && !data)
    body = <ErrorState message="Could not load the latest sightings." onRetry={() => void refetch()} />;
  else if (isLoading || !data) body = <Skeleton active avatar title={false} paragraph={{ rows: 4 }} />;
  else if (data.checklists.length === 0)
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No approved sightings yet" />;
  else
    body = (
      <ul className="sightings" data-testid="latest-sightings">
        {data.checklists.map((e) => (
          <Sighting key={e._id} entry={e} />
        ))}
      </ul>
    );
  return (
    <Card
      className="dashboard-card"
      title="Latest Sightings"
      extra={
        <Link to="/entries" className="icon-link" aria-label="All entries">
          <ArrowRightOutlined />
        </Link>
      }
    >
      {body}
    </Card>
  );
}
