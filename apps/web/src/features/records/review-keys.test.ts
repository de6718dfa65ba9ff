import { describe, expect, it } from 'vitest';
import { isTypingTarget, moveHighlight, REVIEW_SHORTCUTS, reviewKeyAction } from './review-keys';

const body = { tagName: 'BODY', closest: () => null };
const press = (key: string, extra: Record<string, unknown> = {}) =>
  reviewKeyAction({ key, target: body, ...extra });

describe('keyboard review', () => {
  it('j/k move, a approves, r rejects, x selects, ? shows the help', () => {
    expect(press('j')).toEqual({ type: 'move', by: 1 });
    expect(press('k')).toEqual({ type: 'move', by: -1 });
    expect(press('a')).toEqual({ type: 'review', status: 'approved' });
    expect(press('r')).toEqual({ type: 'review', status: 'rejected' });
    expect(press('x')).toEqual({ type: 'select' });
    expect(press('?')).toEqual({ type: 'help' });
    expect(press('A')).toEqual({ type: 'review', status: 'approved' });
    expect(press('q')).toBeNull();
    expect(press('Enter')).toBeNull();
  });

  it('leaves key combinations to the browser (Ctrl+R reloads, Cmd+A selects)', () => {
    expect(press('r', { ctrlKey: true })).toBeNull();
    expect(press('a', { metaKey: true })).toBeNull();
    expect(press('j', { altKey: true })).toBeNull();
  });

  it('is ignored while typing, and in dialogs and dropdowns', () => {
    expect(isTypingTarget({ tagName: 'INPUT' })).toBe(true);
    expect(isTypingTarget({ tagName: 'textarea' })).toBe(true);
    expect(isTypingTarget({ tagName: 'SELECT' })).toBe(true);
    expect(isTypingTarget({ tagName: 'DIV', isContentEditable: true })).toBe(true);
    expect(isTypingTarget({ tagName: 'BUTTON', closest: (s) => (s.includes('dialog') ? {} : null) })).toBe(
      true,
    );
    expect(isTypingTarget({ tagName: 'BUTTON', closest: () => null })).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
    expect(reviewKeyAction({ key: 'a', target: { tagName: 'INPUT' } })).toBeNull();
  });

  it('a held key moves through rows but never reviews row after row', () => {
    expect(press('j', { repeat: true })).toEqual({ type: 'move', by: 1 });
    expect(press('a', { repeat: true })).toBeNull();
  });

  it('keeps the highlight inside the table, starting at the top (or bottom with k)', () => {
    expect(moveHighlight(-1, 1, 5)).toBe(0);
    expect(moveHighlight(-1, -1, 5)).toBe(4);
    expect(moveHighlight(0, 1, 5)).toBe(1);
    expect(moveHighlight(4, 1, 5)).toBe(4);
    expect(moveHighlight(0, -1, 5)).toBe(0);
    expect(moveHighlight(2, 1, 0)).toBe(-1);
  });

  it('explains every shortcut in the help', () => {
    expect(REVIEW_SHORTCUTS.flatMap((s) => s.keys)).toEqual(['j', 'k', 'a', 'r', 'x', '?']);
  });
});
