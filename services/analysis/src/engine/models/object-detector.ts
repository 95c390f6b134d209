import type * as tfTypes from '@tensorflow/tfjs';
import type { Config, Human } from '@vladmandic/human';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RgbImage } from '../image/pixels';
import type { Detection } from '../measure/measure-photo';
import { tensorflow, wasmFolder } from './tf-runtime';

/** What the detector network saw besides its boxes, for the scene classifier. */
export interface DetectorFeatures {
  /** Global average of the MobileNetV3 backbone's last stage (its squeeze-excite pooling): what the photo looks like. */
  backbone: Float32Array;
  /** Peak of each COCO class's centre heatmap (80 values, COCO order): faint evidence the boxes' thresholds drop. */
  classPeaks: Float32Array;
}

export interface DetectorReading {
  detections: Detection[];
  features: DetectorFeatures;
}

/** Finds animals, people and objects in a photo. */
export interface ObjectDetector {
  /** Name shown in `aiModel` and the evidence. */
  readonly name: string;
  detect(image: RgbImage): Promise<Detection[]>;
  /** Boxes and features from one inference. */
  read(image: RgbImage): Promise<DetectorReading>;
}

/** COCO-80 in the model's class order. */
export const COCO_LABELS = [
  'person', 'bicycle', 'car', 'motorcycle', 'airplane', 'bus', 'train', 'truck', 'boat', 'traffic light', 'fire hydrant', 'stop sign',
  'parking meter', 'bench', 'bird', 'cat', 'dog', 'horse', 'sheep', 'cow', 'elephant', 'bear', 'zebra', 'giraffe', 'backpack', 'umbrella',
  'handbag', 'tie', 'suitcase', 'frisbee', 'skis', 'snowboard', 'sports ball', 'kite', 'baseball bat', 'baseball glove', 'skateboard',
  'surfboard', 'tennis racket', 'bottle', 'wine glass', 'cup', 'fork', 'knife', 'spoon', 'bowl', 'banana', 'apple', 'sandwich', 'orange',
  'broccoli', 'carrot', 'hot dog', 'pizza', 'donut', 'cake', 'chair', 'couch', 'potted plant', 'bed', 'dining table', 'toilet', 'tv',
  'laptop', 'mouse', 'remote', 'keyboard', 'cell phone', 'microwave', 'oven', 'toaster', 'sink', 'refrigerator', 'book', 'clock', 'vase',
  'scissors', 'teddy bear', 'hair drier', 'toothbrush',
] as const;

const INPUT = 512;
const DETECTIONS_NODE = 'tower_0/detections';
const BACKBONE_NODE = 'tower_0/MobilenetV3/expanded_conv_14/squeeze_excite/Mean';
const HEATMAP_NODE = 'tower_0/keypoints';
const MIN_CONFIDENCE = 0.2;
const MAX_DETECTED = 20;
const IOU_THRESHOLD = 0.4;

interface HumanModule {
  Human: new (config?: Partial<Config>) => Human;
}

/** @vladmandic/human's folder: `dist/human.node.js` is what its exports map resolves for Node. */
function humanDist(): string {
  return dirname(require.resolve('@vladmandic/human'));
}

/**
 * CenterNet (MobileNetV3, COCO-80) as shipped in @vladmandic/human, on the tfjs wasm backend.
 * Human's default Node build needs tfjs-node, which cannot install offline, so its wasm build is
 * loaded by file path (its exports map blocks the subpath) and its models from its own folder.
 */
export class CenterNetDetector implements ObjectDetector {
  readonly name = 'centernet-mb3 (COCO-80)';

  private constructor(
    private readonly model: tfTypes.GraphModel,
    private readonly tf: typeof tfTypes,
  ) {}

  static async load(): Promise<CenterNetDetector> {
    const tf = await tensorflow();
    // By file path: the package's exports map does not expose its wasm build.
    const { Human: HumanClass } = require(join(humanDist(), 'human.node-wasm.js')) as HumanModule;
    const human = new HumanClass({
      backend: 'wasm',
      wasmPath: wasmFolder(),
      modelBasePath: pathToFileURL(join(humanDist(), '..', 'models')).href + '/',
      debug: false,
      cacheModels: false,
      warmup: 'none',
      filter: { enabled: false },
      face: { enabled: false },
      body: { enabled: false },
      hand: { enabled: false },
      gesture: { enabled: false },
      segmentation: { enabled: false },
      object: { enabled: true, modelPath: 'centernet.json' },
    });
    await human.load();
    // Human loads the model (file:// loader, wasm backend); the graph is then run here directly so
    // that one inference yields boxes, backbone features and class heatmaps together.
    const model = (human.models as unknown as { models: Record<string, tfTypes.GraphModel | null> }).models['centernet'];
    if (!model) throw new Error('the CenterNet model did not load');
    const detector = new CenterNetDetector(model, tf);
    // The first inference compiles the wasm kernels; do it now rather than on a user's photo.
    const blank: RgbImage = { width: 64, height: 64, data: new Uint8Array(64 * 64 * 3) };
    await detector.read(blank);
    return detector;
  }

  async detect(image: RgbImage): Promise<Detection[]> {
    return (await this.read(image)).detections;
  }

  /** Human's own CenterNet post-processing (boxes in model pixels → frame fractions, NMS), plus the features. */
  async read(image: RgbImage): Promise<DetectorReading> {
    const tf = this.tf;
    const outputs = tf.tidy(() => {
      const input = tf.image.resizeBilinear(tf.tensor3d(image.data, [image.height, image.width, 3], 'int32').toFloat() as tfTypes.Tensor3D, [INPUT, INPUT]).expandDims(0);
      const [detections, backbone, heatmap] = this.model.execute(input, [DETECTIONS_NODE, BACKBONE_NODE, HEATMAP_NODE]) as tfTypes.Tensor[];
      return { detections: (detections as tfTypes.Tensor).squeeze([0]) as tfTypes.Tensor2D, backbone: (backbone as tfTypes.Tensor).flatten(), peaks: (heatmap as tfTypes.Tensor).max([0, 1, 2]) };
    });
    try {
      const rows = (await outputs.detections.array()) as number[][];
      const boxes = rows.map((r) => [r[1] ?? 0, r[0] ?? 0, r[3] ?? 0, r[2] ?? 0]);
      const scores = rows.map((r) => r[4] ?? 0);
      const keep = await tf.image.nonMaxSuppressionAsync(boxes, scores, MAX_DETECTED, IOU_THRESHOLD, MIN_CONFIDENCE);
      const kept = Array.from(await keep.data());
      keep.dispose();
      const detections: Detection[] = [];
      for (const index of kept) {
        const [x1 = 0, y1 = 0, x2 = 0, y2 = 0, score = 0, cls = Number.NaN] = rows[index] ?? [];
        const label = COCO_LABELS[cls];
        if (label === undefined) continue;
        const [x, y] = [x1 / INPUT, y1 / INPUT];
        detections.push({ label, score: Math.trunc(score * 100) / 100, box: { x, y, width: x2 / INPUT - x, height: y2 / INPUT - y } });
      }
      const [backbone, classPeaks] = await Promise.all([outputs.backbone.data<'float32'>(), outputs.peaks.data<'float32'>()]);
      return { detections, features: { backbone: Float32Array.from(backbone), classPeaks: Float32Array.from(classPeaks) } };
    } finally {
      outputs.detections.dispose();
      outputs.backbone.dispose();
      outputs.peaks.dispose();
    }
  }
}
