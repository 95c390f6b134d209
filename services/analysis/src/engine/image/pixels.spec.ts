import { gaussianAt, gaussianBlur, gaussianRows, gridMeans, Plane, sobel } from './pixels';

/*
 * The pixel operations are written for speed (unrolled kernels, sliding windows, sums in registers);
 * the measurements and every score calibrated on them depend on their exact values. These are the
 * plain loops they replaced: the fast ones must give the same float32 values, bit for bit.
 */

function kernelOf(sigma: number): Float32Array {
  const radius = Math.max(1, Math.ceil(sigma * 3));
  const kernel = new Float32Array(radius * 2 + 1);
  let sum = 0;
  for (let i = -radius; i <= radius; i++) {
    const v = Math.exp(-(i * i) / (2 * sigma * sigma));
    kernel[i + radius] = v;
    sum += v;
  }
  for (let i = 0; i < kernel.length; i++) kernel[i] = (kernel[i] as number) / sum;
  return kernel;
}

/** Horizontal pass summed from 0 in kernel order (double), then the vertical pass added into a float32 plane tap by tap. */
function plainBlur(input: Plane, sigma: number, pass: 'rows' | 'both' = 'both'): Float32Array {
  const { width, height, data } = input;
  const kernel = kernelOf(sigma);
  const radius = (kernel.length - 1) >> 1;
  const tmp = new Float32Array(width * height);
  const out = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let acc = 0;
      for (let k = -radius; k <= radius; k++) {
        const j = Math.min(width - 1, Math.max(0, x + k));
        acc += (data[y * width + j] as number) * (kernel[k + radius] as number);
      }
      tmp[y * width + x] = acc;
    }
  }
  if (pass === 'rows') return tmp;
  for (let y = 0; y < height; y++) {
    for (let k = -radius; k <= radius; k++) {
      const yy = Math.min(height - 1, Math.max(0, y + k));
      for (let x = 0; x < width; x++) out[y * width + x] = (out[y * width + x] as number) + (tmp[yy * width + x] as number) * (kernel[k + radius] as number);
    }
  }
  return out;
}

function plainSobel(input: Plane): [Float32Array, Float32Array, Float32Array] {
  const { width, height, data: s } = input;
  const gx = new Float32Array(width * height);
  const gy = new Float32Array(width * height);
  const m = new Float32Array(width * height);
  const at = (i: number): number => s[i] as number;
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      const dx = (at(i - width + 1) + 2 * at(i + 1) + at(i + width + 1) - at(i - width - 1) - 2 * at(i - 1) - at(i + width - 1)) / 8;
      const dy = (at(i + width - 1) + 2 * at(i + width) + at(i + width + 1) - at(i - width - 1) - 2 * at(i - width) - at(i - width + 1)) / 8;
      gx[i] = dx;
      gy[i] = dy;
      m[i] = Math.sqrt(dx * dx + dy * dy);
    }
  }
  return [gx, gy, m];
}

function plainGridMeans(input: Plane, cols: number, rows: number): Float32Array {
  const out = new Float32Array(cols * rows);
  const counts = new Float32Array(cols * rows);
  for (let y = 0; y < input.height; y++) {
    for (let x = 0; x < input.width; x++) {
      const cell = Math.min(rows - 1, Math.floor((y * rows) / input.height)) * cols + Math.min(cols - 1, Math.floor((x * cols) / input.width));
      out[cell] = (out[cell] as number) + (input.data[y * input.width + x] as number);
      counts[cell] = (counts[cell] as number) + 1;
    }
  }
  return out.map((v, i) => ((counts[i] as number) > 0 ? v / (counts[i] as number) : 0));
}

/** Same float32 bits (so −0 and +0 differ, and NaN equals NaN). */
function bits(values: Float32Array): Uint32Array {
  return new Uint32Array(values.buffer, values.byteOffset, values.length);
}

let seed = 7;
const random = (): number => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;

/** `wild`: grey levels among ±2⁶⁰, whose cancelling makes the order of a sum show in float32 (a reordered sum fails these tests). */
function randomPlane(width: number, height: number, kind: 'luma' | 'signed' | 'zeros' | 'wild'): Plane {
  const data = new Float32Array(width * height);
  for (let i = 0; i < data.length; i++) {
    data[i] =
      kind === 'luma' ? random() * 255
      : kind === 'signed' ? (random() - 0.5) * 1000 * random() ** 4
      : kind === 'wild' ? (random() < 0.3 ? (random() < 0.5 ? -1 : 1) * 2 ** 60 : random() * 255)
      : random() < 0.5 ? 0 : -0;
  }
  return { width, height, data };
}

const SIZES: Array<[number, number]> = [[1, 1], [2, 3], [5, 4], [7, 13], [14, 9], [31, 17], [96, 64]];

describe('pixel operations give the plain loops’ values to the bit', () => {
  it('blurs with every kernel size the measurements use, and others, at every border', () => {
    for (const [width, height] of SIZES) {
      for (const sigma of [0.5, 0.7, 1.25, 2, 3]) {
        for (const kind of ['luma', 'signed', 'zeros', 'wild'] as const) {
          const plane = randomPlane(width, height, kind);
          expect(bits(gaussianBlur(plane, sigma).data)).toEqual(bits(plainBlur(plane, sigma)));
          // The horizontal pass alone: the vertical one can round away a difference in it.
          expect(bits(gaussianRows(plane, sigma).rows)).toEqual(bits(plainBlur(plane, sigma, 'rows')));
        }
      }
    }
  });

  it('finishes a blur at single pixels as the whole blur does', () => {
    for (const [width, height] of SIZES) {
      const plane = randomPlane(width, height, 'wild');
      const whole = plainBlur(plane, 2);
      const rows = gaussianRows(plane, 2);
      const at = new Float32Array(width * height);
      for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) at[y * width + x] = gaussianAt(rows, x, y);
      expect(bits(at)).toEqual(bits(whole));
    }
  });

  it('takes Sobel gradients', () => {
    for (const [width, height] of SIZES) for (const kind of ['luma', 'wild'] as const) {
      const plane = randomPlane(width, height, kind);
      const fast = sobel(plane);
      const [gx, gy, magnitude] = plainSobel(plane);
      expect(bits(fast.gx.data)).toEqual(bits(gx));
      expect(bits(fast.gy.data)).toEqual(bits(gy));
      expect(bits(fast.magnitude.data)).toEqual(bits(magnitude));
    }
  });

  it('averages into grids finer and coarser than the plane', () => {
    for (const [width, height] of [...SIZES, [1024, 96] as [number, number]]) {
      const plane = randomPlane(width, height, 'wild');
      for (const [cols, rows] of [[25, 25], [8, 6], [4, 4], [32, 7]] as Array<[number, number]>) {
        expect(bits(gridMeans(plane, cols, rows))).toEqual(bits(plainGridMeans(plane, cols, rows)));
      }
    }
  });
});
