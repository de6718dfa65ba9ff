/** What a key does on the checklist details page (keyboard review). */
export type ReviewKeyAction =
  | { type: 'move'; by: 1 | -1 }
  | { type: 'review'; status: 'approved' | 'rejected' }
  | { type: 'select' }
  | { type: 'help' };

/** The shortcuts, as the help popover lists them. */
export const REVIEW_SHORTCUTS: readonly { keys: string[]; what: string }[] = [
  { keys: ['j'], what: 'Next entry' },
  { keys: ['k'], what: 'Previous entry' },
  { keys: ['a'], what: 'Approve the highlighted entry, then go to the next' },
  { keys: ['r'], what: 'Reject the highlighted entry, then go to the next' },
  { keys: ['x'], what: 'Select or unselect the highlighted entry (for bulk review)' },
  { keys: ['?'], what: 'Show or hide these shortcuts' },
];

const KEYS: Record<string, ReviewKeyAction> = {
  j: { type: 'move', by: 1 },
  k: { type: 'move', by: -1 },
  a: { type: 'review', status: 'approved' },
  r: { type: 'review', status: 'rejected' },
  x: { type: 'select' },
  '?': { type: 'help' },
};

/** The parts of a DOM element the rules look at (a plain object in unit tests). */
export interface KeyTarget {
  tagName?: string;
  isContentEditable?: boolean;
  closest?: (selector: string) => unknown;
}

/**
 * Whether a key press lands where someone is typing or working in an overlay (an input, a select, an open
 * dialog or dropdown): shortcuts stay out of the way there.
 */
export function isTypingTarget(target: KeyTarget | null | undefined): boolean {
  if (!target) return false;
  const tag = target.tagName?.toUpperCase();
  if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (target.isContentEditable) return true;
  return Boolean(target.closest?.('[role="dialog"], [role="combobox"], [role="listbox"], .ant-select'));
}

/** The action a key press asks for, or null when it is not a shortcut here. */
export function reviewKeyAction(event: {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  repeat?: boolean;
  target?: KeyTarget | null;
}): ReviewKeyAction | null {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  if (isTypingTarget(event.target)) return null;
  const action = KEYS[event.key] ?? KEYS[event.key.toLowerCase()];
  if (!action) return null;
  // Holding a key down moves through the rows, but must not review row after row.
  if (event.repeat && action.type !== 'move') return null;
  return action;
}

/** The highlighted row after a move: within the table, starting from the top when none is highlighted. */
export function moveHighlight(current: number, by: 1 | -1, count: number): number {
  if (count <= 0) return -1;
  if (current < 0) return by > 0 ? 0 : count - 1;
  return Math.min(count - 1, Math.max(0, current + by));
}
