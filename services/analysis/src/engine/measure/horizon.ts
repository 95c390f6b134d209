import type { Gradients, Plane } from '../image/pixels';
import { quantile } from '../image/pixels';

export interface Horizon {
  /** Degrees; positive when the line drops towards the right of the frame (a clockwise tilt). */
  angle: number;
  /** Height of the line at the frame's centre, as a fraction of the frame height from the top. */
  position: number;
  /** Share of the frame width the line is visible across (0-1). */
  coverage: number;
  /** Mean luma difference between the bands just above and below the line. */
  contrast: number;
}

const MAX_ANGLE = 10;
const STEP = 0.1;
const ORIENTATION_WINDOW = 3;
const MIN_COVERAGE = 0.7;
const MIN_CONTRAST = 8;
const MIN_SEGMENT_CONTRAST = 4;

/**
 * A Hough transform restricted to near-horizontal lines (±10°): each strong edge votes only for
 * angles close to its own orientation, weighted by its strength. The winning line counts as a
 * horizon only when it runs across most of the frame and separates two differently bright bands
 * (sky and land or water); otherwise there is no horizon and nothing is claimed about tilt.
 * Works on the half-size, σ 1.25 smoothed luma and its gradients.
 */
export function findHorizon(smooth: Plane, gradients: Gradients): Horizon | null {
  const { width, height } = smooth;
  if (width < 32 || height < 32) return null;
  const { gx, gy, magnitude } = gradients;
  const threshold = Math.max(2, quantile(magnitude.data, 0.9));
  const angles = Math.round((2 * MAX_ANGLE) / STEP) + 1;
  const rhoOffset = width;
  const rhoBins = height + 2 * width;
  const votes = new Float32Array(angles * rhoBins);
  const sin = new Float32Array(angles);
  const cos = new Float32Array(angles);
  for (let a = 0; a < angles; a++) {
    const theta = ((-MAX_ANGLE + a * STEP) * Math.PI) / 180;
    sin[a] = Math.sin(theta);
    cos[a] = Math.cos(theta);
  }
  for (let y = 2; y < height - 2; y++) {
    for (let x = 2; x < width - 2; x++) {
      const i = y * width + x;
      const m = magnitude.data[i];
      if (m < threshold) continue;
      const dx = gx.data[i];
      const dy = gy.data[i];
      if (Math.abs(dy) < 2.5 * Math.abs(dx)) continue;
      // The edge runs perpendicular to its gradient: a line at angle atan(-dx/dy).
      const own = (Math.atan(-dx / dy) * 180) / Math.PI;
      const from = Math.max(0, Math.floor((own - ORIENTATION_WINDOW + MAX_ANGLE) / STEP));
      const to = Math.min(angles - 1, Math.ceil((own + ORIENTATION_WINDOW + MAX_ANGLE) / STEP));
      for (let a = from; a <= to; a++) {
        const rho = Math.round(y * cos[a] - x * sin[a]) + rhoOffset;
        if (rho >= 0 && rho < rhoBins) votes[a * rhoBins + rho] += m;
      }
    }
  }
  let best = 0;
  let bestIndex = -1;
  for (let i = 0; i < votes.length; i++) {
    if (votes[i] > best) {
      best = votes[i];
      bestIndex = i;
    }
  }
  if (bestIndex < 0) return null;
  const a = Math.floor(bestIndex / rhoBins);
  const rho = (bestIndex % rhoBins) - rhoOffset;
  const theta = -MAX_ANGLE + a * STEP;
  // y on the line at column x: (rho + x sinθ) / cosθ
  const lineY = (x: number): number => (rho + x * sin[a]) / cos[a];

  const columns = 40;
  const covered = new Uint8Array(columns);
  // Brightness just above and below the line, in four segments along it: a horizon separates sky
  // from land or water all the way across, with the same side brighter; a branch or a shore does not.
  const segments = 4;
  const above = new Float64Array(segments);
  const below = new Float64Array(segments);
  const counts = new Float64Array(segments);
  for (let x = 2; x < width - 2; x++) {
    const yc = lineY(x);
    for (let y = Math.max(2, Math.floor(yc - 1.5)); y <= Math.min(height - 3, Math.ceil(yc + 1.5)); y++) {
      const i = y * width + x;
      if (magnitude.data[i] >= threshold * 0.5) covered[Math.min(columns - 1, Math.floor((x * columns) / width))] = 1;
    }
    const top = Math.round(yc - 8);
    const bottom = Math.round(yc + 8);
    if (top >= 0 && bottom < height) {
      const segment = Math.min(segments - 1, Math.floor((x * segments) / width));
      for (let k = 0; k < 5; k++) {
        above[segment] += smooth.data[(top + k) * width + x];
        below[segment] += smooth.data[(bottom - k) * width + x];
      }
      counts[segment] += 5;
    }
  }
  const coverage = covered.reduce((sum, v) => sum + v, 0) / columns;
  const differences = Array.from(counts, (n, k) => (n > 0 ? (above[k] - below[k]) / n : 0));
  const total = counts.reduce((sum, n) => sum + n, 0);
  const contrast = total > 0 ? Math.abs(above.reduce((sum, v) => sum + v, 0) - below.reduce((sum, v) => sum + v, 0)) / total : 0;
  const consistent = differences.every((d) => Math.abs(d) >= MIN_SEGMENT_CONTRAST && Math.sign(d) === Math.sign(differences[0]));
  if (coverage < MIN_COVERAGE || contrast < MIN_CONTRAST || !consistent) return null;
  return { angle: theta, position: lineY(width / 2) / height, coverage, contrast };
}

export interface Verticals {
  /** Degrees; positive when upright lines lean as if the frame were turned clockwise (same sense as `Horizon.angle`). */
  angle: number;
  /** Share of the strong edge energy running near-vertical. */
  share: number;
}

/**
 * The lean of the frame's upright lines (tree trunks, cliffs, buildings): the weighted median
 * orientation of strong near-vertical edges, counted only when they dominate and agree. Used for the
 * level of frames without a horizon.
 */
export function findVerticals(gradients: Gradients): Verticals | null {
  const { gx, gy, magnitude } = gradients;
  const threshold = Math.max(2, quantile(magnitude.data, 0.9));
  const angles: number[] = [];
  const weights: number[] = [];
  let energy = 0;
  for (let i = 0; i < magnitude.data.length; i++) {
    const m = magnitude.data[i];
    if (m < threshold) continue;
    energy += m;
    const dx = gx.data[i];
    const dy = gy.data[i];
    if (Math.abs(dx) < 2.5 * Math.abs(dy)) continue;
    // Gradient nearly horizontal: the edge is nearly upright, leaning by atan(dy/dx).
    angles.push((Math.atan(dy / dx) * 180) / Math.PI);
    weights.push(m);
  }
  if (energy <= 0 || angles.length < 200) return null;
  const order = angles.map((_, i) => i).sort((p, q) => angles[p] - angles[q]);
  const vertical = weights.reduce((sum, w) => sum + w, 0);
  const weightedQuantile = (q: number): number => {
    let seen = 0;
    for (const i of order) {
      seen += weights[i];
      if (seen >= q * vertical) return angles[i];
    }
    return angles[order[order.length - 1]];
  };
  const median = weightedQuantile(0.5);
  const spread = weightedQuantile(0.75) - weightedQuantile(0.25);
  const share = vertical / energy;
  // Upright lines must dominate the frame's edges and agree with each other (a forest of trunks,
  // not grass blades or rocks pointing every way).
  if (share < 0.3 || spread > 7) return null;
  return { angle: median, share };
}
