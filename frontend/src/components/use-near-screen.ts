import { useEffect, useState, type RefObject } from 'react';

/** How far below the screen a deferred image starts loading: close, so the first view stays light. */
const NEAR_MARGIN = '300px 0px';

/**
 * True once the element comes within NEAR_MARGIN of the screen (at once when `defer` is false or
 * the browser has no IntersectionObserver). The browser's own lazy loading starts thousands of
 * pixels early, which puts images far down the page into the first view's bytes.
 */
export function useNearScreen(ref: RefObject<Element | null>, defer: boolean): boolean {
  const [near, setNear] = useState(!defer);
  useEffect(() => {
    if (near) return undefined;
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return undefined;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: NEAR_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, ref]);
  return near;
}
