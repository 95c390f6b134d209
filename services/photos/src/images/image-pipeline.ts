import exifReader from 'exif-reader';
import { decodeHeic, heicDimensions, MemoryLimitError, reportProgress } from '@wildframe/platform/worker';
import type { RawImage } from '@wildframe/platform/worker';
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import type { CameraSettings } from '../domain/photo';
import { normaliseCamera } from '../nature/camera-names';
import { gpsFromExif } from '../nature/exif-place';
import { ImageKind, ImageRefusal, ProcessedImage } from './image-kinds';
import type { AnalysisCopyReady } from './image-kinds';

/** The FAQ's minimum, 800x600, as a pixel count so portrait and panoramic photos qualify alike. */
export const MIN_PIXELS = 800 * 600;

/** The long side of the display copy and of the analysis copy, the largest derivatives. */
const DISPLAY_SIZE = 2048;
/**
 * libwebp's effort (0-6; sharp's default 4). Measured on a 12 MP JPEG, every derivative: 1.49 s
 * decoding once per derivative, 0.99 s decoding once, 0.57 s decoding once at effort 2, for a
 * display copy 3 % larger (607 → 623 KB). Uploads wait for this; the bytes saved at 4 do not pay.
 */
const WEBP_EFFORT = 2;

function ratio(value: unknown): string | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? String(Math.round(value * 10) / 10) : undefined;
}

/** Camera settings (make and model as photographers write them); the GPS position is read apart (nature/exif-place). */
export function cameraSettings(exif: Buffer | undefined): CameraSettings | null {
  if (!exif) return null;
  try {
    const data = exifReader(exif) as { Image?: Record<string, unknown>; Photo?: Record<string, unknown> };
    const image = data.Image ?? {};
    const photo = data.Photo ?? {};
    const exposure = typeof photo['ExposureTime'] === 'number' ? (photo['ExposureTime'] as number) : undefined;
    const settings: CameraSettings = {
      make: typeof image['Make'] === 'string' ? (image['Make'] as string).trim() : undefined,
      model: typeof image['Model'] === 'string' ? (image['Model'] as string).trim() : undefined,
      lens: typeof photo['LensModel'] === 'string' ? (photo['LensModel'] as string).trim() : undefined,
      focalLength: ratio(photo['FocalLength']) && `${ratio(photo['FocalLength'])} mm`,
      aperture: ratio(photo['FNumber']) && `f/${ratio(photo['FNumber'])}`,
      shutterSpeed: exposure === undefined ? undefined : exposure >= 1 ? `${exposure} s` : `1/${Math.round(1 / exposure)} s`,
      iso: typeof photo['ISOSpeedRatings'] === 'number' ? (photo['ISOSpeedRatings'] as number) : undefined,
      takenAt: photo['DateTimeOriginal'] instanceof Date ? (photo['DateTimeOriginal'] as Date).toISOString() : undefined,
    };
    return normaliseCamera(settings);
  } catch {
    return null;
  }
}

function hex(channel: number): string {
  return Math.max(0, Math.min(255, Math.round(channel))).toString(16).padStart(2, '0');
}

/**
 * Decodes once and makes every derivative. Runs in an image worker process (`image-worker.ts`),
 * never in the web process: HEIC is decoded in WebAssembly, and every decode takes the CPU for a
 * while. Orientation is applied; derivatives carry no metadata (sharp writes none unless asked),
 * so GPS never leaves the original. Nothing larger than `maxPixels` is decoded.
 */
export async function processImage(path: string, kind: ImageKind, maxPixels: number): Promise<ProcessedImage> {
  const bytes = kind === 'heic' ? await readFile(path) : undefined;
  if (bytes) {
    // Measured from the header before any HEIF reader (sharp's metadata included) parses it:
    // libheif has had heap overflows on crafted files.
    const size = heicDimensions(bytes);
    if (!size) throw new ImageRefusal('UNREADABLE');
    if (size.width * size.height > maxPixels) throw new ImageRefusal('TOO_MANY_PIXELS');
  }
  let meta: sharp.Metadata;
  try {
    meta = await sharp(path, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRefusal('UNREADABLE');
  }
  const pixels = (meta.width ?? 0) * (meta.height ?? 0);
  if (pixels > maxPixels) throw new ImageRefusal('TOO_MANY_PIXELS');
  if (pixels < MIN_PIXELS) throw new ImageRefusal('TOO_SMALL');

  let decoded: RawImage | undefined;
  if (bytes) {
    try {
      decoded = await decodeHeic(bytes);
    } catch (error) {
      if (error instanceof MemoryLimitError) throw error;
      throw new ImageRefusal('UNREADABLE');
    }
  }
  try {
    // HEIC comes decoded with its rotation and mirroring applied (libheif), as raw pixels.
    const base = decoded ? sharp(decoded.data, { raw: decoded.raw, limitInputPixels: maxPixels }) : sharp(path, { limitInputPixels: maxPixels }).rotate();
    // EXIF orientations 5-8 turn the picture a quarter: width and height swap once applied.
    const quarterTurn = !decoded && (meta.orientation ?? 1) >= 5;
    const width = decoded?.raw.width ?? meta.width ?? 0;
    const height = decoded?.raw.height ?? meta.height ?? 0;
    // Decoded and scaled once to the largest size anything here needs (the display copy's long
    // side); every derivative is made from those raw pixels rather than decoding the upload again.
    const scaled = await base
      .resize({ width: DISPLAY_SIZE, height: DISPLAY_SIZE, fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const { width: w, height: h, channels } = scaled.info;
    const copy = () => sharp(scaled.data, { raw: { width: w, height: h, channels } });
    // The analysis copy first, sent ahead (a pool job's progress): the upload starts the critique
    // with it while the other derivatives are made.
    const analysisCopy = await copy().jpeg({ quality: 88 }).toBuffer();
    await reportProgress({ analysisCopy } satisfies AnalysisCopyReady);
    const [thumbnail, display, social, stats] = await Promise.all([
      copy().resize({ width: 640, withoutEnlargement: true }).webp({ quality: 72, effort: WEBP_EFFORT }).toBuffer(),
      copy().webp({ quality: 82, effort: WEBP_EFFORT }).toBuffer(),
      copy().resize(1200, 630, { fit: 'cover', position: 'attention' }).jpeg({ quality: 82, mozjpeg: true }).toBuffer(),
      copy().resize(64, 64, { fit: 'inside' }).stats(),
    ]);
    const { r, g, b } = stats.dominant;
    return {
      width: quarterTurn ? height : width,
      height: quarterTurn ? width : height,
      dominantColor: `#${hex(r)}${hex(g)}${hex(b)}`,
      camera: cameraSettings(meta.exif),
      gps: gpsFromExif(meta.exif),
      thumbnail,
      display,
      social,
      analysisCopy,
    };
  } catch (error) {
    if ((error as Error).message?.includes('pixel limit')) throw new ImageRefusal('TOO_MANY_PIXELS');
    throw new ImageRefusal('UNREADABLE');
  }
}
