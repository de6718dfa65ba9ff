import { DeleteOutlined, MoreOutlined } from '@ant-design/icons';
import type { BirderListItem } from '@jarog/contracts';
import { Button, Card, Dropdown } from 'antd';
import { Link } from 'react-router';
import { entriesText, longDate } from '../shared/format';
import { BirderAvatar } from './BirderAvatar';

export interface BirderCardProps {
  item: BirderListItem & { rank?: number };
  onDelete: (birder: BirderListItem['birder']) => void;
}

/**
 * One birder (spec section 2): photo and name linking to the details (the birder passed along, so the
 * page shows at once), profession, email, date of birth, country, '{n} entries submitted', and a menu
 * holding Delete Birder. Top birders also show their '#n' rank.
 */
export function BirderCard({ item, onDelete }: BirderCardProps) {
  const { birder, entriesCount, approvedCount, rank } = item;
  const to = `/birders/${birder._id}`;
  const state = { birder };
  return (
    <Card size="small" className="birder-card" data-testid="birder-card">
      <div className="birder-card__head">
        {rank !== undefined && <span className="birder-card__rank">#{rank}</span>}
        <Link to={to} state={state} className="birder-card__photo" tabIndex={-1} aria-hidden="true">
          <BirderAvatar photo={birder.photo} name={birder.name} size={56} />
        </Link>
        <div className="birder-card__who">
          <Link to={to} state={state} className="birder-card__name">
            {birder.name}
          </Link>
          {birder.profession && <span className="birder-card__profession">{birder.profession}</span>}
        </div>
        <Dropdown
          trigger={['click']}
          menu={{
            items: [{ key: 'delete', danger: true, icon: <DeleteOutlined />, label: 'Delete Birder' }],
            onClick: () => onDelete(birder),
          }}
        >
          <Button type="text" icon={<MoreOutlined />} aria-label={`Actions for ${birder.name}`} />
        </Dropdown>
      </div>
      <dl className="birder-card__facts">
        <dt>Email</dt>
        <dd className="birder-card__email">{birder.email}</dd>
        <dt>Date of birth</dt>
        <dd>{longDate(birder.dob) ?? '—'}</dd>
        <dt>Country</dt>
        <dd>{birder.country || '—'}</dd>
      </dl>
      <div className="birder-card__entries">
        {entriesText(entriesCount)} submitted
        {/* Both counts, labelled, on every card: the same numbers as the dashboard and the birder's page. */}
        <span className="birder-card__approved"> · {approvedCount} approved</span>
      </div>
    </Card>
  );
}
