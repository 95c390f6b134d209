import type { Box, Plane, RgbImage } from '../image/pixels';
import { pixelBounds } from '../image/pixels';

export interface LightingMeasurement {
  /** Median brightness of the frame (0-255, gamma-encoded luma). */
  medianLuma: number;
  /** Median brightness inside the subject's box, when there is a subject. */
  subjectMedianLuma: number | null;
  /**
   * Exposure against mid-grey (sRGB 118), in stops (−1 is one stop darker), read on the subject
   * when there is one: a white swan on black water is exposed for the swan, not the water.
   */
  exposureEv: number;
  exposureMeasuredOn: 'subject' | 'frame';
  /** Share of pixels with a channel at 254-255: detail lost in the highlights. */
  clippedHighlights: number;
  /** Share of the subject's box with a channel at 254-255 (null without a subject): a blown subject is the worst loss. */
  subjectClippedHighlights: number | null;
  /** Share of pixels with every channel at 0-4: detail lost in the shadows. */
  clippedShadows: number;
  /** Tonal span between the 1st and 99th percentile of luma, in grey levels (0-255). */
  dynamicRange: number;
  /** RMS contrast: standard deviation of luma over 255. */
  contrast: number;
  /** Luma percentiles used by the editing tips (black and white points). */
  p1: number;
  p99: number;
  /** Luma percentiles that tell the scene's key (a high-key frame has few darks, a low-key one few lights). Absent from ratings stored before they were measured. */
  p10?: number;
  p90?: number;
}

const MID_GREY = 118;

/** sRGB transfer function: encoded 0-255 → linear light 0-1. */
export function srgbToLinear(value: number): number {
  const c = value / 255;
  return c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
}

function lumaPercentile(histogram: Uint32Array, total: number, q: number): number {
  const target = q * total;
  let seen = 0;
  for (let v = 0; v < 256; v++) {
    seen += histogram[v];
    if (seen >= target) return v;
  }
  return 255;
}

function subjectClipped(image: RgbImage, box: Box): number {
  const { x0, y0, x1, y1 } = pixelBounds(box, image.width, image.height);
  let clipped = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const p = (y * image.width + x) * 3;
      if (image.data[p] >= 254 || image.data[p + 1] >= 254 || image.data[p + 2] >= 254) clipped++;
    }
  }
  return clipped / Math.max(1, (x1 - x0) * (y1 - y0));
}

function subjectMedian(luma: Plane, box: Box): number {
  const { x0, y0, x1, y1 } = pixelBounds(box, luma.width, luma.height);
  const histogram = new Uint32Array(256);
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) histogram[Math.min(255, Math.round(luma.data[y * luma.width + x]))] += 1;
  return lumaPercentile(histogram, (x1 - x0) * (y1 - y0), 0.5);
}

export function evOf(median: number): number {
  return Math.log2(Math.max(1e-4, srgbToLinear(Math.max(1, median))) / srgbToLinear(MID_GREY));
}

export function measureLighting(image: RgbImage, luma: Plane, subject: Box | null): LightingMeasurement {
  const histogram = new Uint32Array(256);
  let highlights = 0;
  let shadows = 0;
  let sum = 0;
  let sumSq = 0;
  const n = luma.data.length;
  for (let i = 0, p = 0; i < n; i++, p += 3) {
    const y = luma.data[i];
    histogram[Math.min(255, Math.round(y))] += 1;
    sum += y;
    sumSq += y * y;
    const r = image.data[p];
    const g = image.data[p + 1];
    const b = image.data[p + 2];
    if (r >= 254 || g >= 254 || b >= 254) highlights++;
    if (r <= 4 && g <= 4 && b <= 4) shadows++;
  }
  const mean = sum / n;
  const variance = Math.max(0, sumSq / n - mean * mean);
  const median = lumaPercentile(histogram, n, 0.5);
  const p1 = lumaPercentile(histogram, n, 0.01);
  const p99 = lumaPercentile(histogram, n, 0.99);
  const p10 = lumaPercentile(histogram, n, 0.1);
  const p90 = lumaPercentile(histogram, n, 0.9);
  const onSubject = subject ? subjectMedian(luma, subject) : null;
  return {
    medianLuma: median,
    subjectMedianLuma: onSubject,
    exposureEv: evOf(onSubject ?? median),
    exposureMeasuredOn: onSubject === null ? 'frame' : 'subject',
    clippedHighlights: highlights / n,
    subjectClippedHighlights: subject ? subjectClipped(image, subject) : null,
    clippedShadows: shadows / n,
    dynamicRange: p99 - p1,
    contrast: Math.sqrt(variance) / 255,
    p1,
    p99,
    p10,
    p90,
  };
}
