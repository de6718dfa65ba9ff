import { FilterOutlined } from '@ant-design/icons';
import type { SpeciesListResponse } from '@jarog/contracts';
import { Badge, Button, Drawer, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { DebouncedSearch } from '../../components/DebouncedSearch';
import { useMediaQuery } from '../../lib/use-media-query';
import { SpeciesFilterSelect } from './SpeciesFilterSelect';
import { FILTER_LABELS, type ListFilter, type SpeciesFilters } from './species-list-state';

export type FilterOptions = Pick<
  SpeciesListResponse,
  'orders' | 'families' | 'genuses' | 'groups' | 'iucnstatuses' | 'residencies'
>;

const NO_OPTIONS: FilterOptions = {
  orders: [],
  families: [],
  genuses: [],
  groups: [],
  iucnstatuses: [],
  residencies: [],
};

const OPTIONS_OF: Record<ListFilter, keyof FilterOptions> = {
  order: 'orders',
  family: 'families',
  genus: 'genuses',
  group: 'groups',
  iucn_status: 'iucnstatuses',
  residency: 'residencies',
};

/** The filters beside the bird-name search on wide screens (spec: order, family, genus, IUCN). */
const INLINE: ListFilter[] = ['order', 'family', 'genus', 'iucn_status'];
/** The 'More' panel (spec: order, family, genus, group, IUCN, residency). */
const IN_MORE: ListFilter[] = ['order', 'family', 'genus', 'group', 'iucn_status', 'residency'];

/** Wide enough for the inline filters; narrower screens reach every filter through 'More'. */
const INLINE_QUERY = '(min-width: 768px)';

interface FilterBarProps {
  filters: SpeciesFilters;
  options: FilterOptions | undefined;
  onChange: (filters: Partial<SpeciesFilters>) => void;
}

/** Bird-name search and the main filters, applied as they change, plus the 'More' panel. */
export function SpeciesFilterBar({ filters, options = NO_OPTIONS, onChange }: FilterBarProps) {
  const wide = useMediaQuery(INLINE_QUERY);
  const [moreOpen, setMoreOpen] = useState(false);
  const shown = wide ? INLINE : [];
  const hiddenCount =
    IN_MORE.filter((f) => !shown.includes(f)).reduce((n, f) => n + filters[f].length, 0) +
    (filters.scientific_name ? 1 : 0) +
    (filters.species ? 1 : 0);

  return (
    <div className="species-filters" data-testid="species-filters">
      <DebouncedSearch
        className="species-filters__search"
        value={filters.bird_name}
        onCommit={(bird_name) => onChange({ bird_name })}
        placeholder="Search bird name"
        label="Bird name"
      />
      {shown.map((f) => (
        <SpeciesFilterSelect
          key={f}
          filter={f}
          className={`species-filters__select species-filters__select--${f}`}
          options={options[OPTIONS_OF[f]]}
          value={filters[f]}
          onChange={(value) => onChange({ [f]: value })}
        />
      ))}
      <Badge count={hiddenCount} size="small" className="species-filters__more">
        <Button icon={<FilterOutlined />} onClick={() => setMoreOpen(true)} aria-haspopup="dialog">
          More
        </Button>
      </Badge>
      {moreOpen && (
        <MoreFilters
          filters={filters}
          options={options}
          fullWidth={!wide}
          onApply={(next) => {
            onChange(next);
            setMoreOpen(false);
          }}
          onClose={() => setMoreOpen(false)}
        />
      )}
    </div>
  );
}

type MoreDraft = Pick<SpeciesFilters, 'scientific_name' | 'species' | ListFilter>;

/** The 'More' panel: a draft of the filters, applied together (one history entry) with Apply. */
function MoreFilters({
  filters,
  options,
  fullWidth,
  onApply,
  onClose,
}: {
  filters: SpeciesFilters;
  options: FilterOptions;
  fullWidth: boolean;
  onApply: (filters: Partial<SpeciesFilters>) => void;
  onClose: () => void;
}) {
  const [draft, setDraft] = useState<MoreDraft>(() => ({
    scientific_name: filters.scientific_name,
    species: filters.species,
    order: filters.order,
    family: filters.family,
    genus: filters.genus,
    group: filters.group,
    iucn_status: filters.iucn_status,
    residency: filters.residency,
  }));
  const set = (patch: Partial<MoreDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const clear = () =>
    setDraft({
      scientific_name: '',
      species: '',
      order: [],
      family: [],
      genus: [],
      group: [],
      iucn_status: [],
      residency: [],
    });
  const apply = () =>
    onApply({ ...draft, scientific_name: draft.scientific_name.trim(), species: draft.species.trim() });

  return (
    <Drawer
      open
      title="More filters"
      placement="right"
      size={fullWidth ? '100%' : 400}
      onClose={onClose}
      rootClassName="species-more"
      footer={
        <Space className="species-more__footer">
          <Button onClick={clear}>Clear</Button>
          <Button type="primary" onClick={apply}>
            Apply
          </Button>
        </Space>
      }
    >
      <Form layout="vertical" onFinish={apply}>
        <Form.Item label="Scientific name" htmlFor="more-scientific-name">
          <Input
            id="more-scientific-name"
            allowClear
            value={draft.scientific_name}
            onChange={(e) => set({ scientific_name: e.target.value })}
            onPressEnter={apply}
            placeholder="e.g. Grus nigricollis"
          />
        </Form.Item>
        <Form.Item label="Species" htmlFor="more-species">
          <Input
            id="more-species"
            allowClear
            value={draft.species}
            onChange={(e) => set({ species: e.target.value })}
            onPressEnter={apply}
            placeholder="e.g. nigricollis"
          />
        </Form.Item>
        {IN_MORE.map((f) => (
          <Form.Item key={f} label={FILTER_LABELS[f]}>
            <SpeciesFilterSelect
              filter={f}
              options={options[OPTIONS_OF[f]]}
              value={draft[f]}
              onChange={(value) => set({ [f]: value })}
            />
          </Form.Item>
        ))}
      </Form>
    </Drawer>
  );
}
