import { AutoComplete } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useSuggestVillagesQuery } from './locations.api';
import { useDebouncedValue } from './use-debounced-value';

interface VillageAutoCompleteProps {
  value?: string;
  onChange?: (value: string) => void;
  onSelect?: (value: string) => void;
  onPressEnter?: () => void;
  onBlur?: () => void;
  dzongkhag?: string;
  gewog?: string;
  className?: string;
  id?: string;
  placeholder?: string;
}

/**
 * A village typed freely, with the names already used in the chosen dzongkhag and gewog suggested as one
 * types (villages are free text: the reference list is incomplete and spellings vary).
 */
export function VillageAutoComplete({
  value = '',
  onChange,
  onSelect,
  onPressEnter,
  onBlur,
  dzongkhag,
  gewog,
  className,
  id,
  placeholder = 'Village',
}: VillageAutoCompleteProps) {
  const q = useDebouncedValue(value.trim());
  const [focused, setFocused] = useState(false);
  // Suggestions need a dzongkhag (the API's rule); within one, the most used names come first.
  const { data: villages } = useSuggestVillagesQuery(
    { dzongkhag: dzongkhag ?? '', ...(gewog ? { gewog } : {}), ...(q ? { q } : {}) },
    { skip: !focused || !dzongkhag },
  );
  return (
    <AutoComplete
      id={id}
      className={className}
      aria-label="Village"
      placeholder={placeholder}
      allowClear
      value={value}
      options={(villages ?? []).map((v) => ({ value: v, label: v }))}
      onChange={(v: string) => onChange?.(v ?? '')}
      onSelect={(v: string) => onSelect?.(v)}
      onFocus={() => setFocused(true)}
      onBlur={() => {
        setFocused(false);
        onBlur?.();
      }}
      onInputKeyDown={(e) => {
        if (e.key === 'Enter') onPressEnter?.();
      }}
    />
  );
}

/** The village filter: typed text is applied on Enter, on leaving the box, or by picking a suggestion. */
export function VillageInput({
  value,
  onCommit,
  dzongkhag,
  gewog,
  className,
}: {
  value: string;
  onCommit: (value: string) => void;
  dzongkhag: string;
  gewog: string;
  className?: string;
}) {
  const [draft, setDraft] = useState(value);
  const committed = useRef(value);
  useEffect(() => {
    if (value !== committed.current) {
      committed.current = value;
      setDraft(value);
    }
  }, [value]);
  const commit = (next: string) => {
    const clean = next.trim();
    if (clean === committed.current) return;
    committed.current = clean;
    onCommit(clean);
  };
  return (
    <VillageAutoComplete
      className={className}
      value={draft}
      dzongkhag={dzongkhag || undefined}
      gewog={gewog || undefined}
      onChange={(v) => {
        setDraft(v);
        if (v === '') commit('');
      }}
      onSelect={commit}
      onPressEnter={() => commit(draft)}
      onBlur={() => commit(draft)}
    />
  );
}
