import { Box, FULL_FRAME, Plane, gaussianBlur, halve, pixelBounds, quantile, sobel } from '../image/pixels';

export interface ClarityMeasurement {
  /**
   * Edge acutance: how steep the strongest edges are at a fine scale compared with a coarse one
   * (about 1 for a very soft edge, 3.5 for a pixel-sharp step). Null when there is no edge to
   * measure (a flat frame). It is a ratio, so it does not depend on the edges' contrast.
   */
  acutance: number | null;
  /** Median contrast (grey levels per pixel at the coarse scale) of the edges it was measured on. */
  edgeStrength: number;
  /**
   * Acutance of the full-resolution centre crop (one pixel is one pixel of the photo): it still
   * separates a good edge from an excellent one where the working copy's is already at its ceiling.
   * Null without edges there; absent from ratings stored before it was measured.
   */
  detailAcutance?: number | null;
  /** Where acutance was read: on the detected subject, or on the whole frame. */
  measuredOn: 'subject' | 'frame';
  /** Standard deviation of sensor/grain noise in grey levels, read in the flattest areas at full resolution. */
  noiseSigma: number;
  /** JPEG 8×8 block edges: mean step on the strongest grid phase over the median phase (1 = none). */
  blockiness: number;
}

/** Below this coarse-scale contrast the "edges" are noise or texture too faint to judge focus on. */
const MIN_EDGE_STRENGTH = 0.8;

/**
 * Gradients at two scales of one luma plane: `fine` at full size after a light σ 0.7 blur, and
 * `coarse` at half size after a σ 1.25 blur (σ 2.5 in full-size pixels; half size costs an eighth).
 */
export interface ScaleSpace {
  fine: Plane;
  coarse: Plane;
}

/**
 * Focus is read as the ratio of fine-scale to coarse-scale gradient on the strongest coarse edges.
 * Blur lowers it; noise barely moves it, because edges are chosen at the coarse scale (where noise
 * has been averaged away) and a light pre-blur keeps pixel noise out of the fine gradient. The
 * Laplacian variance often used instead rises with noise, which would read grain as sharpness.
 */
export function measureAcutance(scales: ScaleSpace, region: Box = FULL_FRAME): { acutance: number | null; edgeStrength: number } {
  const { fine, coarse } = scales;
  const { x0, y0, x1, y1 } = pixelBounds(region, coarse.width, coarse.height);
  // Keep a margin so the neighbourhood and the Sobel border stay inside both planes.
  const xa = Math.max(2, x0);
  const ya = Math.max(2, y0);
  const xb = Math.min(coarse.width - 2, x1);
  const yb = Math.min(coarse.height - 2, y1);
  if (xb - xa < 6 || yb - ya < 6) return { acutance: null, edgeStrength: 0 };
  const inRegion = new Float32Array((xb - xa) * (yb - ya));
  let n = 0;
  for (let y = ya; y < yb; y++) for (let x = xa; x < xb; x++) inRegion[n++] = coarse.data[y * coarse.width + x];
  // Coarse gradients are per half-size pixel: halve them to compare with full-size ones.
  const threshold = quantile(inRegion, 0.97) / 2;
  if (threshold < MIN_EDGE_STRENGTH) return { acutance: null, edgeStrength: threshold };
  const ratios: number[] = [];
  const strengths: number[] = [];
  const fw = fine.width;
  for (let y = ya; y < yb; y++) {
    for (let x = xa; x < xb; x++) {
      const c = coarse.data[y * coarse.width + x] / 2;
      if (c < threshold) continue;
      // The full-size pixels this half-size pixel covers, and one around them.
      let best = 0;
      for (let fy = 2 * y - 1; fy <= 2 * y + 2; fy++) {
        if (fy < 0 || fy >= fine.height) continue;
        for (let fx = 2 * x - 1; fx <= 2 * x + 2; fx++) {
          if (fx < 0 || fx >= fw) continue;
          const f = fine.data[fy * fw + fx];
          if (f > best) best = f;
        }
      }
      ratios.push(best / c);
      strengths.push(c);
    }
  }
  return { acutance: quantile(ratios, 0.5), edgeStrength: quantile(strengths, 0.5) };
}

/**
 * Noise after Immerkær (1996): the 3×3 operator below cancels smooth image structure and keeps
 * noise. Texture still leaks in, so the estimate is the 10th percentile over 16×16 blocks: the
 * flattest blocks show the noise alone. Clipped blocks (pure black or white) carry no noise and
 * are skipped.
 */
export function measureNoise(luma: Plane): number {
  const { width, height, data } = luma;
  const block = 16;
  const estimates: number[] = [];
  for (let by = 1; by + block < height - 1; by += block) {
    for (let bx = 1; bx + block < width - 1; bx += block) {
      let sum = 0;
      let level = 0;
      for (let y = by; y < by + block; y++) {
        for (let x = bx; x < bx + block; x++) {
          const i = y * width + x;
          const v =
            data[i - width - 1] - 2 * data[i - width] + data[i - width + 1] -
            2 * data[i - 1] + 4 * data[i] - 2 * data[i + 1] +
            data[i + width - 1] - 2 * data[i + width] + data[i + width + 1];
          sum += Math.abs(v);
          level += data[i];
        }
      }
      level /= block * block;
      if (level < 8 || level > 247) continue;
      estimates.push((Math.sqrt(Math.PI / 2) * sum) / (6 * block * block));
    }
  }
  if (estimates.length === 0) return 0;
  return quantile(estimates, 0.1);
}

/**
 * JPEG compresses in 8×8 blocks; when it is pushed hard the block borders show as steps. Compare
 * the mean step across each of the 8 column (and row) phases: a grid makes one phase stand out.
 * Phase-free, so a crop that shifted the grid is still measured.
 */
export function measureBlockiness(luma: Plane): number {
  const { width, height, data } = luma;
  if (width < 32 || height < 32) return 1;
  const ratio = (sums: Float64Array, counts: Float64Array): number => {
    const means = Array.from(sums, (s, p) => s / Math.max(1, counts[p]));
    const sorted = [...means].sort((a, b) => a - b);
    const median = (sorted[3] + sorted[4]) / 2;
    const max = Math.max(...means);
    // A small floor keeps a flat frame at 1 and lets blocks on an otherwise smooth gradient count.
    return max < 0.2 ? 1 : (max + 0.25) / (median + 0.25);
  };
  const hs = new Float64Array(8);
  const hc = new Float64Array(8);
  const vs = new Float64Array(8);
  const vc = new Float64Array(8);
  for (let y = 0; y < height - 1; y++) {
    for (let x = 0; x < width - 1; x++) {
      const i = y * width + x;
      const v = data[i];
      // Steps across strong edges are content, not compression: count only gentle areas.
      const dh = Math.abs(data[i + 1] - v);
      const dv = Math.abs(data[i + width] - v);
      if (dh < 12) {
        hs[x % 8] = hs[x % 8] + dh;
        hc[x % 8] = hc[x % 8] + 1;
      }
      if (dv < 12) {
        vs[y % 8] = vs[y % 8] + dv;
        vc[y % 8] = vc[y % 8] + 1;
      }
    }
  }
  return (ratio(hs, hc) + ratio(vs, vc)) / 2;
}

export function measureClarity(scales: ScaleSpace, detailLuma: Plane, subject: Box | null): ClarityMeasurement {
  const onSubject = subject ? measureAcutance(scales, subject) : null;
  const read = onSubject && onSubject.acutance !== null ? onSubject : measureAcutance(scales);
  const detail = measureAcutance({ fine: sobel(gaussianBlur(detailLuma, 0.7)).magnitude, coarse: sobel(gaussianBlur(halve(detailLuma), 1.25)).magnitude });
  return {
    acutance: read.acutance,
    detailAcutance: detail.acutance,
    edgeStrength: read.edgeStrength,
    measuredOn: onSubject && onSubject.acutance !== null ? 'subject' : 'frame',
    noiseSigma: measureNoise(detailLuma),
    blockiness: measureBlockiness(detailLuma),
  };
}
