// Responsive sources for a photo. The API gives two sizes of each photo: a thumbnail 640 px wide
// and a display copy at most 2048 px on its longest side (never enlarged). Their URLs of private
// photos are signed per size, so the srcset is built from the two URLs as given.
import type { PhotoCard } from './types';

const THUMB_WIDTH = 640;
const DISPLAY_LONGEST = 2048;

export function derivativeWidths(width: number, height: number): { thumb: number; display: number } {
  const w = Math.max(1, Math.round(width));
  const h = Math.max(1, Math.round(height));
  const scale = Math.min(1, DISPLAY_LONGEST / Math.max(w, h));
  return { thumb: Math.min(THUMB_WIDTH, w), display: Math.round(w * scale) };
}

export function photoSrcSet(photo: Pick<PhotoCard, 'thumbnailUrl' | 'imageUrl' | 'width' | 'height'>): string {
  const { thumb, display } = derivativeWidths(photo.width, photo.height);
  if (display <= thumb) return `${photo.imageUrl} ${display}w`;
  return `${photo.thumbnailUrl} ${thumb}w, ${photo.imageUrl} ${display}w`;
}

/**
 * Card images: one column on phones, two on tablets, three on desktop in the 1200 px content width
 * (about 370 px each). On phones the card is declared at most 360 px wide, so ordinary phone
 * screens (up to ~1.8x) take the 640 px thumbnail rather than the 2048 px display copy for a few
 * pixels more.
 */
export const CARD_SIZES = '(max-width: 639px) min(calc(100vw - 2rem), 360px), (max-width: 1023px) calc(50vw - 2rem), min(33vw - 2rem, 372px)';
/** The detail view shows the whole frame at up to the content width (1152 px inside the 1200 px column). */
export const DETAIL_SIZES = '(max-width: 1200px) 100vw, 1152px';
/** Full screen: the whole screen's width at most. */
export const FULLSCREEN_SIZES = '100vw';
