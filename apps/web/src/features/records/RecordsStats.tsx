import type { ChecklistsListResponse } from '@jarog/contracts';

/**
 * The list's totals as small figures, and how many places and observers it holds (the lengths of the
 * distinct-value lists of spec section 3's list responses).
 */
export function RecordsStats({
  kind,
  data,
}: {
  kind: 'checklists' | 'newspecies';
  data: ChecklistsListResponse;
}) {
  const items: [string, number][] = [
    [kind === 'checklists' ? 'Checklists' : 'Checklists with new birds', data.foundTotal],
    [kind === 'checklists' ? 'Entries' : 'New-species reports', data.entriesTotal],
    ['Dzongkhags', data.distinctDzongkhags.length],
    ['Gewogs', data.distinctGewogs.length],
    ['Villages', data.distinctVillages.length],
    ['Observers', data.distinctObservers.length],
  ];
  return (
    <dl className="records-stats" data-testid="records-stats">
      {items.map(([label, value]) => (
        <div key={label} className="records-stats__item">
          <dt>{label}</dt>
          <dd>{value.toLocaleString('en')}</dd>
        </div>
      ))}
    </dl>
  );
}
