import type { Gradients } from '../image/pixels';
import { gaussianAt, gaussianRows, plane, quantile } from '../image/pixels';

export interface FrameLean {
  /**
   * Degrees; positive when the frame's level and upright lines are turned clockwise (a horizon
   * dropping to the right), the same sense as `Horizon.angle`.
   */
  angle: number;
  /**
   * How clearly the photo's lines agree on one level, 0-1: the share of strong-edge energy within
   * ±2° of the peak beyond what edges spread evenly over all orientations would put there. About 0
   * for foliage, fur or water texture; 0.3 and more for a horizon, a shore, trunks or a perch.
   */
  strength: number;
}

/** Only leans this small are looked for (a peak must lie inside it): steeper lines are slopes and branches, not a turned camera. */
const SEARCH = 15;
const BIN = 0.25;
const SMOOTH = 1;
const PEAK_WINDOW = 2;

/** Coherence-weighted strong-edge energy per orientation, folded modulo 90° into 0.25° bins over [-45°, 45°). */
export interface LineOrientations {
  histogram: Float64Array;
  /** The part of `histogram` from lines nearer horizontal than vertical (horizons, shores, water lines). */
  horizontal: Float64Array;
  total: number;
}

/**
 * The orientation of the photo's straight lines. Structure tensor over a few pixels: its
 * orientation is the local line's, and its coherence (1 for a straight edge, 0 for fur, foliage or
 * grain pointing every way) decides how much the pixel counts, so long straight lines outvote texture.
 */
export function lineOrientations(gradients: Gradients): LineOrientations {
  const { gx, gy, magnitude } = gradients;
  const { width, height } = magnitude;
  const jxx = plane(width, height);
  const jxy = plane(width, height);
  const jyy = plane(width, height);
  for (let i = 0; i < gx.data.length; i++) {
    jxx.data[i] = gx.data[i] * gx.data[i];
    jxy.data[i] = gx.data[i] * gy.data[i];
    jyy.data[i] = gy.data[i] * gy.data[i];
  }
  // The tensor smoothed by a Gaussian (σ 2), finished only at the strong edges that are read below.
  const [rxx, rxy, ryy] = [gaussianRows(jxx, 2), gaussianRows(jxy, 2), gaussianRows(jyy, 2)];
  const threshold = Math.max(2, quantile(magnitude.data, 0.85));
  const bins = Math.round(90 / BIN);
  const histogram = new Float64Array(bins);
  const horizontal = new Float64Array(bins);
  let total = 0;
  for (let i = 0; i < magnitude.data.length; i++) {
    if (magnitude.data[i] < threshold) continue;
    const x = i % width;
    const y = (i - x) / width;
    const sxx = gaussianAt(rxx, x, y);
    const sxy = gaussianAt(rxy, x, y);
    const syy = gaussianAt(ryy, x, y);
    const a = sxx - syy;
    const b = 2 * sxy;
    const trace = sxx + syy;
    if (trace <= 0) continue;
    const coherence = Math.hypot(a, b) / trace;
    const m = magnitude.data[i] * coherence * coherence;
    // Gradient direction folded into [-45°, 45°): 0 for horizontal and vertical edges alike.
    let angle = (Math.atan2(b, a) * 90) / Math.PI;
    // A gradient nearer vertical than horizontal belongs to a line nearer horizontal.
    const isHorizontal = Math.abs(angle) > 45;
    angle = ((((angle + 45) % 90) + 90) % 90) - 45;
    // Linear split between the two nearest bins, so the peak moves smoothly with a small turn.
    const position = (angle + 45) / BIN - 0.5;
    const lower = Math.floor(position);
    const share = position - lower;
    histogram[(lower + bins) % bins] += m * (1 - share);
    histogram[(lower + 1) % bins] += m * share;
    if (isHorizontal) {
      horizontal[(lower + bins) % bins] += m * (1 - share);
      horizontal[(lower + 1) % bins] += m * share;
    }
    total += m;
  }
  return { histogram, horizontal, total };
}

/** Upper ends (degrees) of the bins of `levelShares`: how far the lines lie from level or plumb. */
export const LEVEL_BIN_EDGES = [0.5, 1, 1.5, 2.5, 3.5, 4.5, 6, 8, 11, 15, 45] as const;

/**
 * Share of the straight-line energy by its distance from level or plumb (either way), in the bins
 * of `LEVEL_BIN_EDGES`: a level photo of a scene with lines piles its energy in the first bins, the
 * same photo turned by 3° moves that pile to the 2.5-3.5° bin. All zeros without straight lines.
 * `horizontal`: only the lines nearer horizontal, still as shares of all the lines' energy.
 */
export function levelShares(orientations: LineOrientations, lines: 'all' | 'horizontal' = 'all'): number[] {
  const shares = new Array<number>(LEVEL_BIN_EDGES.length).fill(0);
  if (orientations.total <= 0) return shares;
  const histogram = lines === 'all' ? orientations.histogram : orientations.horizontal;
  for (let b = 0; b < histogram.length; b++) {
    const away = Math.abs(-45 + (b + 0.5) * BIN);
    const bin = LEVEL_BIN_EDGES.findIndex((edge) => away < edge);
    shares[bin < 0 ? shares.length - 1 : bin] += histogram[b] / orientations.total;
  }
  return shares.map((v) => Math.round(v * 1e4) / 1e4);
}

/**
 * Which way the whole frame leans, from the orientation of its strong edges. Gravity makes
 * horizontals (horizons, shores, water lines, the ground) and verticals (trunks, stems, standing
 * animals) the most common straight lines in nature, so their orientations, folded modulo 90°, pile
 * up at 0° in a level photo and at r° in one turned by r°. The peak of that pile within ±15°
 * is the lean (none when the pile peaks at the edge of that range); how much it stands out of the spread of other orientations is its strength. Works on
 * the coarse gradients (half size, σ 1.25), where fur and grain have been smoothed away.
 */
export function findFrameLean(gradients: Gradients, orientations: LineOrientations = lineOrientations(gradients)): FrameLean | null {
  const { histogram, total } = orientations;
  const bins = histogram.length;
  if (total <= 0) return null;
  // Circular Gaussian smoothing (σ 1°), so the peak is not one lucky bin.
  const radius = Math.ceil((3 * SMOOTH) / BIN);
  const smoothed = new Float64Array(bins);
  for (let b = 0; b < bins; b++) {
    let acc = 0;
    let weights = 0;
    for (let k = -radius; k <= radius; k++) {
      const w = Math.exp(-((k * BIN) ** 2) / (2 * SMOOTH * SMOOTH));
      acc += w * histogram[(b + k + bins) % bins];
      weights += w;
    }
    smoothed[b] = acc / weights;
  }
  const centre = (b: number): number => -45 + (b + 0.5) * BIN;
  let best = -1;
  for (let b = 0; b < bins; b++) {
    if (Math.abs(centre(b)) > SEARCH) continue;
    if (best < 0 || smoothed[b] > smoothed[best]) best = b;
  }
  // A peak on the edge of the search is the slope of steeper lines, not a level: no lean found.
  if (Math.abs(centre(best)) > SEARCH - 1) return null;
  // Sub-bin peak by a parabola through the peak and its neighbours.
  const left = smoothed[(best - 1 + bins) % bins];
  const right = smoothed[(best + 1) % bins];
  const curvature = left - 2 * smoothed[best] + right;
  const offset = curvature < 0 ? (0.5 * (left - right)) / curvature : 0;
  const angle = centre(best) + Math.max(-0.5, Math.min(0.5, offset)) * BIN;
  // Energy within ±2° of the peak against what an even spread would put there.
  let near = 0;
  const window = Math.round(PEAK_WINDOW / BIN);
  for (let k = -window; k <= window; k++) near += histogram[(best + k + bins) % bins];
  const even = ((2 * window + 1) / bins) * total;
  const strength = Math.max(0, (near - even) / total);
  return { angle: Math.round(angle * 100) / 100, strength: Math.round(strength * 1000) / 1000 };
}

/** How the photo's line energy sits against level and plumb, as one turn and how clearly the lines agree on it. */
export interface LineAxes {
  /**
   * Degrees in (-45°, 45°], the same sense as `FrameLean.angle` (positive: turned clockwise): the
   * turn that best lines the straight-line energy up with level and plumb. Near 0 for a level frame;
   * near ±45° when the lines run diagonally.
   */
  angle: number;
  /**
   * 0-1: how strongly the line energy piles up on one pair of perpendicular directions (1: every
   * line level or plumb after that turn; about 0 for fur, foliage or grain pointing every way).
   */
  alignment: number;
}

/**
 * The frame's axes from all its straight-line energy at once: the fourth circular moment of the
 * orientations (lines repeat every 90°, level and plumb being the same axes), whose phase is the
 * turn and whose length the agreement. Unlike the peak of `findFrameLean` it uses every line,
 * weak or steep ones too, so it turns exactly with the frame: a photo turned r° reads r° more,
 * whatever its lines, which is what makes a small tilt measurable on a photo without a horizon.
 */
export function lineAxes(orientations: LineOrientations): LineAxes | null {
  const { histogram, total } = orientations;
  if (total <= 0) return null;
  let re = 0;
  let im = 0;
  for (let b = 0; b < histogram.length; b++) {
    const phi = ((-45 + (b + 0.5) * BIN) * Math.PI) / 180;
    re += histogram[b] * Math.cos(4 * phi);
    im += histogram[b] * Math.sin(4 * phi);
  }
  const angle = (Math.atan2(im, re) * 45) / Math.PI;
  return { angle: Math.round(angle * 100) / 100, alignment: Math.round((Math.hypot(re, im) / total) * 1e4) / 1e4 };
}

/**
 * How far the frame's line energy lies off level, 0-1: alignment × sin 2|angle|. Grows in
 * proportion with a small turn (unlike the share of energy left on level, which barely moves for
 * the first degrees), peaks for lines at 45°, and counts in proportion to how clearly the lines agree.
 */
export function offLevel(axes: LineAxes | null): number {
  if (!axes) return 0;
  return axes.alignment * Math.sin((2 * Math.abs(axes.angle) * Math.PI) / 180);
}
