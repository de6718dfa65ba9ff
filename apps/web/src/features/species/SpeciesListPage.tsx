import { AppstoreOutlined, DownloadOutlined, PlusOutlined, UnorderedListOutlined } from '@ant-design/icons';
import type { Species } from '@jarog/contracts';
import { App, Button, Card, Empty, Segmented, Select, Skeleton, Table, Tag, Typography } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorState } from '../../components/ErrorState';
import { FlashMessage } from '../../components/FlashMessage';
import { PageHeader } from '../../components/PageHeader';
import { Pager } from '../../components/Pager';
import { EXPORT_ERROR } from '../../lib/csv-download';
import { shownRange } from '../../lib/pager';
import { clampPage } from '../../lib/pagination';
import { SpeciesCards } from './SpeciesCards';
import { SpeciesFilterBar } from './SpeciesFilterBar';
import { useListSpeciesQuery } from './species.api';
import { speciesColumns } from './species.columns';
import { downloadSpeciesCsv } from './species-export';
import {
  activeFilters,
  hasFilters,
  listQuery,
  NO_FILTERS,
  PAGE_SIZES,
  type ViewMode,
  withoutFilter,
} from './species-list-state';
import { useDeleteSpecies } from './use-delete-species';
import { useSpeciesListState } from './use-species-list-state';
import './species.css';

export const LIST_LOAD_ERROR = 'Failed to fetch species list. Please try again later.';

export function SpeciesListPage() {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [state, change] = useSpeciesListState();
  const { filters, page, limit, view } = state;
  const { data, currentData, error, isLoading, isFetching, refetch } = useListSpeciesQuery(listQuery(state));
  const confirmDelete = useDeleteSpecies();
  const [exporting, setExporting] = useState(false);
  const chips = activeFilters(filters);
  const filtered = hasFilters(filters);

  // After deleting the last row of the last page (or a page number past the end), step back.
  const lastPage = currentData ? clampPage(page, currentData.foundTotal, currentData.limit) : page;
  useEffect(() => {
    if (currentData && currentData.species.length === 0 && page > lastPage) change({ page: lastPage });
  });

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadSpeciesCsv(filters);
    } catch {
      void message.error(EXPORT_ERROR);
    } finally {
      setExporting(false);
    }
  };

  const shown = currentData ?? data;
  let body: ReactNode;
  if (error) {
    body = <ErrorState message={LIST_LOAD_ERROR} onRetry={() => void refetch()} />;
  } else if (isLoading || !shown) {
    body = <Skeleton active title={false} paragraph={{ rows: 6 }} className="species-skeleton" />;
  } else if (shown.species.length === 0 && !isFetching) {
    body = filtered ? (
      <Empty description="No species match these filters">
        <Button onClick={() => change({ filters: NO_FILTERS })}>Clear filters</Button>
      </Empty>
    ) : (
      <Empty description="No species in the catalogue yet">
        <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate('/species/add')}>
          Add Species
        </Button>
      </Empty>
    );
  } else if (view === 'cards') {
    body = <SpeciesCards species={shown.species} onDelete={confirmDelete} stale={isFetching} />;
  } else {
    body = (
      <div className="species-table" data-testid="species-table">
        <Table<Species>
          rowKey="_id"
          size="middle"
          columns={speciesColumns({ onDelete: confirmDelete })}
          dataSource={shown.species}
          loading={isFetching}
          pagination={false}
          tableLayout="auto"
        />
      </div>
    );
  }

  const total = shown?.foundTotal ?? 0;
  return (
    <div className="page species-page">
      <PageHeader
        title="Species"
        extra={
          <div className="species-page__actions">
            <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportCsv()}>
              Export Data
            </Button>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate('/species/add')}>
              Add Species
            </Button>
          </div>
        }
      />
      <FlashMessage />
      <Card
        className="species-list-card"
        title={
          <Typography.Title level={4} className="species-list-card__title">
            Total Species{data ? ` (${data.speciesTotal})` : ''}
          </Typography.Title>
        }
        extra={
          <Segmented<ViewMode>
            value={view}
            onChange={(v) => change({ view: v })}
            aria-label="View"
            options={[
              { value: 'list', icon: <UnorderedListOutlined />, label: 'List' },
              { value: 'cards', icon: <AppstoreOutlined />, label: 'Cards' },
            ]}
          />
        }
      >
        <SpeciesFilterBar filters={filters} options={data} onChange={(f) => change({ filters: f })} />
        {chips.length > 0 && (
          <div className="species-chips" data-testid="active-filters">
            <span className="species-chips__label">Filtered by</span>
            {chips.map((chip) => (
              <Tag
                key={`${chip.key}:${chip.value}`}
                closable={{ 'aria-label': `Remove ${chip.label}: ${chip.value}` }}
                onClose={(e) => {
                  e.preventDefault();
                  change({ filters: withoutFilter(filters, chip) });
                }}
              >
                {chip.label}: {chip.value}
              </Tag>
            ))}
            <Button type="link" size="small" onClick={() => change({ filters: NO_FILTERS })}>
              Clear all
            </Button>
          </div>
        )}
        <div className="species-results">{body}</div>
        {shown && total > 0 && !error && (
          <div className="species-footer">
            <span className="species-footer__range" data-testid="species-range">
              {shownRange(shown.page, shown.limit, shown.species.length, total)}
              {filtered ? ' found' : ''}
            </span>
            <Pager page={page} total={total} limit={shown.limit} onPage={(p) => change({ page: p })} />
            <div className="species-footer__size-wrap">
              <Select
                className="species-footer__size"
                aria-label="Species per page"
                value={limit}
                onChange={(l) => change({ limit: l })}
                options={PAGE_SIZES.map((n) => ({ value: n, label: `${n} / page` }))}
              />
            </div>
          </div>
        )}
      </Card>
    </div>
  );
}
