import { useState } from 'react';

interface AssetImageProps {
  /** Name under /api/assets/. */
  name: string;
  alt: string;
  className?: string;
  lazy?: boolean;
  width?: number;
  height?: number;
}

/**
 * A site image served by the API. When it is missing the element is dropped, and the container's
 * background colour stands in for it.
 */
export function AssetImage({ name, alt, className, lazy = true, width, height }: AssetImageProps) {
  const [failed, setFailed] = useState(false);
  if (failed) return null;
  return (
    <img
      className={className}
      src={`/api/assets/${name}`}
      alt={alt}
      loading={lazy ? 'lazy' : 'eager'}
      decoding="async"
      width={width}
      height={height}
      onError={() => setFailed(true)}
    />
  );
}
