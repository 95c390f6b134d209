import type { Gradients, Plane } from '../image/pixels';
import { gridMeans, quantile } from '../image/pixels';

export interface StructureMeasurement {
  /** Share of edge energy along diagonals (22.5°-67.5° either way) rather than horizontals and verticals. */
  diagonalShare: number;
  /** Share of the frame's 8×6 tiles holding fine detail: high when everything is in focus (a landscape), low for a shallow depth of field. */
  detailSpread: number;
  /** Edge energy per orientation (8 bins of 22.5°), normalised to sum 1. */
  orientationHistogram: number[];
  /** Fine detail on a 4×4 grid, normalised to its maximum: where the sharp parts of the frame are. */
  detailLayout: number[];
}

/** `lines`: gradients at the coarse scale (large-scale lines); `detail`: fine gradient magnitude. */
export function measureStructure(lines: Gradients, detail: Plane): StructureMeasurement {
  const { gx, gy, magnitude } = lines;
  const threshold = Math.max(1, quantile(magnitude.data, 0.8));
  const histogram = new Array<number>(8).fill(0);
  let total = 0;
  for (let i = 0; i < magnitude.data.length; i++) {
    const m = magnitude.data[i];
    if (m < threshold) continue;
    // Orientation of the edge line, 0-180°, binned at 22.5° centred on 0°, 22.5°, 45°, …
    let angle = (Math.atan2(gy.data[i], gx.data[i]) * 180) / Math.PI + 90;
    angle = ((angle % 180) + 180) % 180;
    histogram[Math.round(angle / 22.5) % 8] += m;
    total += m;
  }
  const orientationHistogram = total > 0 ? histogram.map((v) => v / total) : histogram;
  const [, h1, h2, h3, , h5, h6, h7] = orientationHistogram as [number, number, number, number, number, number, number, number];
  // 45° and 135° count fully, the neighbouring 22.5° bins half.
  const diagonalShare = h2 + h6 + 0.5 * (h1 + h3 + h5 + h7);

  const tiles = gridMeans(detail, 8, 6);
  const reference = quantile(tiles, 0.9);
  let sharpTiles = 0;
  for (const t of tiles) if (reference > 0.5 && t >= 0.35 * reference) sharpTiles++;
  const layout = gridMeans(detail, 4, 4);
  const layoutMax = Math.max(1e-6, ...layout);
  return {
    diagonalShare,
    detailSpread: sharpTiles / tiles.length,
    orientationHistogram,
    detailLayout: Array.from(layout, (v) => v / layoutMax),
  };
}
