import { LeftOutlined, PauseOutlined, CaretRightOutlined, RightOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useDeferredValue, useEffect, useState } from 'react';
import { LinkButton } from '../../components/link-button';
import { usePrefersReducedMotion } from '../../components/use-prefers-reduced-motion';
import { FEATURED_REFETCH_MS, useGetFeaturedPhotosQuery } from '../photos/api';
import { PhotoCard } from '../photos/photo-card';
import { PhotoGrid, PhotoGridItem, PhotoGridSkeleton } from '../photos/photo-grid';
import { FEATURED_ADVANCE_MS, FEATURED_VISIBLE, groupCount, nextGroup, previousGroup, visibleItems } from './featured-carousel-state';

/**
 * Featured photos, three at a time, moving on by three every 25 s. It stops while the pointer or
 * keyboard focus is on it, and can be paused (WCAG 2.2.2); with reduced motion it starts paused.
 */
export function FeaturedCarousel() {
  const featured = useGetFeaturedPhotosQuery(undefined, { pollingInterval: FEATURED_REFETCH_MS });
  // Rendered in slices when the answer comes (gallery-page.tsx does the same).
  const { data: photos, isLoading, isError } = useDeferredValue(featured);
  const reducedMotion = usePrefersReducedMotion();
  const [group, setGroup] = useState(0);
  const [paused, setPaused] = useState(reducedMotion);
  const [holding, setHolding] = useState(false);
  const total = photos?.length ?? 0;
  const groups = groupCount(total);
  const current = group % groups;

  useEffect(() => {
    if (paused || holding || groups <= 1) return undefined;
    const timer = window.setInterval(() => setGroup((g) => nextGroup(g, total)), FEATURED_ADVANCE_MS);
    return () => window.clearInterval(timer);
  }, [paused, holding, groups, total]);

  return (
    <section className="home-section featured" aria-labelledby="featured-heading">
      <div className="home-section__head">
        <div>
          <h2 id="featured-heading" className="home-section__title">
            Featured Photos
          </h2>
          <p className="home-section__lead">Standout work from the community, chosen by our team.</p>
        </div>
        {groups > 1 && (
          <div className="featured__controls">
            <Button icon={<LeftOutlined />} aria-label="Previous featured photos" onClick={() => setGroup(previousGroup(current, total))} />
            <span className="featured__position tabular-nums" aria-live="polite">
              {current + 1} / {groups}
            </span>
            <Button icon={<RightOutlined />} aria-label="Next featured photos" onClick={() => setGroup(nextGroup(current, total))} />
            <Button
              icon={paused ? <CaretRightOutlined /> : <PauseOutlined />}
              aria-label={paused ? 'Play featured photos' : 'Pause featured photos'}
              aria-pressed={paused}
              onClick={() => setPaused((p) => !p)}
            />
          </div>
        )}
      </div>
      {isLoading && <PhotoGridSkeleton count={FEATURED_VISIBLE} label="Loading featured photos" />}
      {(isError || (photos && photos.length === 0)) && (
        <div className="empty-state empty-state--compact">
          <p>Featured photos appear here soon. In the meantime, see what the community has shared.</p>
          <LinkButton to="/gallery">Explore Gallery</LinkButton>
        </div>
      )}
      {photos && photos.length > 0 && (
        <div
          onMouseEnter={() => setHolding(true)}
          onMouseLeave={() => setHolding(false)}
          onFocus={() => setHolding(true)}
          onBlur={() => setHolding(false)}
          data-testid="featured-carousel"
        >
          <PhotoGrid label="Featured photos">
            {visibleItems(photos, current).map((photo) => (
              <PhotoGridItem key={photo.id}>
                <PhotoCard photo={photo} headingLevel={3} />
              </PhotoGridItem>
            ))}
          </PhotoGrid>
        </div>
      )}
    </section>
  );
}
