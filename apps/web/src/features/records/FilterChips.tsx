import { Button, Tag } from 'antd';
import { dateText } from './records-format';
import type { ActiveRecordFilter, RecordFilters } from './records-list-state';

/** One removable chip per active filter, and 'Clear all'. */
export function FilterChips({
  chips,
  onChange,
  onClear,
}: {
  chips: ActiveRecordFilter[];
  onChange: (patch: Partial<RecordFilters>) => void;
  onClear: () => void;
}) {
  if (chips.length === 0) return null;
  return (
    <div className="records-chips" data-testid="active-filters">
      <span className="records-chips__label">Filtered by</span>
      {chips.map((chip) => (
        <Tag
          key={chip.key}
          closable={{ 'aria-label': `Remove ${chip.label}: ${chip.value}` }}
          onClose={(e) => {
            e.preventDefault();
            onChange({ [chip.key]: '' });
          }}
        >
          {chip.label}: {chip.key === 'date' ? dateText(chip.value) : chip.value}
        </Tag>
      ))}
      <Button type="link" size="small" onClick={onClear}>
        Clear all
      </Button>
    </div>
  );
}
