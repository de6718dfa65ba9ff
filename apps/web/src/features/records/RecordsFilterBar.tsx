import { FilterOutlined } from '@ant-design/icons';
import { Badge, Button, Drawer, Form, Input, Select } from 'antd';
import { useState } from 'react';
import { DebouncedSearch } from '../../components/DebouncedSearch';
import { useMediaQuery } from '../../lib/use-media-query';
import { useListLocationsQuery } from './locations.api';
import { dzongkhagOfGewog, dzongkhagOptions, gewogOptions } from './places';
import {
  FILTERS_OF,
  placeChange,
  RECORD_FILTER_LABELS,
  type RecordFilter,
  type RecordFilters,
  type RecordsListKind,
} from './records-list-state';
import { VillageInput } from './VillageInput';

const PLACEHOLDERS: Partial<Record<RecordFilter, string>> = {
  search: 'Search bird name, birder',
  birder: 'Birder',
  birding_site: 'Birding site',
};

/** Wide enough to show every filter; narrower screens keep the first one and reach the rest in a panel. */
const INLINE_QUERY = '(min-width: 768px)';

interface FilterBarProps {
  kind: RecordsListKind;
  filters: RecordFilters;
  onChange: (patch: Partial<RecordFilters>) => void;
}

/** The list's filters (spec section 2), applied as they change and held in the URL by the page. */
export function RecordsFilterBar({ kind, filters, onChange }: FilterBarProps) {
  const wide = useMediaQuery(INLINE_QUERY);
  const [open, setOpen] = useState(false);
  const [first, ...rest] = FILTERS_OF[kind];
  if (!first) return null;
  const hiddenActive = rest.filter((f) => filters[f].trim() !== '').length;

  if (wide)
    return (
      <div className="records-filters" data-testid="records-filters">
        {FILTERS_OF[kind].map((f) => (
          <FilterControl key={f} filter={f} filters={filters} onChange={onChange} />
        ))}
      </div>
    );
  return (
    <div className="records-filters records-filters--narrow" data-testid="records-filters">
      <FilterControl filter={first} filters={filters} onChange={onChange} />
      <Badge count={hiddenActive} size="small">
        <Button icon={<FilterOutlined />} onClick={() => setOpen(true)} aria-haspopup="dialog">
          Filters
        </Button>
      </Badge>
      <Drawer
        open={open}
        title="Filters"
        placement="bottom"
        size="auto"
        onClose={() => setOpen(false)}
        rootClassName="records-filters-drawer"
        footer={
          <Button type="primary" block onClick={() => setOpen(false)}>
            Done
          </Button>
        }
      >
        <Form layout="vertical" component="div">
          {rest.map((f) => (
            <Form.Item key={f} label={RECORD_FILTER_LABELS[f]}>
              <FilterControl filter={f} filters={filters} onChange={onChange} />
            </Form.Item>
          ))}
        </Form>
      </Drawer>
    </div>
  );
}

/** One filter: a search-as-you-type box, a date, a dzongkhag or gewog select, or the village box. */
function FilterControl({
  filter,
  filters,
  onChange,
}: {
  filter: RecordFilter;
  filters: RecordFilters;
  onChange: (patch: Partial<RecordFilters>) => void;
}) {
  const { data: locations } = useListLocationsQuery();
  const label = RECORD_FILTER_LABELS[filter];
  const className = `records-filters__control records-filters__control--${filter}`;
  switch (filter) {
    case 'date':
      return (
        <Input
          type="date"
          className={className}
          aria-label={label}
          value={filters.date}
          max="9999-12-31"
          onChange={(e) => onChange({ date: e.target.value })}
        />
      );
    case 'dzongkhag':
      return (
        <Select
          className={className}
          aria-label={label}
          placeholder={label}
          showSearch={{ optionFilterProp: 'label' }}
          allowClear
          value={filters.dzongkhag || undefined}
          options={dzongkhagOptions(locations)}
          onChange={(value?: string) => onChange(placeChange(filters, { dzongkhag: value ?? '' }))}
        />
      );
    case 'gewog':
      return (
        <Select
          className={className}
          aria-label={label}
          placeholder={label}
          showSearch={{ optionFilterProp: 'label' }}
          allowClear
          value={filters.gewog || undefined}
          options={gewogOptions(locations, filters.dzongkhag || undefined)}
          popupMatchSelectWidth={false}
          onChange={(value?: string) => {
            const gewog = value ?? '';
            // A gewog picked before its dzongkhag brings its dzongkhag along when that is unambiguous.
            const dzongkhag = !filters.dzongkhag && gewog ? dzongkhagOfGewog(locations, gewog) : undefined;
            onChange(placeChange(filters, dzongkhag ? { gewog, dzongkhag } : { gewog }));
          }}
        />
      );
    case 'village':
      return (
        <VillageInput
          className={className}
          value={filters.village}
          dzongkhag={filters.dzongkhag}
          gewog={filters.gewog}
          onCommit={(village) => onChange({ village })}
        />
      );
    default:
      return (
        <DebouncedSearch
          className={className}
          value={filters[filter]}
          onCommit={(value) => onChange({ [filter]: value })}
          placeholder={PLACEHOLDERS[filter] ?? label}
          label={label}
        />
      );
  }
}
