import { DeleteOutlined, EnvironmentOutlined } from '@ant-design/icons';
import { type Birder, BirderSchema, type Entry } from '@jarog/contracts';
import { Button, Card, Empty, Result, Skeleton, Statistic } from 'antd';
import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { z } from 'zod';
import { ErrorState } from '../../../components/ErrorState';
import { flash } from '../../../components/FlashMessage';
import { PageHeader } from '../../../components/PageHeader';
import { errorStatus } from '../../../lib/api-error';
import { useGetBirderQuery } from '../insight.api';
import { longDate, placeText, shortDate } from '../shared/format';
import { ListFooter } from '../shared/ListFooter';
import { BirderAvatar } from './BirderAvatar';
import { parsePaging } from './birders-list-state';
import { useDeleteBirder } from './use-delete-birder';
import '../insight.css';

const PassedState = z.object({ birder: BirderSchema });

function Profile({ birder, stats, onDelete }: { birder: Birder; stats: ReactNode; onDelete: () => void }) {
  return (
    <Card className="birder-profile" data-testid="birder-profile">
      <div className="birder-profile__cover" aria-hidden="true" />
      <div className="birder-profile__body">
        <span className="birder-profile__photo">
          <BirderAvatar photo={birder.photo} name={birder.name} size={96} />
        </span>
        <div className="birder-profile__who">
          <h2 className="birder-profile__name">{birder.name}</h2>
          {birder.profession && <span className="birder-profile__profession">{birder.profession}</span>}
        </div>
        <Button danger icon={<DeleteOutlined />} onClick={onDelete} className="birder-profile__delete">
          Delete Birder
        </Button>
      </div>
      <dl className="birder-profile__facts">
        <div>
          <dt>Date of birth</dt>
          <dd>{longDate(birder.dob) ?? '—'}</dd>
        </div>
        <div>
          <dt>Country</dt>
          <dd>{birder.country || '—'}</dd>
        </div>
        <div>
          <dt>Email</dt>
          <dd className="birder-profile__email">{birder.email}</dd>
        </div>
        <div>
          <dt>Birder ID</dt>
          <dd className="birder-profile__id">{birder._id}</dd>
        </div>
      </dl>
      {stats}
    </Card>
  );
}

function EntryCard({ entry }: { entry: Entry }) {
  const start = entry.StartbirdingData[0];
  const place = start?.EndpointLocation[0];
  const where = place ? placeText(place) : '';
  return (
    <Card size="small" className="birder-entry">
      <Link to={`/checklists/${entry.checklistId}`} className="birder-entry__bird">
        {entry.BirdName}
      </Link>
      <span className="birder-entry__place">
        <EnvironmentOutlined aria-hidden="true" /> {where || 'Place not given'}
      </span>
      <time className="birder-entry__date" dateTime={start?.selectedDate}>
        {shortDate(start?.selectedDate)}
      </time>
    </Card>
  );
}

/** Spec section 2, Birder detail: profile, Total Entries, the Submitted Entries cards, delete. */
export function BirderDetailPage() {
  const { id = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const paging = parsePaging(params);
  const { data, currentData, error, isFetching, refetch } = useGetBirderQuery({ id, ...paging });
  const passed = PassedState.safeParse(location.state);
  const birder = data?.birder ?? (passed.success ? passed.data.birder : undefined);
  const confirmDelete = useDeleteBirder((message) => void navigate('/birders', { state: flash(message) }));

  if (error && errorStatus(error) === 404)
    return (
      <div className="page">
        <PageHeader title="Birder Details" backTo="/birders" />
        <Card>
          <Result
            status="404"
            title="Birder not found"
            subTitle="This birder does not exist or their account was deleted."
            extra={<Link to="/birders">All birders</Link>}
          />
        </Card>
      </div>
    );

  const stats = data ? (
    <div className="birder-profile__stats">
      <Statistic title="Submitted entries" value={data.entriesCount} />
      <Statistic title="Approved entries" value={data.approvedCount} />
      <Statistic title="All entries (drafts included)" value={data.totalEntries} />
    </div>
  ) : (
    <Skeleton active title={false} paragraph={{ rows: 1 }} />
  );

  let entries: ReactNode;
  const shown = currentData ?? data;
  if (error) entries = <ErrorState message="Could not load this birder." onRetry={() => void refetch()} />;
  else if (!shown) entries = <Skeleton active paragraph={{ rows: 4 }} />;
  else if (shown.entries.length === 0) entries = <Empty description="No submitted entries yet" />;
  else
    entries = (
      <div className={`birder-entries${isFetching ? ' insight-stale' : ''}`} data-testid="birder-entries">
        {shown.entries.map((e) => (
          <EntryCard key={e._id} entry={e} />
        ))}
      </div>
    );

  return (
    <div className="page birder-detail">
      <PageHeader title="Birder Details" backTo="/birders" />
      {birder ? (
        <Profile birder={birder} stats={stats} onDelete={() => confirmDelete(birder)} />
      ) : (
        <Card>
          <Skeleton active avatar paragraph={{ rows: 3 }} />
        </Card>
      )}
      <Card title="Submitted Entries">
        {entries}
        {shown && !error && (
          <ListFooter
            page={paging.page}
            limit={shown.entriesLimit}
            onPage={shown.entries.length}
            total={shown.entriesCount}
            noun="Entries"
            onChange={({ page, limit }) => {
              const next = new URLSearchParams();
              const p = page ?? paging.page;
              const l = limit ?? paging.limit;
              if (p > 1) next.set('page', String(p));
              if (l !== 5) next.set('limit', String(l));
              setParams(next, { preventScrollReset: true });
            }}
          />
        )}
      </Card>
    </div>
  );
}
