import { Select } from 'antd';
import { MONTH_NAMES, type YearMonth, yearOptions } from './period';

interface YearSelectProps {
  value: number;
  onChange: (year: number) => void;
  label?: string;
}

/** A year picker: this year back to FIRST_YEAR. */
export function YearSelect({ value, onChange, label = 'Year' }: YearSelectProps) {
  return (
    <Select<number>
      className="insight-select insight-select--year"
      aria-label={label}
      value={value}
      onChange={onChange}
      options={yearOptions(new Date(), value).map((y) => ({ value: y, label: String(y) }))}
      popupMatchSelectWidth={false}
    />
  );
}

interface MonthSelectProps {
  value: number | undefined;
  onChange: (month: number | undefined) => void;
  /** Offer 'Whole year' (no month) first. */
  allowWholeYear?: boolean;
  label?: string;
}

const WHOLE_YEAR = 0;

/** A month picker (January–December), optionally with 'Whole year'. */
export function MonthSelect({ value, onChange, allowWholeYear = false, label = 'Month' }: MonthSelectProps) {
  const options = MONTH_NAMES.map((name, i) => ({ value: i + 1, label: name }));
  return (
    <Select<number>
      className="insight-select insight-select--month"
      aria-label={label}
      value={value ?? WHOLE_YEAR}
      onChange={(m) => onChange(m === WHOLE_YEAR ? undefined : m)}
      options={allowWholeYear ? [{ value: WHOLE_YEAR, label: 'Whole year' }, ...options] : options}
      popupMatchSelectWidth={false}
    />
  );
}

/** Year and month pickers side by side. */
export function PeriodSelect({
  value,
  onChange,
  labelPrefix = '',
}: {
  value: YearMonth;
  onChange: (period: YearMonth) => void;
  /** Names the pickers for screen readers when a page has several: 'Species Leaders year'. */
  labelPrefix?: string;
}) {
  const prefix = labelPrefix ? `${labelPrefix} ` : '';
  return (
    <span className="insight-period">
      <YearSelect
        value={value.year}
        onChange={(year) => onChange({ ...value, year })}
        label={`${prefix}year`}
      />
      <MonthSelect
        value={value.month}
        onChange={(month) => onChange({ ...value, month: month ?? value.month })}
        label={`${prefix}month`}
      />
    </span>
  );
}
