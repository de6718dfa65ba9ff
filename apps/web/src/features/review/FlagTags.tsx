import { type EntryFlag, FLAG_LABELS } from '@jarog/contracts';
import { Tag, Tooltip } from 'antd';

const COLOURS: Record<EntryFlag['code'], string> = {
  FIRST_IN_PLACE: 'blue',
  OUT_OF_SEASON: 'purple',
  HIGH_COUNT: 'orange',
  DUPLICATE: 'gold',
  OUTSIDE_DZONGKHAG: 'volcano',
  UNKNOWN_SPECIES: 'cyan',
  BAD_DATE: 'red',
};

/**
 * An entry's review flags as tags, each with its reason: on hover, and (with `reasons`) written out
 * beneath, so the reviewer reads why without pointing at anything.
 */
export function FlagTags({ flags, reasons = false }: { flags: readonly EntryFlag[]; reasons?: boolean }) {
  if (flags.length === 0) return null;
  return (
    <div className="flag-tags" data-testid="flag-tags">
      {flags.map((f) => (
        <Tooltip key={`${f.code}${f.reason}`} title={f.reason}>
          <Tag color={COLOURS[f.code]} aria-label={`${FLAG_LABELS[f.code]}: ${f.reason}`}>
            {FLAG_LABELS[f.code]}
          </Tag>
        </Tooltip>
      ))}
      {reasons && (
        <ul className="flag-tags__reasons">
          {flags.map((f) => (
            <li key={`${f.code}${f.reason}`}>{f.reason}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
