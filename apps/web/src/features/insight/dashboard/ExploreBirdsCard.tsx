import { Card, Empty, Skeleton } from 'antd';
import { useDeferredValue } from 'react';
import { Link } from 'react-router';
import { ErrorState } from '../../../components/ErrorState';
import { IucnTag } from '../../../components/IucnTag';
import { SpeciesPhotoThumb } from '../../../components/SpeciesPhotoThumb';
import { useExploreSpeciesQuery } from '../insight.api';

/** Spec section 9: three species to explore. */
export const EXPLORE_LIMIT = 3;

/** Three species from the catalogue, each opening its page, and a way to the whole list. */
export function ExploreBirdsCard() {
  // Deferred: the answer re-renders the card in a transition (in slices), not in one blocking render.
  const { data, isLoading, error, refetch } = useDeferredValue(useExploreSpeciesQuery(EXPLORE_LIMIT));
  let body: React.ReactNode;
  if (error) body = <ErrorState message="Could not load the species." onRetry={() => void refetch()} />;
  else if (isLoading || !data) body = <Skeleton active title={false} paragraph={{ rows: 3 }} />;
  else if (data.species.length === 0)
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No species in the catalogue yet" />;
  else
    body = (
      <ul className="explore-birds" data-testid="explore-birds">
        {data.species.map((s) => (
          <li key={s._id}>
            <Link to={`/species/${s._id}`} className="explore-birds__item">
              <SpeciesPhotoThumb photo={s.photos[0]} alt={s.englishName} className="explore-birds__photo" />
              <span className="explore-birds__name">{s.englishName}</span>
            </Link>
            <IucnTag status={s.iucnStatus} />
          </li>
        ))}
      </ul>
    );
  return (
    <Card className="dashboard-card" title="Explore Birds" extra={<Link to="/species">All species</Link>}>
      {body}
    </Card>
  );
}
