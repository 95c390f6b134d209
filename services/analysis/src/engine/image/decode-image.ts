import sharp from 'sharp';
import type { RgbImage } from './pixels';

/** Longest side of the copy every measurement and model works on. */
export const WORKING_SIZE = 1024;
/** Side of the full-resolution centre crop where pixel-level noise and JPEG blocks are read. */
export const DETAIL_CROP = 768;
/** Refuse decompression bombs before decoding; the photos service sends ≤ 2048 px copies anyway. */
const MAX_INPUT_PIXELS = 100_000_000;

export interface DecodedImage {
  /** Downscaled copy (longest side ≤ WORKING_SIZE), upright, sRGB, alpha flattened on white. */
  working: RgbImage;
  /** Centre crop at the image's own resolution, where one pixel is one pixel of the photo. */
  detail: RgbImage;
  originalWidth: number;
  originalHeight: number;
  format: string;
}

/** Thrown when the bytes are not an image sharp can read. */
export class UnreadableImageError extends Error {
  constructor(cause: unknown) {
    super(`The image could not be read: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'UnreadableImageError';
  }
}

async function toRgb(pipeline: sharp.Sharp): Promise<RgbImage> {
  const { data, info } = await pipeline
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 3) throw new Error(`expected 3 channels, got ${info.channels}`);
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
}

/**
 * Decodes once into the two copies the measurements need. JPEG shrink-on-load keeps a 12 MP
 * photo's working copy cheap; the detail crop decodes only the rows down to the crop.
 */
export async function decodeImage(bytes: Buffer): Promise<DecodedImage> {
  try {
    const source = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    const meta = await source.metadata();
    if (!meta.width || !meta.height) throw new Error('no dimensions');
    // EXIF orientations 5-8 swap width and height once the photo is upright.
    const swapped = (meta.orientation ?? 1) >= 5;
    const width = swapped ? meta.height : meta.width;
    const height = swapped ? meta.width : meta.height;
    const cropWidth = Math.min(DETAIL_CROP, width);
    const cropHeight = Math.min(DETAIL_CROP, height);
    const [working, detail] = await Promise.all([
      toRgb(
        sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
          .rotate()
          .resize({ width: WORKING_SIZE, height: WORKING_SIZE, fit: 'inside', withoutEnlargement: true, kernel: 'lanczos3' }),
      ),
      toRgb(
        sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
          .rotate()
          .extract({
            left: Math.floor((width - cropWidth) / 2),
            top: Math.floor((height - cropHeight) / 2),
            width: cropWidth,
            height: cropHeight,
          }),
      ),
    ]);
    return { working, detail, originalWidth: width, originalHeight: height, format: meta.format ?? 'unknown' };
  } catch (error) {
    throw new UnreadableImageError(error);
  }
}
