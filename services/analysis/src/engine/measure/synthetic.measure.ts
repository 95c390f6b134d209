import type { RgbImage } from '../image/pixels';

/**
 * Signs that an image was made on a computer rather than taken through a lens: a camera's sensor
 * leaves grain and texture in every patch of a photograph, while screenshots, documents, renders
 * and gradients have patches of exactly one colour, patches that are a perfect ramp, and few colours.
 */
export interface SyntheticMeasurement {
  /** Share of 8 × 8 mid-tone blocks of the working copy that are one flat colour (every channel within 1 level). */
  flatShare: number;
  /** Share of mid-tone blocks that are a perfect ramp (not flat, but a plane explains every pixel within 0.6 levels). */
  smoothShare: number;
  /** Distinct colours at 5 bits a channel (of 32 768), as a share: a screenshot uses a few hundred, a photograph thousands. */
  colourShare: number;
  /**
   * Share of all 8 × 8 blocks, at any brightness, that are one flat colour: a page's or a screen's
   * white or dark background counts here (the mid-tone shares leave clipped areas out, which a
   * photograph has too). Cheap, and only a reason to look for text (`SceneHead.signs.interfaceGate`).
   */
  uniformShare: number;
}

const BLOCK = 8;
/** Blocks darker or brighter than these (mean luma) are clipped shadows or highlights, which a photograph has too. */
const DARKEST = 8;
const BRIGHTEST = 247;
const RAMP_RMS = 0.6;

export function measureSynthetic(image: RgbImage): SyntheticMeasurement {
  const { width, height, data } = image;
  let blocks = 0;
  let allBlocks = 0;
  let uniform = 0;
  let flat = 0;
  let smooth = 0;
  // Centred coordinates of an 8-pixel side: -3.5 … 3.5, Σx² over a block = 8 × 42.
  const sxx = BLOCK * 42;
  for (let by = 0; by + BLOCK <= height; by += BLOCK) {
    for (let bx = 0; bx + BLOCK <= width; bx += BLOCK) {
      let sum = 0;
      let sumX = 0;
      let sumY = 0;
      let sumSq = 0;
      const lo = [255, 255, 255];
      const hi = [0, 0, 0];
      for (let y = 0; y < BLOCK; y++) {
        for (let x = 0; x < BLOCK; x++) {
          const p = ((by + y) * width + bx + x) * 3;
          const r = data[p] ?? 0;
          const g = data[p + 1] ?? 0;
          const b = data[p + 2] ?? 0;
          if (r < (lo[0] as number)) lo[0] = r;
          if (g < (lo[1] as number)) lo[1] = g;
          if (b < (lo[2] as number)) lo[2] = b;
          if (r > (hi[0] as number)) hi[0] = r;
          if (g > (hi[1] as number)) hi[1] = g;
          if (b > (hi[2] as number)) hi[2] = b;
          const v = 0.299 * r + 0.587 * g + 0.114 * b;
          sum += v;
          sumSq += v * v;
          sumX += (x - 3.5) * v;
          sumY += (y - 3.5) * v;
        }
      }
      const n = BLOCK * BLOCK;
      const mean = sum / n;
      const oneColour = (hi[0] as number) - (lo[0] as number) <= 1 && (hi[1] as number) - (lo[1] as number) <= 1 && (hi[2] as number) - (lo[2] as number) <= 1;
      allBlocks++;
      if (oneColour) uniform++;
      if (mean < DARKEST || mean > BRIGHTEST) continue;
      blocks++;
      if (oneColour) {
        flat++;
        continue;
      }
      // Residual of the best plane v = mean + a·x + b·y: total variance less what the slopes explain.
      const a = sumX / sxx;
      const b = sumY / sxx;
      const residual = Math.max(0, sumSq / n - mean * mean - (a * sumX + b * sumY) / n);
      if (Math.sqrt(residual) < RAMP_RMS) smooth++;
    }
  }
  const colours = new Uint8Array(32768);
  let distinct = 0;
  for (let p = 0; p < data.length; p += 3) {
    const key = (((data[p] ?? 0) >> 3) << 10) | (((data[p + 1] ?? 0) >> 3) << 5) | ((data[p + 2] ?? 0) >> 3);
    if (!colours[key]) {
      colours[key] = 1;
      distinct++;
    }
  }
  return {
    flatShare: blocks > 0 ? flat / blocks : 0,
    smoothShare: blocks > 0 ? smooth / blocks : 0,
    colourShare: distinct / 32768,
    uniformShare: allBlocks > 0 ? uniform / allBlocks : 0,
  };
}
