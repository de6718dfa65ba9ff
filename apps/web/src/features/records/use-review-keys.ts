import { useEffect, useRef } from 'react';
import { type ReviewKeyAction, reviewKeyAction } from './review-keys';

/** Calls `onAction` for the review shortcuts pressed anywhere on the page (not while typing). */
export function useReviewKeys(onAction: (action: ReviewKeyAction) => void, enabled = true) {
  const handler = useRef(onAction);
  handler.current = onAction;
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented) return;
      const action = reviewKeyAction({
        key: e.key,
        ctrlKey: e.ctrlKey,
        metaKey: e.metaKey,
        altKey: e.altKey,
        repeat: e.repeat,
        target: e.target instanceof Element ? e.target : null,
      });
      if (!action) return;
      e.preventDefault();
      handler.current(action);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled]);
}
