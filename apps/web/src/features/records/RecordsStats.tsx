import type { ChecklistsListResponse } from '@jarog/contracts';

/** The list's distinct counts as small figures (spec section 3: the list responses' distinct fields). */
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
    ['Dzongkhags', data.distinctDzongkhags],
    ['Gewogs', data.distinctGewogs],
    ['Villages', data.distinctVillages],
    ['Observers', data.distinctObservers],
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
