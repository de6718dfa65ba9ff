import { type RefObject, useEffect, useState } from 'react';

/**
 * True once the element has come within `margin` px of the viewport (and from then on). Heavy parts below the fold
 * (the charts library is 340 KiB compressed) then download only when the person scrolls towards them: a phone on a
 * weak signal that only glances at the top of a page never pays for them. Without IntersectionObserver: at once.
 */
export function useNearViewport(ref: RefObject<Element | null>, margin = 300): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (records) => {
        if (records.some((r) => r.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: `${margin}px 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, margin, near]);
  return near;
}
