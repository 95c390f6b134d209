import { CloseOutlined, ExpandOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type TouchEvent } from 'react';
import { createPortal } from 'react-dom';
import { FULLSCREEN_SIZES, photoSrcSet } from './image-sources';
import type { PhotoCard, PhotoCredit } from './types';
import './fullscreen-viewer.css';

/** What the viewer shows of a photo: the frame, its title and who shared it (and its credit when known). */
export type ViewerPhoto = Pick<PhotoCard, 'id' | 'title' | 'imageUrl' | 'thumbnailUrl' | 'width' | 'height' | 'username'> & {
  credit?: PhotoCredit | null;
};

/** A horizontal swipe longer than this moves to the next or previous photo (phones). */
const SWIPE_PX = 50;

const FOCUSABLE = 'button:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])';

/**
 * Opens the full-screen viewer on one photo of a list (the gallery's page, or the one photo of a
 * photo page) and moves through that list. The element it returns goes anywhere in the page.
 */
export function useFullscreenViewer(photos: readonly ViewerPhoto[]) {
  const [openId, setOpenId] = useState<string | null>(null);
  const index = openId === null ? -1 : photos.findIndex((photo) => photo.id === openId);
  const open = useCallback((photo: Pick<ViewerPhoto, 'id'>) => setOpenId(photo.id), []);
  const viewer =
    index >= 0 ? <FullscreenViewer photos={photos} index={index} onIndexChange={(next) => setOpenId(photos[next]?.id ?? null)} onClose={() => setOpenId(null)} /> : null;
  return { open, viewer };
}

/** The button over a photo that opens it full screen. */
export function FullscreenButton({ title, onOpen }: { title: string; onOpen: () => void }) {
  return (
    <button type="button" className="fullscreen-open" onClick={onOpen} aria-label={`View ${title} full screen`} title="Full screen">
      <ExpandOutlined aria-hidden="true" />
    </button>
  );
}

interface FullscreenViewerProps {
  photos: readonly ViewerPhoto[];
  index: number;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}

/**
 * The whole frame at the largest size the screen allows, on a dark surface, with the title and
 * who shared it. Keyboard: Escape closes, the arrow keys move to the previous and next photo of
 * the list, Tab stays inside (the page behind is inert); focus goes back where it was on close.
 * Its fade-ins are off under prefers-reduced-motion (fullscreen-viewer.css).
 */
export function FullscreenViewer({ photos, index, onIndexChange, onClose }: FullscreenViewerProps) {
  const dialog = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const touchStart = useRef<number | null>(null);
  const titleId = useId();
  const photo = photos[index];
  const hasPrevious = index > 0;
  const hasNext = index < photos.length - 1;

  // Open: focus in the viewer, the page behind inert and still; close: all as it was, focus back.
  useEffect(() => {
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const root = document.getElementById('root');
    const overflow = document.body.style.overflow;
    if (root) root.inert = true;
    document.body.style.overflow = 'hidden';
    closeButton.current?.focus();
    return () => {
      if (root) root.inert = false;
      document.body.style.overflow = overflow;
      returnTo?.focus({ preventScroll: true });
    };
  }, []);

  // The neighbours are fetched ahead, so moving on shows the next photo at once.
  useEffect(() => {
    for (const neighbour of [photos[index - 1], photos[index + 1]]) {
      if (neighbour) new Image().src = neighbour.imageUrl;
    }
  }, [photos, index]);

  if (!photo) return null;

  const previous = () => hasPrevious && onIndexChange(index - 1);
  const next = () => hasNext && onIndexChange(index + 1);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      previous();
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      next();
    } else if (event.key === 'Tab') {
      trapTab(event);
    }
  };

  /** Tab and Shift+Tab go round the viewer's controls only. */
  const trapTab = (event: KeyboardEvent<HTMLDivElement>) => {
    const focusable = Array.from(dialog.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? []);
    if (focusable.length === 0) return;
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    const active = document.activeElement;
    const inside = active instanceof HTMLElement && focusable.includes(active);
    if (event.shiftKey && (!inside || active === first)) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && (!inside || active === last)) {
      event.preventDefault();
      first?.focus();
    }
  };

  const onTouchStart = (event: TouchEvent) => {
    touchStart.current = event.touches[0]?.clientX ?? null;
  };
  const onTouchEnd = (event: TouchEvent) => {
    const start = touchStart.current;
    const end = event.changedTouches[0]?.clientX;
    touchStart.current = null;
    if (start === null || end === undefined) return;
    if (end - start > SWIPE_PX) previous();
    else if (start - end > SWIPE_PX) next();
  };

  return createPortal(
    <div
      ref={dialog}
      className="fullscreen-viewer"
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-roledescription="Full-screen photo viewer"
      tabIndex={-1}
      onKeyDown={onKeyDown}
      data-testid="fullscreen-viewer"
    >
      <div className="fullscreen-viewer__bar">
        {photos.length > 1 ? (
          <p className="fullscreen-viewer__position tabular-nums" aria-live="polite">
            {index + 1} of {photos.length}
          </p>
        ) : (
          <span />
        )}
        <button ref={closeButton} type="button" className="fullscreen-viewer__button" onClick={onClose} aria-label="Close full screen">
          <CloseOutlined aria-hidden="true" />
        </button>
      </div>
      <div className="fullscreen-viewer__stage" onTouchStart={onTouchStart} onTouchEnd={onTouchEnd}>
        {/* Keyed by photo: each one fades in on its own (not under reduced motion). */}
        <img
          key={photo.id}
          className="fullscreen-viewer__image"
          src={photo.imageUrl}
          srcSet={photoSrcSet(photo)}
          sizes={FULLSCREEN_SIZES}
          width={photo.width}
          height={photo.height}
          alt={photo.title}
          decoding="async"
        />
        {photos.length > 1 && (
          <>
            <button
              type="button"
              className="fullscreen-viewer__button fullscreen-viewer__nav fullscreen-viewer__nav--previous"
              onClick={previous}
              disabled={!hasPrevious}
              aria-label="Previous photo"
            >
              <LeftOutlined aria-hidden="true" />
            </button>
            <button type="button" className="fullscreen-viewer__button fullscreen-viewer__nav fullscreen-viewer__nav--next" onClick={next} disabled={!hasNext} aria-label="Next photo">
              <RightOutlined aria-hidden="true" />
            </button>
          </>
        )}
      </div>
      <div className="fullscreen-viewer__caption">
        <h2 id={titleId} className="fullscreen-viewer__title">
          {photo.title}
        </h2>
        <p className="fullscreen-viewer__by">
          by {photo.username}
          {photo.credit && (
            <>
              {' · '}Photo: {photo.credit.author} · {photo.credit.licence}
            </>
          )}
        </p>
      </div>
    </div>,
    document.body,
  );
}
