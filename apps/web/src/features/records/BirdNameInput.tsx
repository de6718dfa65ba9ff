import { AutoComplete } from 'antd';
import { useListSpeciesQuery } from '../species/species.api';
import { useDebouncedValue } from './use-debounced-value';

/**
 * A bird name typed freely, with catalogue species suggested as one types; a name not in the catalogue
 * ('New bird - …', 'Unknown Birds') goes to the new-species list.
 */
export function BirdNameInput({
  value = '',
  onChange,
  id,
}: {
  value?: string;
  onChange?: (value: string) => void;
  id?: string;
}) {
  const q = useDebouncedValue(value.trim());
  const { data } = useListSpeciesQuery({ search: q, limit: '8' }, { skip: q.length < 2 });
  return (
    <AutoComplete
      id={id}
      value={value}
      onChange={(v: string) => onChange?.(v ?? '')}
      placeholder="e.g. Black-necked Crane, or New bird - striped babbler"
      options={(q.length < 2 ? [] : (data?.species ?? [])).map((s) => ({
        value: s.englishName,
        label: (
          <span>
            {s.englishName}
            {s.scientificName && <i className="records-muted"> {s.scientificName}</i>}
          </span>
        ),
      }))}
    />
  );
}
