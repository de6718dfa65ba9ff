import { DeleteOutlined, EditOutlined, EyeOutlined } from '@ant-design/icons';
import type { Species } from '@jarog/contracts';
import { Button, Space, Tooltip } from 'antd';
import { Link } from 'react-router';

/** Edit and Delete (and View) for one species: the same buttons in the table and on the cards. */
export function SpeciesActions({ species, onDelete }: { species: Species; onDelete: (s: Species) => void }) {
  return (
    <Space size={2}>
      <Tooltip title="View">
        <Link to={`/species/${species._id}`} aria-label={`View ${species.englishName}`} className="icon-link">
          <EyeOutlined />
        </Link>
      </Tooltip>
      <Tooltip title="Edit">
        <Link
          to={`/species/${species._id}/edit`}
          aria-label={`Edit ${species.englishName}`}
          className="icon-link"
        >
          <EditOutlined />
        </Link>
      </Tooltip>
      <Tooltip title="Delete">
        <Button
          type="text"
          danger
          icon={<DeleteOutlined />}
          aria-label={`Delete ${species.englishName}`}
          onClick={() => onDelete(species)}
        />
      </Tooltip>
    </Space>
  );
}
