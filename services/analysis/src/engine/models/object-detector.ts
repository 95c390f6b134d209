import type { Tensor4D } from '@tensorflow/tfjs';
import type { Config, Human } from '@vladmandic/human';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RgbImage } from '../image/pixels';
import type { Detection } from '../measure/measure-photo';
import { tensorflow, wasmFolder } from './tf-runtime';

/** Finds animals, people and objects in a photo. */
export interface ObjectDetector {
  /** Name shown in `aiModel` and the evidence. */
  readonly name: string;
  detect(image: RgbImage): Promise<Detection[]>;
}

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

  private constructor(private readonly human: Human) {}

  static async load(): Promise<CenterNetDetector> {
    await tensorflow();
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
      object: { enabled: true, modelPath: 'centernet.json', minConfidence: 0.2, maxDetected: 20, iouThreshold: 0.4, skipFrames: 0, skipTime: 0 },
    });
    await human.load();
    if (!human.models.loaded().includes('centernet')) throw new Error('the CenterNet model did not load');
    const detector = new CenterNetDetector(human);
    // The first inference compiles the wasm kernels; do it now rather than on a user's photo.
    const blank: RgbImage = { width: 64, height: 64, data: new Uint8Array(64 * 64 * 3) };
    await detector.detect(blank);
    return detector;
  }

  async detect(image: RgbImage): Promise<Detection[]> {
    const tf = await tensorflow();
    const input = tf.tidy(() => tf.tensor3d(image.data, [image.height, image.width, 3], 'int32').expandDims<Tensor4D>(0).toFloat());
    try {
      const result = await this.human.detect(input);
      return result.object.map((o) => ({
        label: o.label,
        score: o.score,
        box: { x: o.boxRaw[0], y: o.boxRaw[1], width: o.boxRaw[2], height: o.boxRaw[3] },
      }));
    } finally {
      input.dispose();
    }
  }
}
