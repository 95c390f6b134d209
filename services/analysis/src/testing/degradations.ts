import sharp from 'sharp';

/**
 * Controlled degradations of a photo, for the tests and the evaluation: each makes one aspect
 * measurably worse by a known amount, so a score can be checked to move the right way.
 * Every variant (and the baseline) is a 1024 px JPEG at quality 95, so encoding is the same for all.
 */
export type DegradationKind = 'blur' | 'noise' | 'underexposure' | 'overexposure' | 'tilt' | 'off-centre crop' | 'tight crop';

export interface Degradation {
  kind: DegradationKind;
  /** 1 = mild, 2 = strong. */
  level: 1 | 2;
  /** e.g. "Gaussian blur σ 3 px". */
  label: string;
}

/** Which score each degradation must lower. */
export const AFFECTED_SCORE: Readonly<Record<DegradationKind, 'clarity' | 'lighting' | 'composition'>> = {
  blur: 'clarity',
  noise: 'clarity',
  underexposure: 'lighting',
  overexposure: 'lighting',
  tilt: 'composition',
  'off-centre crop': 'composition',
  'tight crop': 'composition',
};

const SIZE = 1024;
const QUALITY = 95;

interface Raw {
  data: Buffer;
  width: number;
  height: number;
}

async function encode(raw: Raw): Promise<Buffer> {
  return sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: 3 } }).jpeg({ quality: QUALITY }).toBuffer();
}

async function rawOf(image: Buffer): Promise<Raw> {
  const { data, info } = await sharp(image)
    .rotate()
    .resize({ width: SIZE, height: SIZE, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** The baseline every degradation is compared with: the photo as a 1024 px JPEG. */
export async function baseline(image: Buffer): Promise<Buffer> {
  return encode(await rawOf(image));
}

/** A small deterministic PRNG (mulberry32), so noise is the same on every run. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function gaussian(next: () => number): number {
  const u = Math.max(1e-12, next());
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * next());
}

function addNoise(raw: Raw, sigma: number): Raw {
  const next = random(42);
  const data = Buffer.from(raw.data);
  for (let p = 0; p < data.length; p += 3) {
    // Luminance-like grain: one draw per pixel, plus a weaker colour part per channel.
    const grain = gaussian(next) * sigma;
    for (let c = 0; c < 3; c++) data[p + c] = Math.max(0, Math.min(255, Math.round(data[p + c] + grain + gaussian(next) * sigma * 0.3)));
  }
  return { ...raw, data };
}

function expose(raw: Raw, stops: number): Raw {
  const factor = Math.pow(2, stops);
  const lut = new Uint8Array(256);
  for (let v = 0; v < 256; v++) {
    const c = v / 255;
    const linear = c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
    const scaled = Math.min(1, linear * factor);
    const encoded = scaled <= 0.0031308 ? scaled * 12.92 : 1.055 * Math.pow(scaled, 1 / 2.4) - 0.055;
    lut[v] = Math.round(encoded * 255);
  }
  const data = Buffer.from(raw.data);
  for (let i = 0; i < data.length; i++) data[i] = lut[data[i]];
  return { ...raw, data };
}

/** Rotates by `degrees` (clockwise) and crops to the largest centred rectangle of the same aspect with no empty corners. */
async function tilt(raw: Raw, degrees: number): Promise<Buffer> {
  const rotated = await sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: 3 } })
    .rotate(degrees, { background: '#808080' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const a = (Math.abs(degrees) * Math.PI) / 180;
  const scale = 1 / (Math.cos(a) + Math.sin(a) * Math.max(raw.width / raw.height, raw.height / raw.width));
  const width = Math.floor(raw.width * scale);
  const height = Math.floor(raw.height * scale);
  return sharp(rotated.data, { raw: { width: rotated.info.width, height: rotated.info.height, channels: 3 } })
    .extract({ left: Math.floor((rotated.info.width - width) / 2), top: Math.floor((rotated.info.height - height) / 2), width, height })
    .jpeg({ quality: QUALITY })
    .toBuffer();
}

/** The photo as a 1024 px JPEG turned by `degrees` (clockwise), corners cropped away: the tilt checks of the evaluation. */
export async function tilted(image: Buffer, degrees: number): Promise<Buffer> {
  return tilt(await rawOf(image), degrees);
}

/**
 * Crops a window of 55 % of each side placed so the subject's centre lands close to the window's
 * nearest edge (strong: 4 % from it, mild: 12 %), the way a careless crop pushes a subject out.
 */
async function offCentre(raw: Raw, subject: { x: number; y: number }, margin: number, window = 0.55): Promise<Buffer> {
  const width = Math.round(raw.width * window);
  const height = Math.round(raw.height * window);
  const sx = subject.x * raw.width;
  const sy = subject.y * raw.height;
  // Put the subject near the window edge that lies towards the frame centre, so the window fits.
  const left = subject.x < 0.5 ? sx - margin * width : sx - (1 - margin) * width;
  const top = sy - height / 2;
  const clampedLeft = Math.max(0, Math.min(raw.width - width, Math.round(left)));
  const clampedTop = Math.max(0, Math.min(raw.height - height, Math.round(top)));
  return sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: 3 } })
    .extract({ left: clampedLeft, top: clampedTop, width, height })
    .jpeg({ quality: QUALITY })
    .toBuffer();
}

/** Crops to `share` of each side around the subject's centre (or the frame's), as a crop that leaves the subject no room. */
async function tight(raw: Raw, centre: { x: number; y: number }, share: number): Promise<Buffer> {
  const width = Math.round(raw.width * share);
  const height = Math.round(raw.height * share);
  const left = Math.max(0, Math.min(raw.width - width, Math.round(centre.x * raw.width - width / 2)));
  const top = Math.max(0, Math.min(raw.height - height, Math.round(centre.y * raw.height - height / 2)));
  return sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: 3 } })
    .extract({ left, top, width, height })
    .jpeg({ quality: QUALITY })
    .toBuffer();
}

export const DEGRADATIONS: readonly Degradation[] = [
  { kind: 'blur', level: 1, label: 'Gaussian blur σ 1.5 px' },
  { kind: 'blur', level: 2, label: 'Gaussian blur σ 3 px' },
  { kind: 'noise', level: 1, label: 'noise σ 8 grey levels' },
  { kind: 'noise', level: 2, label: 'noise σ 20 grey levels' },
  { kind: 'underexposure', level: 1, label: '−1.5 EV' },
  { kind: 'underexposure', level: 2, label: '−3 EV' },
  { kind: 'overexposure', level: 1, label: '+1.5 EV' },
  { kind: 'overexposure', level: 2, label: '+3 EV' },
  { kind: 'tilt', level: 1, label: 'rotated 2° further the way it leans' },
  { kind: 'tilt', level: 2, label: 'rotated 5° further the way it leans' },
  { kind: 'off-centre crop', level: 1, label: 'crop with the subject 12 % from an edge' },
  { kind: 'off-centre crop', level: 2, label: 'crop with the subject 4 % from an edge' },
  { kind: 'tight crop', level: 1, label: 'crop to 60 % of each side around the subject' },
  { kind: 'tight crop', level: 2, label: 'crop to 40 % of each side around the subject' },
];

export interface DegradationContext {
  /**
   * The centre of what the photo is about, in frame fractions, for the off-centre and tight crops:
   * `framingCentre` (the subject's centre, else the centre of the visual weight, else the frame's).
   */
  subject?: { x: number; y: number };
  /**
   * Way to turn for the tilt: 1 clockwise, −1 anticlockwise. Turn the way the photo already leans
   * (if it does), so the tilt always grows rather than straightening a slightly tilted original.
   */
  tiltDirection?: 1 | -1;
}

/**
 * What the off-centre and tight crops are placed around, so they are defined for every photo: the
 * subject's centre when one was found, else the centre of the frame's visual weight, else the frame's centre.
 */
export function framingCentre(composition: { subject: { centroid: { x: number; y: number } } | null; weightCentre: { x: number; y: number } | null }): { x: number; y: number } {
  return composition.subject?.centroid ?? composition.weightCentre ?? { x: 0.5, y: 0.5 };
}

/** The direction to tilt a photo: further the way its line energy is already turned (`LineAxes.angle`); a level photo clockwise. */
export function tiltDirectionFor(composition: { axes: { angle: number } | null }): 1 | -1 {
  const angle = composition.axes?.angle;
  return angle !== undefined && angle < -0.3 ? -1 : 1;
}

/** Applies one degradation to a photo (any format sharp reads). */
export async function degrade(image: Buffer, degradation: Degradation, context: DegradationContext = {}): Promise<Buffer> {
  const { subject, tiltDirection = 1 } = context;
  const raw = await rawOf(image);
  const strong = degradation.level === 2;
  switch (degradation.kind) {
    case 'blur':
      return sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: 3 } })
        .blur(strong ? 3 : 1.5)
        .jpeg({ quality: QUALITY })
        .toBuffer();
    case 'noise':
      return encode(addNoise(raw, strong ? 20 : 8));
    case 'underexposure':
      return encode(expose(raw, strong ? -3 : -1.5));
    case 'overexposure':
      return encode(expose(raw, strong ? 3 : 1.5));
    case 'tilt':
      return tilt(raw, tiltDirection * (strong ? 5 : 2));
    case 'off-centre crop':
      if (!subject) throw new Error('an off-centre crop needs the framing centre (framingCentre)');
      return offCentre(raw, subject, strong ? 0.04 : 0.12);
    case 'tight crop':
      return tight(raw, subject ?? { x: 0.5, y: 0.5 }, strong ? 0.4 : 0.6);
  }
}

/**
 * Reframings with free parameters, for training the learned composition term on framings other
 * than the evaluation's (`DEGRADATIONS`), so its cross-validated figures are not tuned to them.
 */
export type Reframing =
  | { kind: 'resampled' }
  | { kind: 'tilt'; degrees: number }
  | { kind: 'off-centre crop'; margin: number; window: number }
  | { kind: 'tight crop'; share: number };

export async function reframe(image: Buffer, reframing: Reframing, centre: { x: number; y: number }): Promise<Buffer> {
  const raw = await rawOf(image);
  switch (reframing.kind) {
    case 'resampled':
      // The same frame shifted by half a pixel with bilinear interpolation: the softening a turn
      // brings with it, without the turn, so a learned term cannot take resampling for a tilt.
      return sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: 3 } })
        .affine([1, 0, 0, 1], { idx: 0.5, idy: 0.5, interpolator: sharp.interpolators.bilinear, background: '#808080' })
        .extract({ left: 1, top: 1, width: raw.width - 2, height: raw.height - 2 })
        .jpeg({ quality: QUALITY })
        .toBuffer();
    case 'tilt':
      return tilt(raw, reframing.degrees);
    case 'off-centre crop':
      return offCentre(raw, centre, reframing.margin, reframing.window);
    case 'tight crop':
      return tight(raw, centre, reframing.share);
  }
}
