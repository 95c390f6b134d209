/**
 * Small, allocation-conscious pixel operations on plain typed arrays. Everything the measurements
 * need is here so they stay readable; sharp decodes and resizes, these do the arithmetic.
 */

/** 8-bit sRGB pixels, interleaved RGB, row-major. */
export interface RgbImage {
  width: number;
  height: number;
  data: Uint8Array;
}

/** One channel of floating-point values (luminance 0-255, gradients, maps), row-major. */
export interface Plane {
  width: number;
  height: number;
  data: Float32Array;
}

/** The image mirrored left to right. */
export function mirrorImage(image: RgbImage): RgbImage {
  const { width, height } = image;
  const data = new Uint8Array(image.data.length);
  for (let y = 0; y < height; y++) {
    const row = y * width * 3;
    for (let x = 0; x < width; x++) {
      const from = row + x * 3;
      const to = row + (width - 1 - x) * 3;
      data[to] = image.data[from] as number;
      data[to + 1] = image.data[from + 1] as number;
      data[to + 2] = image.data[from + 2] as number;
    }
  }
  return { width, height, data };
}

export function plane(width: number, height: number, fill = 0): Plane {
  const data = new Float32Array(width * height);
  if (fill !== 0) data.fill(fill);
  return { width, height, data };
}

/** Rec. 709 luma of gamma-encoded sRGB: what a viewer reads as brightness, 0-255. */
export function luminance(image: RgbImage): Plane {
  const out = plane(image.width, image.height);
  const src = image.data;
  for (let i = 0, p = 0; i < out.data.length; i++, p += 3) {
    out.data[i] = 0.2126 * src[p] + 0.7152 * src[p + 1] + 0.0722 * src[p + 2];
  }
  return out;
}

function gaussianKernel(sigma: number): Float32Array {
  const radius = Math.max(1, Math.ceil(sigma * 3));
  const kernel = new Float32Array(radius * 2 + 1);
  let sum = 0;
  for (let i = -radius; i <= radius; i++) {
    const v = Math.exp(-(i * i) / (2 * sigma * sigma));
    kernel[i + radius] = v;
    sum += v;
  }
  for (let i = 0; i < kernel.length; i++) kernel[i] = kernel[i] / sum;
  return kernel;
}

/** One clamped output of the horizontal pass (the borders): `acc` summed in kernel order, as the interior. */
function convolveRowAt(src: Float32Array, row: number, x: number, width: number, kernel: Float32Array, radius: number): number {
  let acc = 0;
  for (let k = -radius; k <= radius; k++) {
    const j = x + k < 0 ? 0 : x + k >= width ? width - 1 : x + k;
    acc += src[row + j] * kernel[k + radius];
  }
  return acc;
}

/**
 * Horizontal pass of a 1-D kernel, clamping at the borders. The interior is written out for the
 * kernels the measurements use (7, 9 and 13 taps): the same products summed in the same order from
 * 0 as the general loop, so the result is the same to the bit, without a loop and a border test per tap.
 */
function convolveRows(src: Float32Array, dst: Float32Array, width: number, height: number, kernel: Float32Array): void {
  const radius = (kernel.length - 1) >> 1;
  const taps = kernel.length;
  const left = Math.min(radius, width);
  const right = Math.max(radius, width - radius);
  const [k0, k1, k2, k3, k4, k5, k6, k7, k8, k9, k10, k11, k12] = Array.from({ length: 13 }, (_, i) => kernel[i] ?? 0) as [number, number, number, number, number, number, number, number, number, number, number, number, number];
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < left; x++) dst[row + x] = convolveRowAt(src, row, x, width, kernel, radius);
    // Interior (radius ≤ x < width − radius): no clamping, the hot path.
    const end = row + width - radius;
    if (taps === 7) {
      for (let i = row + radius, f = row; i < end; i++, f++) {
        dst[i] = 0 + src[f] * k0 + src[f + 1] * k1 + src[f + 2] * k2 + src[f + 3] * k3 + src[f + 4] * k4 + src[f + 5] * k5 + src[f + 6] * k6;
      }
    } else if (taps === 9) {
      for (let i = row + radius, f = row; i < end; i++, f++) {
        dst[i] = 0 + src[f] * k0 + src[f + 1] * k1 + src[f + 2] * k2 + src[f + 3] * k3 + src[f + 4] * k4 + src[f + 5] * k5 + src[f + 6] * k6 + src[f + 7] * k7 + src[f + 8] * k8;
      }
    } else if (taps === 13) {
      for (let i = row + radius, f = row; i < end; i++, f++) {
        dst[i] =
          0 + src[f] * k0 + src[f + 1] * k1 + src[f + 2] * k2 + src[f + 3] * k3 + src[f + 4] * k4 + src[f + 5] * k5 + src[f + 6] * k6 +
          src[f + 7] * k7 + src[f + 8] * k8 + src[f + 9] * k9 + src[f + 10] * k10 + src[f + 11] * k11 + src[f + 12] * k12;
      }
    } else {
      for (let i = row + radius, f = row; i < end; i++, f++) {
        let acc = 0;
        for (let k = 0; k < taps; k++) acc += src[f + k] * kernel[k];
        dst[i] = acc;
      }
    }
    for (let x = right; x < width; x++) dst[row + x] = convolveRowAt(src, row, x, width, kernel, radius);
  }
}

/**
 * Vertical pass, reading whole source rows in order. Each output is the float32 sum, rounded after
 * every tap in kernel order (as adding each tap into a float32 plane rounds), kept in a register.
 */
function convolveColumns(src: Float32Array, dst: Float32Array, width: number, height: number, kernel: Float32Array): void {
  const radius = (kernel.length - 1) >> 1;
  const taps = kernel.length;
  const from = new Int32Array(taps);
  const fround = Math.fround;
  for (let y = 0; y < height; y++) {
    const out = y * width;
    for (let k = -radius; k <= radius; k++) {
      const yy = y + k < 0 ? 0 : y + k >= height ? height - 1 : y + k;
      from[k + radius] = yy * width;
    }
    if (taps === 7) {
      const [r0, r1, r2, r3, r4, r5, r6] = from as unknown as [number, number, number, number, number, number, number];
      const [w0, w1, w2, w3, w4, w5, w6] = kernel as unknown as [number, number, number, number, number, number, number];
      for (let x = 0; x < width; x++) {
        let a = fround(0 + src[r0 + x] * w0);
        a = fround(a + src[r1 + x] * w1);
        a = fround(a + src[r2 + x] * w2);
        a = fround(a + src[r3 + x] * w3);
        a = fround(a + src[r4 + x] * w4);
        a = fround(a + src[r5 + x] * w5);
        dst[out + x] = a + src[r6 + x] * w6;
      }
    } else if (taps === 9) {
      const [r0, r1, r2, r3, r4, r5, r6, r7, r8] = from as unknown as [number, number, number, number, number, number, number, number, number];
      const [w0, w1, w2, w3, w4, w5, w6, w7, w8] = kernel as unknown as [number, number, number, number, number, number, number, number, number];
      for (let x = 0; x < width; x++) {
        let a = fround(0 + src[r0 + x] * w0);
        a = fround(a + src[r1 + x] * w1);
        a = fround(a + src[r2 + x] * w2);
        a = fround(a + src[r3 + x] * w3);
        a = fround(a + src[r4 + x] * w4);
        a = fround(a + src[r5 + x] * w5);
        a = fround(a + src[r6 + x] * w6);
        a = fround(a + src[r7 + x] * w7);
        dst[out + x] = a + src[r8 + x] * w8;
      }
    } else if (taps === 13) {
      const [r0, r1, r2, r3, r4, r5, r6, r7, r8, r9, r10, r11, r12] = from as unknown as number[] as [number, number, number, number, number, number, number, number, number, number, number, number, number];
      const [w0, w1, w2, w3, w4, w5, w6, w7, w8, w9, w10, w11, w12] = kernel as unknown as number[] as [number, number, number, number, number, number, number, number, number, number, number, number, number];
      for (let x = 0; x < width; x++) {
        let a = fround(0 + src[r0 + x] * w0);
        a = fround(a + src[r1 + x] * w1);
        a = fround(a + src[r2 + x] * w2);
        a = fround(a + src[r3 + x] * w3);
        a = fround(a + src[r4 + x] * w4);
        a = fround(a + src[r5 + x] * w5);
        a = fround(a + src[r6 + x] * w6);
        a = fround(a + src[r7 + x] * w7);
        a = fround(a + src[r8 + x] * w8);
        a = fround(a + src[r9 + x] * w9);
        a = fround(a + src[r10 + x] * w10);
        a = fround(a + src[r11 + x] * w11);
        dst[out + x] = a + src[r12 + x] * w12;
      }
    } else {
      for (let x = 0; x < width; x++) {
        let a = 0;
        for (let k = 0; k < taps; k++) a = fround(a + src[from[k] + x] * kernel[k]);
        dst[out + x] = a;
      }
    }
  }
}

/** Separable Gaussian blur with clamped borders. */
export function gaussianBlur(input: Plane, sigma: number): Plane {
  const { width, height } = input;
  if (sigma <= 0) return { width, height, data: Float32Array.from(input.data) };
  const kernel = gaussianKernel(sigma);
  const tmp = new Float32Array(width * height);
  const out = new Float32Array(width * height);
  convolveRows(input.data, tmp, width, height, kernel);
  convolveColumns(tmp, out, width, height, kernel);
  return { width, height, data: out };
}

/** A plane after the horizontal pass of a Gaussian blur: `gaussianAt` finishes the blur at the pixels that are needed. */
export interface RowBlurred {
  width: number;
  height: number;
  rows: Float32Array;
  kernel: Float32Array;
}

/** The horizontal pass of `gaussianBlur(input, sigma)` (sigma > 0). */
export function gaussianRows(input: Plane, sigma: number): RowBlurred {
  const { width, height } = input;
  const kernel = gaussianKernel(sigma);
  const rows = new Float32Array(width * height);
  convolveRows(input.data, rows, width, height, kernel);
  return { width, height, rows, kernel };
}

/** `gaussianBlur(input, sigma).data[y * width + x]`, to the bit, from the horizontal pass: for a measurement that reads a few pixels of the blur. */
export function gaussianAt(blurred: RowBlurred, x: number, y: number): number {
  const { width, height, rows, kernel } = blurred;
  const radius = (kernel.length - 1) >> 1;
  let a = 0;
  for (let k = -radius; k <= radius; k++) {
    const yy = y + k < 0 ? 0 : y + k >= height ? height - 1 : y + k;
    a = Math.fround(a + rows[yy * width + x] * kernel[k + radius]);
  }
  return a;
}

/** Half the size in each direction, averaging 2×2 blocks. */
export function halve(input: Plane): Plane {
  const width = Math.max(1, Math.floor(input.width / 2));
  const height = Math.max(1, Math.floor(input.height / 2));
  const data = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = 2 * y * input.width + 2 * x;
      data[y * width + x] = (input.data[i] + input.data[i + 1] + input.data[i + input.width] + input.data[i + input.width + 1]) / 4;
    }
  }
  return { width, height, data };
}

export interface Gradients {
  gx: Plane;
  gy: Plane;
  magnitude: Plane;
}

/** Sobel gradients (divided by 8 so a unit step gives a magnitude near 1 per grey level). */
export function sobel(input: Plane): Gradients {
  const { width, height } = input;
  const gx = plane(width, height);
  const gy = plane(width, height);
  const magnitude = plane(width, height);
  const s = input.data;
  const [ox, oy, om] = [gx.data, gy.data, magnitude.data];
  for (let y = 1; y < height - 1; y++) {
    // The 3 × 3 window slides along the row: each step reads one new column of three values.
    const above = (y - 1) * width;
    const row = y * width;
    const below = (y + 1) * width;
    let tl = s[above];
    let t = s[above + 1];
    let l = s[row];
    let c = s[row + 1];
    let bl = s[below];
    let b = s[below + 1];
    for (let x = 1; x < width - 1; x++) {
      const tr = s[above + x + 1];
      const r = s[row + x + 1];
      const br = s[below + x + 1];
      const dx = (tr + 2 * r + br - tl - 2 * l - bl) / 8;
      const dy = (bl + 2 * b + br - tl - 2 * t - tr) / 8;
      const i = row + x;
      ox[i] = dx;
      oy[i] = dy;
      om[i] = Math.sqrt(dx * dx + dy * dy);
      tl = t;
      t = tr;
      l = c;
      c = r;
      bl = b;
      b = br;
    }
  }
  return { gx, gy, magnitude };
}

/** The value below which `q` (0-1) of the values fall. Sorts a strided sample of at most `maxSamples` (thresholds need no more precision). */
export function quantile(values: ArrayLike<number>, q: number, maxSamples = 20_000): number {
  const n = values.length;
  if (n === 0) return 0;
  const step = Math.max(1, Math.floor(n / maxSamples));
  const sample = new Float32Array(Math.ceil(n / step));
  let m = 0;
  for (let i = 0; i < n; i += step) sample[m++] = values[i];
  const sorted = sample.subarray(0, m).sort();
  const pos = Math.min(m - 1, Math.max(0, Math.round(q * (m - 1))));
  return sorted[pos];
}

export function mean(values: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += values[i];
  return values.length === 0 ? 0 : sum / values.length;
}

/** A rectangle in fractions of the frame (0-1), origin top-left. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const FULL_FRAME: Box = { x: 0, y: 0, width: 1, height: 1 };

/** Pixel bounds of a fractional box inside a plane, at least one pixel wide and high. */
export function pixelBounds(box: Box, width: number, height: number): { x0: number; y0: number; x1: number; y1: number } {
  const x0 = Math.max(0, Math.min(width - 1, Math.floor(box.x * width)));
  const y0 = Math.max(0, Math.min(height - 1, Math.floor(box.y * height)));
  const x1 = Math.max(x0 + 1, Math.min(width, Math.ceil((box.x + box.width) * width)));
  const y1 = Math.max(y0 + 1, Math.min(height, Math.ceil((box.y + box.height) * height)));
  return { x0, y0, x1, y1 };
}

/**
 * Average-pools a plane into a grid of `cols` × `rows` cells. Each cell's sum is rounded to float32
 * after every value, in row-major order (as adding into a float32 grid rounds), kept in a register
 * along each run of a row inside one cell; the counts are the cells' pixel counts.
 */
export function gridMeans(input: Plane, cols: number, rows: number): Float32Array {
  const out = new Float32Array(cols * rows);
  const counts = new Float32Array(cols * rows);
  const { width, height, data } = input;
  // Where each column of cells starts: the first x with floor(x · cols / width) at that cell.
  const starts = new Int32Array(cols + 1).fill(width);
  for (let x = width - 1; x >= 0; x--) starts[Math.min(cols - 1, Math.floor((x * cols) / width))] = x;
  for (let c = cols - 2; c >= 0; c--) if (starts[c] > starts[c + 1]) starts[c] = starts[c + 1];
  const fround = Math.fround;
  for (let y = 0; y < height; y++) {
    const rowBase = Math.min(rows - 1, Math.floor((y * rows) / height)) * cols;
    const from = y * width;
    for (let c = 0; c < cols; c++) {
      const x0 = starts[c];
      const x1 = starts[c + 1];
      if (x1 <= x0) continue;
      let a = out[rowBase + c];
      for (let x = from + x0, end = from + x1; x < end; x++) a = fround(a + data[x]);
      out[rowBase + c] = a;
      counts[rowBase + c] += x1 - x0;
    }
  }
  for (let i = 0; i < out.length; i++) out[i] = counts[i] > 0 ? out[i] / counts[i] : 0;
  return out;
}

export function clamp(value: number, min: number, max: number): number {
  return value < min ? min : value > max ? max : value;
}
