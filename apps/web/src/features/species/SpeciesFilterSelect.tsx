import { Select } from 'antd';
import { iucnText } from './species-fields';
import { FILTER_LABELS, type ListFilter } from './species-list-state';

/** A searchable multi-select for one list filter; values chosen but not (or no longer) offered still show. */
export function SpeciesFilterSelect({
  filter,
  options,
  value,
  onChange,
  className,
}: {
  filter: ListFilter;
  options: string[];
  value: string[];
  onChange: (value: string[]) => void;
  className?: string;
}) {
  const all = [...new Set([...options, ...value])];
  const label = FILTER_LABELS[filter];
  return (
    <Select
      mode="multiple"
      className={className}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      maxTagCount="responsive"
      maxTagPlaceholder={(omitted) => `${label} +${omitted.length}`}
      placeholder={label}
      aria-label={label}
      value={value}
      onChange={onChange}
      options={all.map((v) => ({ value: v, label: filter === 'iucn_status' ? iucnText(v) : v }))}
      labelRender={({ value: v }) => String(v)}
      popupMatchSelectWidth={false}
      notFoundContent={`No ${label.toLowerCase()} values`}
    />
  );
}
