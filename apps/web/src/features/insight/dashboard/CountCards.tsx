import { Card, Skeleton, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useDeferredValue } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/api-error';
import { type CountKind, useGetCountQuery, useLatestEntriesQuery } from '../insight.api';
import { numberText } from '../shared/format';
import { LATEST_LIMIT } from './LatestSightingsCard';

interface CountCardProps {
  title: string;
  value: number | undefined;
  loading: boolean;
  error?: string;
  to?: string;
  icon: ReactNode;
}

function CountCard({ title, value, loading, error, to, icon }: CountCardProps) {
  let body: ReactNode;
  if (loading) body = <Skeleton.Input active size="small" className="count-card__skeleton" />;
  else if (error || value === undefined)
    body = (
      <Tooltip title={error ?? 'Not available'}>
        <span className="count-card__value count-card__value--missing">—</span>
      </Tooltip>
    );
  else body = <span className="count-card__value">{numberText(value)}</span>;
  const inner = (
    <>
      <span className="count-card__icon" aria-hidden="true">
        {icon}
      </span>
      <span className="count-card__text">
        <span className="count-card__title">{title}</span>
        {body}
      </span>
    </>
  );
  return (
    <Card size="small" className="count-card" data-testid={`count-${title}`}>
      {to ? (
        <Link to={to} className="count-card__link">
          {inner}
        </Link>
      ) : (
        <div className="count-card__link">{inner}</div>
      )}
    </Card>
  );
}

function ApiCount({
  kind,
  ...rest
}: { kind: CountKind } & Omit<CountCardProps, 'value' | 'loading' | 'error'>) {
  // Deferred: the numbers' arrival re-renders in a transition, in slices, instead of one blocking render.
  const { data, isLoading, error } = useDeferredValue(useGetCountQuery(kind));
  return (
    <CountCard {...rest} value={data} loading={isLoading} error={error ? errorMessage(error) : undefined} />
  );
}

/** The five counts (spec section 2): entries (approved), species, checklists, birding sites, eBirders. */
export function CountCards({ icons }: { icons: Record<'entries' | CountKind, ReactNode> }) {
  // The Latest Sightings card asks for the same page, so this costs no extra call; it refreshes with it.
  const entries = useDeferredValue(useLatestEntriesQuery(LATEST_LIMIT));
  return (
    <section className="count-cards" aria-label="Counts">
      <CountCard
        title="Entries"
        value={entries.data?.entriesTotal}
        loading={entries.isLoading}
        error={entries.error ? errorMessage(entries.error) : undefined}
        to="/entries"
        icon={icons.entries}
      />
      <ApiCount kind="species" title="Species" to="/species" icon={icons.species} />
      <ApiCount kind="checklists" title="Checklists" to="/checklists" icon={icons.checklists} />
      <ApiCount kind="sites" title="Birding sites" icon={icons.sites} />
      <ApiCount kind="birders" title="eBirders" to="/birders" icon={icons.birders} />
    </section>
  );
}
