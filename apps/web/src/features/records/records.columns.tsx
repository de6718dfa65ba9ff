import type { ChecklistGroup, Entry } from '@jarog/contracts';
import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import { rowNumber } from '../../lib/pagination';
import { FlagTags } from '../review/FlagTags';
import { EntryPhoto } from './EntryPhoto';
import { placeText } from './places';
import { dateText, entryDetails, entryPlace, NOT_PROVIDED, timeText } from './records-format';
import { approvalCounts } from './records-review';

const text = (value: string | null | undefined) => value || <span className="records-muted">—</span>;

/** Where a checklist opens: the checklist details, or the new-species details for the new-species list. */
export function checklistHref(kind: 'checklists' | 'newspecies', checklistId: string): string {
  return kind === 'newspecies' ? `/new-species/${checklistId}` : `/checklists/${checklistId}`;
}

/** Narrow screens (below antd's `md`, where the secondary columns hide): their values go under the name. */
export const COMPACT_QUERY = '(max-width: 767.98px)';

/**
 * The checklists and new-species tables (spec: #serial, observer, place, date, district, gewog, chiwog),
 * declared once. Narrow screens keep # and place, with observer, date, place and entries under the name.
 */
export function checklistGroupColumns({
  kind,
  page,
  limit,
  compact,
}: {
  kind: 'checklists' | 'newspecies';
  page: number;
  limit: number;
  /** A narrow screen: the hidden columns' values show under the name. */
  compact: boolean;
}): ColumnsType<ChecklistGroup> {
  return [
    {
      title: '#',
      key: 'serial',
      width: compact ? 40 : 56,
      render: (_v, _g, index) => rowNumber(page, limit, index),
    },
    {
      title: 'Place',
      key: 'place',
      render: (_v, g) => (
        <>
          <Link to={checklistHref(kind, g.checklistId)} className="records-name-link">
            {g._id.checklistName}
          </Link>
          {compact && (
            <div className="records-table__sub">
              {[g._id.observer, dateText(g._id.selectedDate), placeText(g._id)].filter(Boolean).join(' · ')}
              {kind === 'newspecies' ? (
                <div>{g.entries.map((e) => e.BirdName).join(', ')}</div>
              ) : (
                <ApprovalSummary entries={g.entries} />
              )}
            </div>
          )}
        </>
      ),
    },
    { title: 'Observer', key: 'observer', responsive: ['md'], render: (_v, g) => text(g._id.observer) },
    {
      title: 'Date',
      key: 'date',
      responsive: ['md'],
      render: (_v, g) => (
        <span className="records-date">
          {dateText(g._id.selectedDate)}
          <span className="records-muted">
            {g._id.selectedTime ? ` ${timeText(g._id.selectedTime)}` : `, time ${NOT_PROVIDED.toLowerCase()}`}
          </span>
        </span>
      ),
    },
    { title: 'District', key: 'dzongkhag', responsive: ['md'], render: (_v, g) => text(g._id.dzongkhag) },
    { title: 'Gewog', key: 'gewog', responsive: ['lg'], render: (_v, g) => text(g._id.gewog) },
    { title: 'Chiwog', key: 'village', responsive: ['lg'], render: (_v, g) => text(g._id.village) },
    kind === 'newspecies'
      ? {
          title: 'New birds',
          key: 'entries',
          responsive: ['md'],
          render: (_v, g) => (
            <ul className="records-birds">
              {g.entries.map((e) => (
                <li key={e._id}>{e.BirdName}</li>
              ))}
            </ul>
          ),
        }
      : {
          title: 'Entries',
          key: 'entries',
          width: 150,
          responsive: ['md'],
          render: (_v, g) => <ApprovalSummary entries={g.entries} />,
        },
  ];
}

/** "5 entries" with how many wait for review, were approved or rejected. */
export function ApprovalSummary({ entries }: { entries: readonly Pick<Entry, 'Approvedstatus'>[] }) {
  const counts = approvalCounts(entries);
  return (
    <div className="records-approval">
      <span>
        {entries.length} {entries.length === 1 ? 'entry' : 'entries'}
      </span>
      <span className="records-approval__tags">
        {counts.pending > 0 && <Tag color="gold">{counts.pending} pending</Tag>}
        {counts.approved > 0 && <Tag color="green">{counts.approved} approved</Tag>}
        {counts.rejected > 0 && <Tag color="red">{counts.rejected} rejected</Tag>}
      </span>
    </div>
  );
}

/**
 * The entries table (spec: Sl.no, English Name, Birder, Birding Site, Date, Photo, Numbers observed).
 * Narrow screens keep Sl.no, name (birder, site and date under it), photo and numbers.
 */
export function entryColumns({
  page,
  limit,
  compact,
}: {
  page: number;
  limit: number;
  /** A narrow screen: birder, site and date show under the name. */
  compact: boolean;
}): ColumnsType<Entry> {
  return [
    {
      title: 'Sl.no',
      key: 'serial',
      width: compact ? 44 : 64,
      render: (_v, _e, index) => rowNumber(page, limit, index),
    },
    {
      title: 'English Name',
      key: 'name',
      render: (_v, e) => (
        <>
          {e.speciesId ? (
            <Link to={`/species/${e.speciesId}`} className="records-name-link">
              {e.BirdName}
            </Link>
          ) : (
            <span className="records-name">{e.BirdName}</span>
          )}
          <FlagTags flags={e.flags} />
          {compact && (
            <div className="records-table__sub">
              {[entryDetails(e).observer, e.CheckListName, dateText(entryDetails(e).selectedDate)]
                .filter(Boolean)
                .join(' · ')}
            </div>
          )}
        </>
      ),
    },
    { title: 'Birder', key: 'birder', responsive: ['md'], render: (_v, e) => text(entryDetails(e).observer) },
    {
      title: 'Birding Site',
      key: 'site',
      responsive: ['md'],
      render: (_v, e) => (
        <>
          <Link to={`/checklists/${e.checklistId}`}>{e.CheckListName}</Link>
          {placeText(entryPlace(e)) && <div className="records-muted">{placeText(entryPlace(e))}</div>}
        </>
      ),
    },
    {
      title: 'Date',
      key: 'date',
      responsive: ['lg'],
      render: (_v, e) => <span className="records-date">{dateText(entryDetails(e).selectedDate)}</span>,
    },
    {
      title: 'Photo',
      key: 'photo',
      width: compact ? 64 : 80,
      render: (_v, e) => <EntryPhoto url={entryDetails(e).photo} alt={e.BirdName} />,
    },
    {
      title: 'Numbers observed',
      key: 'total',
      width: compact ? 72 : 96,
      align: 'right',
      render: (_v, e) => e.Totalcount,
    },
  ];
}
