import { Skeleton } from 'antd';
import { Children, isValidElement, useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';

/** Height of the masonry grid's implicit rows (photos.css, .photo-grid--masonry). */
const MASONRY_ROW_PX = 4;

/**
 * Masonry: each item spans as many small rows as its card is tall, so photos keep their own
 * shape and each column packs up under the one above, with the reading order left as it is.
 */
function useMasonry(grid: RefObject<HTMLDivElement | null>, enabled: boolean, itemsKey: string): void {
  useLayoutEffect(() => {
    const element = grid.current;
    if (!enabled || !element || typeof ResizeObserver === 'undefined') return undefined;
    const place = () => {
      const gap = parseFloat(getComputedStyle(element).columnGap) || 0;
      const items = Array.from(element.children) as HTMLElement[];
      // All reads, then all writes: one layout, not one per card.
      const spans = items.map((item) => {
        const card = item.firstElementChild;
        return card ? `span ${Math.ceil((card.getBoundingClientRect().height + gap) / MASONRY_ROW_PX)}` : '';
      });
      items.forEach((item, index) => {
        const span = spans[index];
        if (span && item.style.gridRowEnd !== span) item.style.gridRowEnd = span;
      });
      // The small rows apply from now on (photos.css): before, the spans would mean nothing.
      element.dataset['packed'] = '';
    };
    const observer = new ResizeObserver(place);
    for (const item of Array.from(element.children)) if (item.firstElementChild) observer.observe(item.firstElementChild);
    place();
    return () => {
      observer.disconnect();
      delete element.dataset['packed'];
    };
  }, [grid, enabled, itemsKey]);
}

interface PhotoGridProps {
  children: ReactNode;
  label?: string;
  compact?: boolean;
  /** Photos in their own proportions, packed in columns (the gallery). */
  masonry?: boolean;
}

/** The responsive grid of photo cards: 3 columns on desktop, 2 on tablets, 1 on phones. */
export function PhotoGrid({ children, label, compact = false, masonry = false }: PhotoGridProps) {
  const ref = useRef<HTMLDivElement>(null);
  // A new page of photos is a new set of items to measure; other renders keep the observer.
  const itemsKey = Children.map(children, (child) => (isValidElement(child) ? child.key : null))?.join('|') ?? '';
  useMasonry(ref, masonry, itemsKey);
  const classes = ['photo-grid', compact && 'photo-grid--compact', masonry && 'photo-grid--masonry'].filter(Boolean).join(' ');
  return (
    <div ref={ref} className={classes} role="list" aria-label={label}>
      {children}
    </div>
  );
}

export function PhotoGridItem({ children }: { children: ReactNode }) {
  return (
    <div className="photo-grid__item" role="listitem">
      {children}
    </div>
  );
}

/** Placeholders while a list loads (the spec's counts: 6 gallery, 8 profile, 9 my photos). */
export function PhotoGridSkeleton({ count, label, compact = false }: { count: number; label: string; compact?: boolean }) {
  return (
    <div className={`photo-grid${compact ? ' photo-grid--compact' : ''}`} role="status" aria-label={label} data-testid="photo-skeletons">
      {Array.from({ length: count }, (_, index) => (
        <div key={index} className="photo-card photo-card--skeleton" aria-hidden="true" data-testid="photo-skeleton">
          <div className="photo-card__skeleton-image" />
          <div className="photo-card__body">
            <Skeleton active title={{ width: '70%' }} paragraph={{ rows: 1, width: '40%' }} />
          </div>
        </div>
      ))}
    </div>
  );
}
