import type { Box, Plane } from '../image/pixels';
import { gridMeans, quantile } from '../image/pixels';
import type { LabImage } from './colour.measure';

export interface SalientRegion {
  box: Box;
  centroid: { x: number; y: number };
  /** Share of the frame's saliency held by the region: high when one thing stands out. */
  massShare: number;
  /** Centre of all the frame's saliency (frame fractions): where the visual weight sits. */
  weightCentre: { x: number; y: number };
}

const GRID = 32;

function resampleLab(lab: LabImage, cols: number, rows: number): Float32Array {
  const out = new Float32Array(cols * rows * 3);
  const counts = new Float32Array(cols * rows);
  for (let y = 0; y < lab.height; y++) {
    const gy = Math.min(rows - 1, Math.floor((y * rows) / lab.height));
    for (let x = 0; x < lab.width; x++) {
      const gx = Math.min(cols - 1, Math.floor((x * cols) / lab.width));
      const t = gy * cols + gx;
      const p = (y * lab.width + x) * 3;
      out[t * 3] += lab.data[p];
      out[t * 3 + 1] += lab.data[p + 1];
      out[t * 3 + 2] += lab.data[p + 2];
      counts[t] += 1;
    }
  }
  for (let t = 0; t < cols * rows; t++) {
    const c = counts[t] || 1;
    out[t * 3] /= c;
    out[t * 3 + 1] /= c;
    out[t * 3 + 2] /= c;
  }
  return out;
}

/**
 * Where the eye goes when no animal or person was detected: cells that differ in colour from the
 * frame's borders (the usual background) and carry fine detail (what is in focus). The region is
 * the connected area around the strongest cell above half its saliency. A landscape, whose detail
 * and colour are spread everywhere, yields a region with a small share of the mass: no subject.
 */
export function findSalientRegion(lab: LabImage, detail: Plane): SalientRegion | null {
  const aspect = lab.width / lab.height;
  const cols = aspect >= 1 ? GRID : Math.max(4, Math.round(GRID * aspect));
  const rows = aspect >= 1 ? Math.max(4, Math.round(GRID / aspect)) : GRID;
  const colour = resampleLab(lab, cols, rows);
  const sharp = gridMeans(detail, cols, rows);

  let borderL = 0;
  let borderA = 0;
  let borderB = 0;
  let borderCount = 0;
  for (let y = 0; y < rows; y++) {
    for (let x = 0; x < cols; x++) {
      if (x > 0 && y > 0 && x < cols - 1 && y < rows - 1) continue;
      const t = (y * cols + x) * 3;
      borderL += colour[t];
      borderA += colour[t + 1];
      borderB += colour[t + 2];
      borderCount++;
    }
  }
  borderL /= borderCount;
  borderA /= borderCount;
  borderB /= borderCount;

  const n = cols * rows;
  const colourContrast = new Float32Array(n);
  for (let t = 0; t < n; t++) {
    colourContrast[t] = Math.hypot(colour[t * 3] - borderL, colour[t * 3 + 1] - borderA, colour[t * 3 + 2] - borderB);
  }
  const colourScale = Math.max(1, quantile(colourContrast, 0.98));
  const sharpScale = Math.max(0.5, quantile(sharp, 0.98));
  const saliency = new Float32Array(n);
  let total = 0;
  let peak = 0;
  let peakIndex = 0;
  let weightX = 0;
  let weightY = 0;
  for (let t = 0; t < n; t++) {
    const c = Math.min(1, colourContrast[t] / colourScale);
    const d = Math.min(1, sharp[t] / sharpScale);
    const s = (0.6 * c + 0.4 * d) * (0.35 + 0.65 * d);
    saliency[t] = s;
    total += s;
    weightX += s * ((t % cols) + 0.5);
    weightY += s * (Math.floor(t / cols) + 0.5);
    if (s > peak) {
      peak = s;
      peakIndex = t;
    }
  }
  if (peak <= 0.05 || total <= 0) return null;

  // Flood fill from the peak over cells above half the peak.
  const inRegion = new Uint8Array(n);
  const stack = [peakIndex];
  inRegion[peakIndex] = 1;
  let mass = 0;
  let cx = 0;
  let cy = 0;
  let minX = cols;
  let minY = rows;
  let maxX = -1;
  let maxY = -1;
  while (stack.length > 0) {
    const t = stack.pop() as number;
    const x = t % cols;
    const y = Math.floor(t / cols);
    const s = saliency[t];
    mass += s;
    cx += s * (x + 0.5);
    cy += s * (y + 0.5);
    minX = Math.min(minX, x);
    minY = Math.min(minY, y);
    maxX = Math.max(maxX, x);
    maxY = Math.max(maxY, y);
    for (const [nx, ny] of [
      [x - 1, y],
      [x + 1, y],
      [x, y - 1],
      [x, y + 1],
    ] as const) {
      if (nx < 0 || ny < 0 || nx >= cols || ny >= rows) continue;
      const u = ny * cols + nx;
      if (inRegion[u] || saliency[u] < peak * 0.5) continue;
      inRegion[u] = 1;
      stack.push(u);
    }
  }
  return {
    box: { x: minX / cols, y: minY / rows, width: (maxX - minX + 1) / cols, height: (maxY - minY + 1) / rows },
    centroid: { x: cx / mass / cols, y: cy / mass / rows },
    massShare: mass / total,
    weightCentre: { x: weightX / total / cols, y: weightY / total / rows },
  };
}
