import { useRef, useState } from 'react';
import { useNearScreen } from '../../components/use-near-screen';

/** The API keeps each site image whole (up to 2400 px wide) and as 320, 640, 960 and 1200 px copies. */
type AssetWidth = 320 | 640 | 960 | 1200;
const PAGE_WIDTHS: readonly AssetWidth[] = [640, 960, 1200];

interface AssetImageProps {
  /** Name under /api/assets/. */
  name: string;
  alt: string;
  className?: string;
  lazy?: boolean;
  width?: number;
  height?: number;
  /** The image's displayed width, for choosing between the phone copy and the full image. */
  sizes?: string;
  /** The copies offered (the hero's are also in its preload, so they stay the default ones). */
  widths?: readonly AssetWidth[];
}

/** The copies of a site image, and the whole one, for a srcset. */
export function assetSrcSet(name: string, widths: readonly AssetWidth[] = PAGE_WIDTHS): string {
  const copies = widths.map((width) => `/api/assets/${name}?w=${width} ${width}w`);
  return [...copies, `/api/assets/${name} 2400w`].join(', ');
}

/**
 * Where an image in the page's HTML may take a copy wider than the phone one. Above the default
 * layout width of a phone browser (980 px): its preload scanner reads the HTML before it knows
 * the real width, and took the 2400 px copy of the prerendered hero on phones besides the 960 px
 * one. The same query is in the home page's preload (services/gateway social-preview).
 */
export const WIDE_SCREEN = '(min-width: 1025px)';

/**
 * A site image served by the API. When it is missing the element is dropped, and the container's
 * background colour stands in for it. A lazy one gets its source only when it comes near the
 * screen (the browser's own lazy loading starts thousands of pixels early, inside the first view).
 */
export function AssetImage({ name, alt, className, lazy = true, width, height, sizes = '100vw', widths }: AssetImageProps) {
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLImageElement>(null);
  const near = useNearScreen(ref, lazy);

  if (failed) return null;
  if (!lazy) {
    // An image above the fold: a phone's copy unless the screen is wide (WIDE_SCREEN).
    return (
      <picture className="asset-picture">
        <source media={WIDE_SCREEN} srcSet={assetSrcSet(name)} sizes={sizes} />
        <img
          ref={ref}
          className={className}
          src={`/api/assets/${name}?w=960`}
          alt={alt}
          loading="eager"
          decoding="async"
          // What the first view waits for: fetched first.
          fetchPriority="high"
          width={width}
          height={height}
          onError={() => setFailed(true)}
        />
      </picture>
    );
  }
  return (
    <img
      ref={ref}
      className={className}
      src={near ? `/api/assets/${name}` : undefined}
      srcSet={near ? assetSrcSet(name, widths) : undefined}
      sizes={sizes}
      alt={alt}
      loading="lazy"
      decoding="async"
      width={width}
      height={height}
      onError={() => setFailed(true)}
    />
  );
}
