import type { Species } from '@jarog/contracts';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import { IucnTag } from '../../components/IucnTag';
import { SpeciesPhotoThumb } from '../../components/SpeciesPhotoThumb';
import { SpeciesActions } from './SpeciesActions';

interface SpeciesColumnsOptions {
  onDelete: (species: Species) => void;
}

const text = (value: string | null) => value || <span className="species-muted">—</span>;

/** The species table, declared once. Narrow screens keep photo, name (with the scientific name), IUCN, actions. */
export function speciesColumns({ onDelete }: SpeciesColumnsOptions): ColumnsType<Species> {
  return [
    {
      title: 'Photo',
      key: 'photo',
      width: 88,
      responsive: ['sm'],
      render: (_v, s) => (
        <SpeciesPhotoThumb photo={s.photos[0]} alt={s.englishName} className="species-thumb--row" />
      ),
    },
    {
      title: 'English Name',
      dataIndex: 'englishName',
      key: 'englishName',
      render: (name: string, s) => (
        <>
          <Link to={`/species/${s._id}`} className="species-name-link">
            {name}
          </Link>
          {/* Narrow screens drop the Scientific Name column; it shows under the name instead. */}
          {s.scientificName && <div className="species-table__sci">{s.scientificName}</div>}
        </>
      ),
    },
    {
      title: 'Scientific Name',
      dataIndex: 'scientificName',
      key: 'scientificName',
      responsive: ['md'],
      render: (value: string | null) => (value ? <i>{value}</i> : text(value)),
    },
    { title: 'Order', dataIndex: 'order', key: 'order', responsive: ['xl'], render: text },
    { title: 'Family', dataIndex: 'familyName', key: 'familyName', responsive: ['lg'], render: text },
    { title: 'Residency', dataIndex: 'residency', key: 'residency', responsive: ['xl'], render: text },
    {
      title: 'IUCN',
      dataIndex: 'iucnStatus',
      key: 'iucnStatus',
      width: 72,
      render: (status: string | null) => <IucnTag status={status} />,
    },
    {
      title: 'Action',
      key: 'action',
      width: 120,
      render: (_v, s) => <SpeciesActions species={s} onDelete={onDelete} />,
    },
  ];
}
