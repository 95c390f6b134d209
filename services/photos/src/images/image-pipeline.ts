import exifReader from 'exif-reader';
import convertHeic from 'heic-convert';
import { heicDimensions } from '@wildframe/platform';
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import type { CameraSettings } from '../domain/photo';
import { photosErrors } from '../domain/photos.errors';
import { normaliseCamera } from '../nature/camera-names';
import { gpsFromExif } from '../nature/exif-place';
import type { GeoPoint } from '../nature/geoprivacy';

export type ImageKind = 'jpeg' | 'png' | 'webp' | 'heic';

export const MIME_TYPES: Record<ImageKind, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', heic: 'image/heic' };
export const EXTENSIONS: Record<ImageKind, string> = { jpeg: 'jpg', png: 'png', webp: 'webp', heic: 'heic' };

/** Decompression-bomb guard: nothing larger than this many pixels is decoded. */
export const MAX_PIXELS = 100_000_000;
/** The FAQ's minimum, 800x600, as a pixel count so portrait and panoramic photos qualify alike. */
export const MIN_PIXELS = 800 * 600;

/** The real type from the file's first bytes; names and declared content types are not trusted. */
export function sniffImageKind(head: Buffer): ImageKind | undefined {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  if (/^ftyp(heic|heix|hevc|hevx|heim|heis|mif1|msf1)/.test(head.subarray(4, 12).toString('latin1'))) return 'heic';
  return undefined;
}

export interface ProcessedImage {
  width: number;
  height: number;
  dominantColor: string;
  camera: CameraSettings | null;
  /** The EXIF GPS position: stored as the photo's exact place (owner only), never in a derivative. */
  gps: GeoPoint | null;
  /** Card size, WebP. */
  thumbnail: Buffer;
  /** Detail view size, WebP. */
  display: Buffer;
  /** 1200x630 JPEG for link previews. */
  social: Buffer;
  /** What the analysis engine gets: at most 2048 px, JPEG, no metadata. */
  analysisCopy: Buffer;
}

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
 * Decodes once and makes every derivative. Orientation is applied; derivatives carry no metadata
 * (sharp writes none unless asked), so GPS never leaves the original.
 */
export async function processImage(original: Buffer | string, kind: ImageKind): Promise<ProcessedImage> {
  const bytes = kind === 'heic' ? (typeof original === 'string' ? await readFile(original) : original) : undefined;
  if (bytes) {
    // Measured from the header before any HEIF reader (sharp's metadata included) parses it:
    // libheif has had heap overflows on crafted files.
    const size = heicDimensions(bytes);
    if (!size) throw photosErrors.unreadable();
    if (size.width * size.height > MAX_PIXELS) throw photosErrors.tooManyPixels();
  }
  let meta: sharp.Metadata;
  try {
    meta = await sharp(original, { limitInputPixels: false }).metadata();
  } catch {
    throw photosErrors.unreadable();
  }
  const pixels = (meta.width ?? 0) * (meta.height ?? 0);
  if (pixels > MAX_PIXELS) throw photosErrors.tooManyPixels();
  if (pixels < MIN_PIXELS) throw photosErrors.tooSmall();

  let decodable = original;
  if (bytes) {
    try {
      decodable = Buffer.from(await convertHeic({ buffer: bytes, format: 'JPEG', quality: 0.92 }));
    } catch {
      throw photosErrors.unreadable();
    }
  }
  try {
    const base = sharp(decodable, { limitInputPixels: MAX_PIXELS }).rotate();
    const decodedMeta = kind === 'heic' ? await sharp(decodable).metadata() : meta;
    // EXIF orientations 5-8 turn the picture a quarter: width and height swap once applied.
    const quarterTurn = (decodedMeta.orientation ?? 1) >= 5;
    const oriented = {
      width: (quarterTurn ? decodedMeta.height : decodedMeta.width) ?? 0,
      height: (quarterTurn ? decodedMeta.width : decodedMeta.height) ?? 0,
    };
    const [thumbnail, display, social, analysisCopy, stats] = await Promise.all([
      base.clone().resize({ width: 640, withoutEnlargement: true }).webp({ quality: 72 }).toBuffer(),
      base.clone().resize({ width: 2048, height: 2048, fit: 'inside', withoutEnlargement: true }).webp({ quality: 82 }).toBuffer(),
      base.clone().resize(1200, 630, { fit: 'cover', position: 'attention' }).jpeg({ quality: 82, mozjpeg: true }).toBuffer(),
      base.clone().resize({ width: 2048, height: 2048, fit: 'inside', withoutEnlargement: true }).jpeg({ quality: 88 }).toBuffer(),
      base.clone().resize(64, 64, { fit: 'inside' }).stats(),
    ]);
    const { r, g, b } = stats.dominant;
    return {
      width: oriented.width,
      height: oriented.height,
      dominantColor: `#${hex(r)}${hex(g)}${hex(b)}`,
      camera: cameraSettings(meta.exif),
      gps: gpsFromExif(meta.exif),
      thumbnail,
      display,
      social,
      analysisCopy,
    };
  } catch (error) {
    if ((error as Error).message?.includes('pixel limit')) throw photosErrors.tooManyPixels();
    throw photosErrors.unreadable();
  }
}
