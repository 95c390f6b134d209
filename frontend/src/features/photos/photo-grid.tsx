import { Skeleton } from 'antd';
import type { ReactNode } from 'react';

/** The responsive grid of photo cards: 3 columns on desktop, 2 on tablets, 1 on phones. */
export function PhotoGrid({ children, label, compact = false }: { children: ReactNode; label?: string; compact?: boolean }) {
  return (
    <div className={`photo-grid${compact ? ' photo-grid--compact' : ''}`} role="list" aria-label={label}>
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
