import { EditOutlined } from '@ant-design/icons';
import { SPECIES_TEXT_FIELDS, type Species } from '@jarog/contracts';
import { Button, Card, Descriptions, Empty, Image } from 'antd';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { resolveAssetUrl } from '../../app/runtime-config';
import { FlashMessage } from '../../components/FlashMessage';
import { IucnTag } from '../../components/IucnTag';
import { PageHeader } from '../../components/PageHeader';
import { RavenIcon } from '../../components/RavenIcon';
import { thumbUrl } from '../../components/SpeciesPhotoThumb';
import { SpeciesLoadState } from './SpeciesLoadState';
import { useGetSpeciesQuery, useGetSpeciesStatsQuery } from './species.api';
import { iucnText, SPECIES_FIELD_LABELS } from './species-fields';
import './species.css';

/** "1 approved record", "19 approved records". */
export const recordsText = (n: number) =>
  `${n.toLocaleString('en')} approved ${n === 1 ? 'record' : 'records'}`;

export function SpeciesDetailsPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { data: species, error, isLoading, refetch } = useGetSpeciesQuery(id);

  return (
    <div className="page species-page">
      <PageHeader
        title={species?.englishName ?? 'Species Details'}
        backTo="/species"
        extra={
          species && (
            <Button
              type="primary"
              icon={<EditOutlined />}
              onClick={() => void navigate(`/species/${species._id}/edit`)}
            >
              Edit
            </Button>
          )
        }
      />
      <FlashMessage />
      <SpeciesLoadState isLoading={isLoading} error={error} refetch={refetch} rows={8} />
      {species && <SpeciesDetails species={species} />}
    </div>
  );
}

/** Spec: Stats and Location, from the approved records (not the editable `observations` field). */
function useStatsItems(id: string) {
  const { data, isError } = useGetSpeciesStatsQuery(id);
  const muted = (text: string) => <span className="species-muted">{text}</span>;
  const pending = isError ? muted('Could not be loaded') : muted('Loading...');
  return [
    {
      key: 'stats',
      label: 'Stats',
      children: data ? <span data-testid="species-stats">{recordsText(data.approvedRecords)}</span> : pending,
    },
    {
      key: 'location',
      label: 'Location',
      children: data ? (
        <span data-testid="species-location">
          {data.dzongkhags.length ? data.dzongkhags.join(', ') : muted('Not seen in any dzongkhag yet')}
        </span>
      ) : (
        pending
      ),
    },
  ];
}

function SpeciesDetails({ species }: { species: Species }) {
  const stats = useStatsItems(species._id);
  const items = [
    ...SPECIES_TEXT_FIELDS.map((field) => ({
      key: field,
      label: SPECIES_FIELD_LABELS[field],
      children:
        field === 'iucnStatus' && species.iucnStatus ? (
          <span className="species-details__iucn">
            <IucnTag status={species.iucnStatus} /> {iucnText(species.iucnStatus)}
          </span>
        ) : field === 'scientificName' && species.scientificName ? (
          <i>{species.scientificName}</i>
        ) : (
          species[field] || <span className="species-muted">—</span>
        ),
    })),
    ...stats,
  ];
  return (
    <div className="species-details">
      <Card className="species-details__media" title="Photos">
        <SpeciesGallery species={species} />
      </Card>
      <Card className="species-details__facts" title="Details">
        <Descriptions
          bordered
          size="small"
          column={1}
          items={items}
          data-testid="species-fields"
          classNames={{ label: 'species-details__label' }}
        />
      </Card>
    </div>
  );
}

/** The chosen photo (click: full screen, with every photo to page through) and thumbnails to choose from. */
function SpeciesGallery({ species }: { species: Species }) {
  const [selected, setSelected] = useState(0);
  const photos = species.photos;
  if (photos.length === 0)
    return (
      <Empty
        image={<RavenIcon className="species-details__no-photo" />}
        description="No photos yet"
        data-testid="no-photos"
      />
    );
  const index = Math.min(selected, photos.length - 1);
  const full = photos.map((p) => resolveAssetUrl(p.url, ''));
  return (
    <Image.PreviewGroup items={full}>
      <div className="species-gallery">
        <Image
          src={full[index]}
          alt={`${species.englishName} (photo ${index + 1} of ${photos.length})`}
          className="species-gallery__main"
          data-testid="species-main-photo"
        />
        {photos.length > 1 && (
          <ul className="species-gallery__thumbs" aria-label="All photos">
            {photos.map((p, i) => (
              <li key={p._id}>
                <button
                  type="button"
                  className={`species-gallery__thumb${i === index ? ' species-gallery__thumb--active' : ''}`}
                  aria-label={`Show photo ${i + 1}`}
                  aria-pressed={i === index}
                  onClick={() => setSelected(i)}
                >
                  <img src={thumbUrl(p) ?? ''} alt="" loading="lazy" />
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Image.PreviewGroup>
  );
}
