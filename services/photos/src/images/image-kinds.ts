import type { CameraSettings } from '../domain/photo';
import type { GeoPoint } from '../nature/geoprivacy';

export type ImageKind = 'jpeg' | 'png' | 'webp' | 'heic';

export const MIME_TYPES: Record<ImageKind, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', heic: 'image/heic' };
export const EXTENSIONS: Record<ImageKind, string> = { jpeg: 'jpg', png: 'png', webp: 'webp', heic: 'heic' };

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

/** Sent by the pipeline ahead of its end, once the analysis copy exists (a work-pool progress message). */
export interface AnalysisCopyReady {
  analysisCopy: Buffer;
}

/** Why the pipeline refused an image (mapped to the spec's messages by the web process). */
export type ImageRefusalCode = 'TOO_MANY_PIXELS' | 'TOO_SMALL' | 'UNREADABLE';

/** Thrown by the pipeline in its worker; crosses to the web process by name and code. */
export class ImageRefusal extends Error {
  constructor(readonly code: ImageRefusalCode) {
    super(`image refused: ${code}`);
    this.name = 'ImageRefusal';
  }
}
