import { SearchOutlined } from '@ant-design/icons';
import { Input } from 'antd';
import { useEffect, useRef, useState } from 'react';

/** Waits this long after the last keystroke before searching (Enter searches at once). */
const DEBOUNCE_MS = 400;

/**
 * A text filter that searches as you type: it keeps what is typed locally and commits it after a short
 * pause, on Enter, or when cleared; it follows the URL when that changes elsewhere (back, clear all).
 */
export function DebouncedSearch({
  value,
  onCommit,
  placeholder,
  label,
  className,
}: {
  value: string;
  onCommit: (value: string) => void;
  placeholder: string;
  label: string;
  className?: string;
}) {
  const [draft, setDraft] = useState(value);
  const committed = useRef(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    if (value !== committed.current) {
      committed.current = value;
      setDraft(value);
    }
  }, [value]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const commit = (next: string) => {
    clearTimeout(timer.current);
    if (next.trim() === committed.current.trim()) return;
    committed.current = next.trim();
    onCommit(next.trim());
  };

  return (
    <Input
      className={className}
      value={draft}
      allowClear
      prefix={<SearchOutlined />}
      placeholder={placeholder}
      aria-label={label}
      onChange={(e) => {
        const next = e.target.value;
        setDraft(next);
        clearTimeout(timer.current);
        if (next === '') commit('');
        else timer.current = setTimeout(() => commit(next), DEBOUNCE_MS);
      }}
      onPressEnter={() => commit(draft)}
    />
  );
}
