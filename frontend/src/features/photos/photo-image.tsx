import { useRef, type CSSProperties } from 'react';
import { useNearScreen } from '../../components/use-near-screen';
import { CARD_SIZES, DETAIL_SIZES, photoSrcSet } from './image-sources';
import type { PhotoCard } from './types';

interface PhotoImageProps {
  photo: Pick<PhotoCard, 'thumbnailUrl' | 'imageUrl' | 'width' | 'height' | 'dominantColor' | 'title'>;
  /** 'card': fixed frame, cropped to fill (grids). 'full': the whole frame, never cropped (detail). */
  variant: 'card' | 'full';
  /** Below the fold: load when scrolled near. */
  lazy?: boolean;
  /** Among the first things the page shows: fetched before other images. */
  priority?: boolean;
  /** Text alternative; the title when not given. */
  alt?: string;
  className?: string;
}

/**
 * A photo with explicit width and height (no layout shift) and its dominant colour behind it while
 * the image loads.
 */
export function PhotoImage({ photo, variant, lazy = true, priority = false, alt, className }: PhotoImageProps) {
  const style: CSSProperties = { backgroundColor: photo.dominantColor || undefined };
  const ref = useRef<HTMLImageElement>(null);
  // Below the fold the source is set only near the screen; the colour holds the place till then.
  const near = useNearScreen(ref, lazy);
  const attributes = {
    className: ['photo-image', `photo-image--${variant}`, className].filter(Boolean).join(' '),
    sizes: variant === 'card' ? CARD_SIZES : DETAIL_SIZES,
    width: photo.width,
    height: photo.height,
    alt: alt ?? photo.title,
    decoding: 'async',
    style,
  } as const;
  const src = variant === 'card' ? photo.thumbnailUrl : photo.imageUrl;
  return (
    <>
      <img
        ref={ref}
        {...attributes}
        src={near ? src : undefined}
        srcSet={near ? photoSrcSet(photo) : undefined}
        loading={lazy ? 'lazy' : 'eager'}
        fetchPriority={priority ? 'high' : undefined}
      />
      {/* Server-rendered pages (the gallery) read without scripts: the image itself, left to the
          browser's lazy loading (photos.css hides the placeholder then). React never hydrates it. */}
      {!near && (
        <noscript>
          <img {...attributes} src={src} srcSet={photoSrcSet(photo)} loading="lazy" />
        </noscript>
      )}
    </>
  );
}
