import type { ColourMeasurement, LabImage } from './colour.measure';
import type { StructureMeasurement } from './structure.measure';

/** Length of a photo's visual signature. */
export const SIGNATURE_LENGTH = 84;

/**
 * A compact description of how a photo looks, to compare photos with each other: its colour
 * layout (L*a*b* means on a 4×4 grid), its palette (12 hue bins, scaled by how colourful it is),
 * its lines (8 orientation bins) and where its detail sits (4×4 grid). Blocks are scaled so each
 * contributes about equally to a Euclidean distance.
 */
export function visualSignature(lab: LabImage, colour: ColourMeasurement, structure: StructureMeasurement): number[] {
  const cells = new Float64Array(16 * 3);
  const counts = new Float64Array(16);
  for (let y = 0; y < lab.height; y++) {
    const gy = Math.min(3, Math.floor((y * 4) / lab.height));
    for (let x = 0; x < lab.width; x++) {
      const gx = Math.min(3, Math.floor((x * 4) / lab.width));
      const c = gy * 4 + gx;
      const p = (y * lab.width + x) * 3;
      cells[c * 3] += lab.data[p];
      cells[c * 3 + 1] += lab.data[p + 1];
      cells[c * 3 + 2] += lab.data[p + 2];
      counts[c] += 1;
    }
  }
  const signature: number[] = [];
  for (let c = 0; c < 16; c++) {
    const n = counts[c] || 1;
    signature.push(cells[c * 3] / n / 100, cells[c * 3 + 1] / n / 60, cells[c * 3 + 2] / n / 60);
  }
  const colourWeight = Math.min(1, colour.colourfulness / 40);
  for (const share of colour.hueHistogram) signature.push(share * colourWeight);
  for (const share of structure.orientationHistogram) signature.push(share);
  for (const level of structure.detailLayout) signature.push(level * 0.5);
  return signature.map((v) => Math.round(v * 1000) / 1000);
}

export function signatureDistance(a: readonly number[], b: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < Math.min(a.length, b.length); i++) sum += (a[i] - b[i]) ** 2;
  return Math.sqrt(sum);
}
