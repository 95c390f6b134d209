import exifReader from 'exif-reader';
import type { GeoPoint } from './geoprivacy';
import { isValidPoint } from './geoprivacy';

function degrees(value: unknown, ref: unknown, negative: string): number | undefined {
  if (!Array.isArray(value) || value.length === 0 || !value.every((part) => typeof part === 'number' && Number.isFinite(part))) return undefined;
  const [d = 0, m = 0, s = 0] = value as number[];
  const magnitude = d + m / 60 + s / 3600;
  return typeof ref === 'string' && ref.trim().toUpperCase() === negative ? -magnitude : magnitude;
}

/** The GPS position in an EXIF block, or null (none, unreadable, out of range, or the 0,0 some cameras write without a fix). */
export function gpsFromExif(exif: Buffer | undefined): GeoPoint | null {
  if (!exif) return null;
  try {
    const gps = (exifReader(exif) as { GPSInfo?: Record<string, unknown> }).GPSInfo;
    if (!gps) return null;
    const lat = degrees(gps['GPSLatitude'], gps['GPSLatitudeRef'], 'S');
    const lon = degrees(gps['GPSLongitude'], gps['GPSLongitudeRef'], 'W');
    if (lat === undefined || lon === undefined) return null;
    const point = { lat: Math.round(lat * 1e6) / 1e6, lon: Math.round(lon * 1e6) / 1e6 };
    if (!isValidPoint(point) || (point.lat === 0 && point.lon === 0)) return null;
    return point;
  } catch {
    return null;
  }
}
