import type { Species } from '@jarog/contracts';
import { Card, Typography } from 'antd';
import { Link } from 'react-router';
import { SpeciesPhotoThumb } from '../../components/SpeciesPhotoThumb';
import { SpeciesActions } from './SpeciesActions';

/** The card view (the simpler variant): photo or placeholder in a 200 × 130 area, names, IUCN status. */
export function SpeciesCards({
  species,
  onDelete,
  stale,
}: {
  species: Species[];
  onDelete: (s: Species) => void;
  stale: boolean;
}) {
  return (
    <ul className={`species-cards${stale ? ' species-results--stale' : ''}`} data-testid="species-cards">
      {species.map((s) => (
        <li key={s._id}>
          <Card
            size="small"
            className="species-card"
            cover={
              <Link to={`/species/${s._id}`} tabIndex={-1} aria-hidden="true">
                <SpeciesPhotoThumb photo={s.photos[0]} alt={s.englishName} className="species-thumb--card" />
              </Link>
            }
          >
            <Link to={`/species/${s._id}`} className="species-card__name">
              {s.englishName}
            </Link>
            <Typography.Text italic type="secondary" className="species-card__sci">
              {s.scientificName || '—'}
            </Typography.Text>
            <div className="species-card__iucn">IUCN Status: {s.iucnStatus || '—'}</div>
            <div className="species-card__actions">
              <SpeciesActions species={s} onDelete={onDelete} />
            </div>
          </Card>
        </li>
      ))}
    </ul>
  );
}
