import sharp from 'sharp';
import { decodeImage } from '../image/decode-image';
import { mirrorImage } from '../image/pixels';
import { PhotoMeasurements, measureComposition, measurePhoto } from './measure-photo';
import { offLevel } from './lean';

// Generous: CI machines are often shared.
jest.setTimeout(300_000);

const W = 640;
const H = 480;

function rgb(width: number, height: number, pixel: (x: number, y: number) => [number, number, number]): Buffer {
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [r, g, b] = pixel(x, y);
      data.set([r, g, b], (y * width + x) * 3);
    }
  }
  return data;
}

function png(data: Buffer, width = W, height = H): Promise<Buffer> {
  return sharp(data, { raw: { width, height, channels: 3 } }).png().toBuffer();
}

async function measure(image: Buffer): Promise<PhotoMeasurements> {
  return measurePhoto(await decodeImage(image), []);
}

/** Deterministic Gaussian noise (Box-Muller over a fixed LCG). */
function noisy(data: Buffer, sigma: number): Buffer {
  let seed = 12345;
  const next = (): number => {
    seed = (seed * 1664525 + 1013904223) >>> 0;
    return (seed + 0.5) / 4294967296;
  };
  const out = Buffer.from(data);
  for (let p = 0; p < out.length; p += 3) {
    const n = Math.sqrt(-2 * Math.log(next())) * Math.cos(2 * Math.PI * next()) * sigma;
    for (let c = 0; c < 3; c++) out[p + c] = Math.max(0, Math.min(255, Math.round(out[p + c] + n)));
  }
  return out;
}

const grey = rgb(W, H, () => [128, 128, 128]);
const checker = rgb(W, H, (x, y) => ((Math.floor(x / 16) + Math.floor(y / 16)) % 2 === 0 ? [30, 30, 30] : [220, 220, 220]));

describe('measurements on synthetic images', () => {
  it('flat grey: no edges to measure sharpness on, no colour, no noise, nothing clipped', async () => {
    const m = await measure(await png(grey));
    expect(m.clarity.acutance).toBeNull();
    expect(m.clarity.noiseSigma).toBeLessThan(0.2);
    expect(m.colour.colourfulness).toBeLessThan(1);
    expect(m.colour.harmony).toBeNull();
    expect(m.lighting.clippedHighlights).toBe(0);
    expect(m.lighting.clippedShadows).toBe(0);
    expect(m.lighting.dynamicRange).toBe(0);
    expect(m.composition.horizon).toBeNull();
  });

  it('a checkerboard is sharp; blurring it lowers the acutance step by step', async () => {
    const sharpBoard = await measure(await png(checker));
    const soft = await measure(await sharp(checker, { raw: { width: W, height: H, channels: 3 } }).blur(1.5).png().toBuffer());
    const softer = await measure(await sharp(checker, { raw: { width: W, height: H, channels: 3 } }).blur(3).png().toBuffer());
    expect(sharpBoard.clarity.acutance).toBeGreaterThan(2.8);
    expect(soft.clarity.acutance).toBeLessThan(sharpBoard.clarity.acutance as number);
    expect(softer.clarity.acutance).toBeLessThan(soft.clarity.acutance as number);
  });

  it('noise is measured as noise and does not read as sharpness', async () => {
    const clean = await measure(await png(checker));
    const grainy = await measure(await png(noisy(checker, 12)));
    const flatNoise = await measure(await png(noisy(grey, 10)));
    expect(flatNoise.clarity.noiseSigma).toBeGreaterThan(7);
    expect(flatNoise.clarity.noiseSigma).toBeLessThan(13);
    expect(grainy.clarity.noiseSigma).toBeGreaterThan(clean.clarity.noiseSigma + 5);
    // Acutance stays where it was (within 15 %) instead of rising with the grain.
    expect(Math.abs((grainy.clarity.acutance as number) - (clean.clarity.acutance as number))).toBeLessThan(0.15 * (clean.clarity.acutance as number));
  });

  it('heavy JPEG compression shows up as blockiness', async () => {
    const gradient = rgb(W, H, (x, y) => [Math.round((x / W) * 200 + 20), Math.round((y / H) * 150 + 50), 120]);
    const lossless = await measure(await png(gradient));
    const crushed = await measure(await sharp(gradient, { raw: { width: W, height: H, channels: 3 } }).jpeg({ quality: 8 }).toBuffer());
    expect(lossless.clarity.blockiness).toBeLessThan(1.15);
    expect(crushed.clarity.blockiness).toBeGreaterThan(1.35);
  });

  it('finds a tilted horizon and its direction, and none on a frame without one', async () => {
    const scene = rgb(W, H, (_x, y) => (y < H * 0.45 ? [150, 190, 235] : [60, 90, 40]));
    const level = await measure(await png(scene));
    // sharp rotates clockwise: the right side of the horizon drops.
    const tilted = await measure(await sharp(scene, { raw: { width: W, height: H, channels: 3 } }).rotate(3, { background: '#96bee9' }).resize(W, H, { fit: 'cover' }).png().toBuffer());
    expect(level.composition.horizon).not.toBeNull();
    expect(Math.abs(level.composition.horizon?.angle ?? 99)).toBeLessThan(0.3);
    expect(level.composition.horizon?.position).toBeCloseTo(0.45, 1);
    expect(tilted.composition.horizon?.angle).toBeGreaterThan(2.6);
    expect(tilted.composition.horizon?.angle).toBeLessThan(3.4);
    expect((await measure(await png(noisy(grey, 10)))).composition.horizon).toBeNull();
  });

  it('reads exposure, clipping and colour from the pixels', async () => {
    const dark = await measure(await png(rgb(W, H, (x) => [x % 40, x % 40, x % 40])));
    const bright = await measure(await png(rgb(W, H, (x) => (x < W / 4 ? [255, 255, 255] : [200, 200, 200]))));
    const red = await measure(await png(rgb(W, H, (x, y) => (x + y) % 2 ? [200, 40, 40] : [180, 60, 50])));
    expect(dark.lighting.exposureEv).toBeLessThan(-2);
    expect(dark.lighting.clippedShadows).toBeGreaterThan(0.05);
    expect(bright.lighting.exposureEv).toBeGreaterThan(1);
    expect(bright.lighting.clippedHighlights).toBeCloseTo(0.25, 2);
    expect(red.colour.colourfulness).toBeGreaterThan(40);
    expect(red.colour.harmony).toBeGreaterThan(0.9);
  });
});

describe('upright lines', () => {
  it('measure the lean of a frame of vertical stripes turned clockwise, in the horizon angle sense', async () => {
    const stripes = rgb(W, H, (x) => (Math.floor(x / 24) % 2 === 0 ? [70, 60, 50] : [200, 190, 170]));
    const upright = await measure(await png(stripes));
    const turned = await measure(await sharp(stripes, { raw: { width: W, height: H, channels: 3 } }).rotate(3).resize(W, H, { fit: 'cover' }).png().toBuffer());
    expect(Math.abs(upright.composition.verticals?.angle ?? 99)).toBeLessThan(0.3);
    expect(turned.composition.verticals?.angle).toBeGreaterThan(2.5);
    expect(turned.composition.verticals?.angle).toBeLessThan(3.5);
  });
});

describe('the frame lean and the room at the edges', () => {
  // A grid of beams (horizontals and verticals), as in a fence, a jetty or trunks over a shore.
  const grid = rgb(W, H, (x, y) => (Math.floor(x / 40) % 3 === 0 || Math.floor(y / 40) % 3 === 0 ? [60, 50, 40] : [190, 200, 210]));
  const turn = (degrees: number): Promise<Buffer> =>
    sharp(grid, { raw: { width: W, height: H, channels: 3 } }).rotate(degrees).resize(W, H, { fit: 'cover' }).png().toBuffer();

  /** The grid level, turned 2° and turned −5°: measured once for the two tests below. */
  let turnedGrids: Promise<Array<PhotoMeasurements['composition']>> | undefined;
  const measureTurnedGrids = (): Promise<Array<PhotoMeasurements['composition']>> =>
    (turnedGrids ??= Promise.all([png(grid), turn(2), turn(-5)].map(async (image) => (await measure(await image)).composition)));
  /** The level grid reads within 0.3° of level, the turned ones within 0.4°-0.5° of their turn. */
  const expectTurns = ([level, two, five]: Array<{ angle: number } | null | undefined>): void => {
    expect(Math.abs(level?.angle ?? 99)).toBeLessThan(0.3);
    expect(two?.angle).toBeGreaterThan(1.6);
    expect(two?.angle).toBeLessThan(2.4);
    expect(five?.angle).toBeLessThan(-4.5);
    expect(five?.angle).toBeGreaterThan(-5.5);
  };

  it('reads the turn of all straight lines together, in the horizon angle sense, and more turn as more lean', async () => {
    const leans = (await measureTurnedGrids()).map((c) => c.lean);
    expectTurns(leans);
    expect(leans[0]?.strength).toBeGreaterThan(0.3);
  });

  it('reads the axes of all the line energy: the turn, r° more for a frame turned r°, and the share off level growing with it', async () => {
    const [level, two, five] = (await measureTurnedGrids()).map((c) => c.axes);
    expectTurns([level, two, five]);
    expect(level?.alignment).toBeGreaterThan(0.5);
    const grain = (await measure(await png(noisy(grey, 20)))).composition.axes;
    expect(grain === null || grain.alignment < 0.1).toBe(true);
    // Off level grows in proportion with the turn, either way.
    expect(offLevel(two ?? null)).toBeGreaterThan(offLevel(level ?? null) + 0.03);
    expect(offLevel(five ?? null)).toBeGreaterThan(offLevel(two ?? null) + 0.03);
  });

  it('measures the framing alone as measurePhoto does, and its mirror image mirrored: the turn reversed, the weight on the other side', async () => {
    const disc = rgb(W, H, (x, y) => (Math.hypot(x - 150, y - H / 2) < 90 ? ((x + y) % 6 < 3 ? [250, 120, 20] : [120, 40, 10]) : [90, 110, 90]));
    const [grid2, discLeft] = await Promise.all([turn(2), png(disc)].map(async (image) => {
      const bytes = await image;
      const { working } = await decodeImage(bytes);
      const own = measureComposition(working, []);
      expect(own).toEqual((await measure(bytes)).composition);
      return { own, mirrored: measureComposition(mirrorImage(working), []) };
    }));
    expect(grid2?.mirrored.axes?.angle).toBeCloseTo(-(grid2?.own.axes?.angle ?? 0), 0);
    expect(grid2?.own.axes?.angle).toBeGreaterThan(1.6);
    expect(discLeft?.own.weightCentre?.x).toBeLessThan(0.35);
    expect(discLeft?.mirrored.weightCentre?.x).toBeCloseTo(1 - (discLeft?.own.weightCentre?.x ?? 0), 1);
    expect(discLeft?.mirrored.edgeWeight).toBeCloseTo(discLeft?.own.edgeWeight ?? -1, 1);
    // Two pixels swap places, each keeping its own channel order.
    expect(Array.from(mirrorImage({ width: 2, height: 1, data: Uint8Array.from([1, 2, 3, 4, 5, 6]) }).data)).toEqual([4, 5, 6, 1, 2, 3]);
  });

  it('finds no clear lean in grain, and calmer edges around a centred subject than around one at the edge', async () => {
    const grain = (await measure(await png(noisy(grey, 20)))).composition.lean;
    expect(grain === null || grain.strength < 0.05).toBe(true);
    const disc = (cx: number): Buffer => rgb(W, H, (x, y) => (Math.hypot(x - cx, y - H / 2) < 90 ? ((x + y) % 6 < 3 ? [250, 120, 20] : [120, 40, 10]) : [90, 110, 90]));
    const centred = (await measure(await png(disc(W / 2)))).composition;
    const atEdge = (await measure(await png(disc(40)))).composition;
    expect(centred.edgeWeight).toBeLessThan(0.5);
    expect(atEdge.edgeWeight).toBeGreaterThan(centred.edgeWeight + 0.5);
    expect(Math.abs((atEdge.weightCentre?.x ?? 0.5) - 0.5)).toBeGreaterThan(Math.abs((centred.weightCentre?.x ?? 0) - 0.5) + 0.2);
  });
});
