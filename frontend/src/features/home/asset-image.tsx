import { useRef, useState } from 'react';
import { useNearScreen } from '../../components/use-near-screen';

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
}

/** The API keeps each site image whole (up to 2400 px wide) and as a 960 px copy for phones. */
export function assetSrcSet(name: string): string {
  return `/api/assets/${name}?w=960 960w, /api/assets/${name} 2400w`;
}

/**
 * A site image served by the API. When it is missing the element is dropped, and the container's
 * background colour stands in for it. A lazy one gets its source only when it comes near the
 * screen (the browser's own lazy loading starts thousands of pixels early, inside the first view).
 */
export function AssetImage({ name, alt, className, lazy = true, width, height, sizes = '100vw' }: AssetImageProps) {
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLImageElement>(null);
  const near = useNearScreen(ref, lazy);

  if (failed) return null;
  return (
    <img
      ref={ref}
      className={className}
      src={near ? `/api/assets/${name}` : undefined}
      srcSet={near ? assetSrcSet(name) : undefined}
      sizes={sizes}
      alt={alt}
      loading={lazy ? 'lazy' : 'eager'}
      decoding="async"
      // An image above the fold (the hero) is what the first view waits for: fetched first.
      fetchPriority={lazy ? undefined : 'high'}
      width={width}
      height={height}
      onError={() => setFailed(true)}
    />
  );
}
