import type { RgbImage } from '../image/pixels';
import { srgbToLinear } from './lighting.measure';

/** A coarse copy in CIE L*a*b* (D65): colour statistics do not need every pixel. */
export interface LabImage {
  width: number;
  height: number;
  /** Interleaved L, a, b. */
  data: Float32Array;
}

export interface ColourMeasurement {
  /** Hasler & Süsstrunk (2003) colourfulness: about 0 for grey, 15 slightly, 45 moderately, 80+ very colourful. */
  colourfulness: number;
  /** Mean a* and b* of the near-neutral pixels: a colour cast (b* > 0 warm/yellow, < 0 cool/blue; a* > 0 magenta, < 0 green). */
  castA: number;
  castB: number;
  /** Share of chroma inside the best-fitting harmonic hue template (1 = all colours harmonise); null without colour. */
  harmony: number | null;
  /** Name of that template: analogous, complementary, split, triad, monochromatic. */
  harmonyScheme: string | null;
  /** Chroma-weighted hue histogram (12 bins of 30°), normalised to sum 1 (all zeros without colour). */
  hueHistogram: number[];
  /** Share of the frame in vegetation greens, sky blues and earth tones. */
  naturalColourShare: number;
  /** Mean chroma (C*ab) of the colourful pixels, for the saturation tips. */
  meanChroma: number;
  /** Share of the frame in lit skin tones (YCbCr rule of Chai & Ngan), a check on the nudity classifier. */
  skinShare: number;
}

const LINEAR = Float32Array.from({ length: 256 }, (_, v) => srgbToLinear(v));

function labF(t: number): number {
  return t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116;
}

/** Box-averages to at most `maxSide` pixels on the longest side, then converts to L*a*b*. */
export function toLab(image: RgbImage, maxSide = 128): LabImage {
  const scale = Math.max(1, Math.max(image.width, image.height) / maxSide);
  const width = Math.max(1, Math.round(image.width / scale));
  const height = Math.max(1, Math.round(image.height / scale));
  const sums = new Float64Array(width * height * 3);
  const counts = new Float64Array(width * height);
  const columnOf = Int32Array.from({ length: image.width }, (_, x) => Math.min(width - 1, Math.floor((x * width) / image.width)));
  for (let y = 0; y < image.height; y++) {
    const rowBase = Math.min(height - 1, Math.floor((y * height) / image.height)) * width;
    let p = y * image.width * 3;
    for (let x = 0; x < image.width; x++, p += 3) {
      const t = rowBase + columnOf[x];
      // Average in linear light, as the eye would.
      sums[t * 3] += LINEAR[image.data[p]];
      sums[t * 3 + 1] += LINEAR[image.data[p + 1]];
      sums[t * 3 + 2] += LINEAR[image.data[p + 2]];
      counts[t] += 1;
    }
  }
  const data = new Float32Array(width * height * 3);
  for (let t = 0; t < width * height; t++) {
    const c = counts[t] || 1;
    const r = sums[t * 3] / c;
    const g = sums[t * 3 + 1] / c;
    const b = sums[t * 3 + 2] / c;
    const x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
    const yy = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    const z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
    const fx = labF(x);
    const fy = labF(yy);
    const fz = labF(z);
    data[t * 3] = 116 * fy - 16;
    data[t * 3 + 1] = 500 * (fx - fy);
    data[t * 3 + 2] = 200 * (fy - fz);
  }
  return { width, height, data };
}

/** Hue in degrees (0-360) of an L*a*b* colour. */
export function hueOf(a: number, b: number): number {
  const h = (Math.atan2(b, a) * 180) / Math.PI;
  return h < 0 ? h + 360 : h;
}

/**
 * Harmonic hue templates after Matsuda, as used by Cohen-Or et al. (2006): sectors of the hue
 * wheel (centre offset, width in degrees) that colours of a harmonious image fall into.
 */
const TEMPLATES: ReadonlyArray<{ name: string; sectors: ReadonlyArray<[number, number]> }> = [
  { name: 'monochromatic', sectors: [[0, 18]] },
  { name: 'analogous', sectors: [[0, 94]] },
  { name: 'complementary', sectors: [[0, 18], [180, 18]] },
  { name: 'split complementary', sectors: [[0, 94], [180, 18]] },
  { name: 'complementary (wide)', sectors: [[0, 94], [180, 94]] },
  { name: 'triad', sectors: [[0, 18], [120, 18], [240, 18]] },
];

function hueDistance(a: number, b: number): number {
  const d = Math.abs(a - b) % 360;
  return d > 180 ? 360 - d : d;
}

/** Hue histogram resolution for the template fit. */
const HUE_BINS = 72;

/**
 * Fits each template at every rotation (5° steps) to a chroma-weighted hue histogram and returns
 * the best share of hue mass that falls inside the sectors. Wider templates are penalised slightly
 * so an image is not called harmonious merely because a wide template can swallow anything.
 */
export function fitHarmony(histogram: Float64Array): { share: number; scheme: string } | null {
  let total = 0;
  for (let i = 0; i < histogram.length; i++) total += histogram[i];
  if (total <= 0) return null;
  const binWidth = 360 / histogram.length;
  let best = { share: 0, scheme: 'none', fitness: -1 };
  for (const template of TEMPLATES) {
    const coverage = template.sectors.reduce((sum, [, w]) => sum + w, 0) / 360;
    for (let rotation = 0; rotation < 360; rotation += 5) {
      let inside = 0;
      for (let bin = 0; bin < histogram.length; bin++) {
        const hue = (bin + 0.5) * binWidth;
        for (const [offset, width] of template.sectors) {
          if (hueDistance(hue, rotation + offset) <= width / 2) {
            inside += histogram[bin];
            break;
          }
        }
      }
      const share = inside / total;
      const fitness = share - 0.25 * coverage;
      if (fitness > best.fitness) best = { share, scheme: template.name, fitness };
    }
  }
  return { share: best.share, scheme: best.scheme };
}

/** Natural palettes, in L*a*b* hue and chroma: vegetation, sky and water, earth, rock and snow. */
function isNaturalColour(l: number, a: number, b: number, row: number, rows: number): boolean {
  const chroma = Math.hypot(a, b);
  const hue = hueOf(a, b);
  if (chroma >= 8 && hue >= 95 && hue <= 170) return true; // greens and yellow-greens
  if (chroma >= 6 && hue >= 200 && hue <= 290) return row < rows * 0.6 || l > 30; // sky, water
  if (chroma >= 8 && chroma <= 45 && hue >= 40 && hue < 95 && l >= 25 && l <= 85) return true; // sand, soil, dry grass
  if (chroma < 6 && l > 88 && row < rows * 0.5) return true; // overcast sky, snow
  return false;
}

/** `lab` is a coarse copy of `image` (see `toLab`). */
export function measureColour(image: RgbImage, lab: LabImage): ColourMeasurement {
  const n = lab.width * lab.height;
  const fineHues = new Float64Array(HUE_BINS);
  const hueHistogram = new Array<number>(12).fill(0);
  // Hasler & Süsstrunk work on gamma-encoded RGB opponent channels.
  let sumRg = 0;
  let sumYb = 0;
  let sumRg2 = 0;
  let sumYb2 = 0;
  let count = 0;
  let skin = 0;
  const step = Math.max(1, Math.floor((image.width * image.height) / 200_000));
  for (let i = 0; i < image.width * image.height; i += step) {
    const r = image.data[i * 3];
    const g = image.data[i * 3 + 1];
    const b = image.data[i * 3 + 2];
    const y = 0.299 * r + 0.587 * g + 0.114 * b;
    const cb = 128 - 0.168736 * r - 0.331264 * g + 0.5 * b;
    const cr = 128 + 0.5 * r - 0.418688 * g - 0.081312 * b;
    if (y > 60 && cb >= 77 && cb <= 127 && cr >= 133 && cr <= 173) skin++;
    const rg = r - g;
    const yb = 0.5 * (r + g) - b;
    sumRg += rg;
    sumYb += yb;
    sumRg2 += rg * rg;
    sumYb2 += yb * yb;
    count++;
  }
  const meanRg = sumRg / count;
  const meanYb = sumYb / count;
  const sdRg = Math.sqrt(Math.max(0, sumRg2 / count - meanRg * meanRg));
  const sdYb = Math.sqrt(Math.max(0, sumYb2 / count - meanYb * meanYb));
  const colourfulness = Math.hypot(sdRg, sdYb) + 0.3 * Math.hypot(meanRg, meanYb);

  let neutralA = 0;
  let neutralB = 0;
  let neutralCount = 0;
  let natural = 0;
  let chromaSum = 0;
  let chromaCount = 0;
  for (let t = 0; t < n; t++) {
    const l = lab.data[t * 3];
    const a = lab.data[t * 3 + 1];
    const b = lab.data[t * 3 + 2];
    const chroma = Math.hypot(a, b);
    const row = Math.floor(t / lab.width);
    if (isNaturalColour(l, a, b, row, lab.height)) natural++;
    if (chroma < 12 && l > 15 && l < 95) {
      neutralA += a;
      neutralB += b;
      neutralCount++;
    }
    // Dark and near-white pixels have unreliable hue.
    if (chroma >= 8 && l > 12 && l < 97) {
      const hue = hueOf(a, b);
      fineHues[Math.min(HUE_BINS - 1, Math.floor(hue / (360 / HUE_BINS)))] += chroma;
      hueHistogram[Math.min(11, Math.floor(hue / 30))] += chroma;
      chromaSum += chroma;
      chromaCount++;
    }
  }
  const hueTotal = hueHistogram.reduce((s, v) => s + v, 0);
  const colourful = colourfulness >= 8 && chromaCount >= n * 0.02;
  const harmony = colourful ? fitHarmony(fineHues) : null;
  return {
    colourfulness,
    castA: neutralCount > 0 ? neutralA / neutralCount : 0,
    castB: neutralCount > 0 ? neutralB / neutralCount : 0,
    harmony: harmony?.share ?? null,
    harmonyScheme: harmony?.scheme ?? null,
    hueHistogram: hueTotal > 0 ? hueHistogram.map((v) => v / hueTotal) : hueHistogram,
    naturalColourShare: natural / n,
    meanChroma: chromaCount > 0 ? chromaSum / chromaCount : 0,
    skinShare: skin / count,
  };
}
