import type * as tfTypes from '@tensorflow/tfjs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { NSFWJS, load as loadNsfw } from 'nsfwjs';
import { MobileNetV2Model } from 'nsfwjs/models/mobilenet_v2';
import type { RgbImage } from '../image/pixels';
import type { ContentScores } from '../scoring/screening';
import { tensorflow } from './tf-runtime';

/** Tells how likely a photo is to be explicit (and whether it is a drawing). */
export interface ContentClassifier {
  readonly name: string;
  classify(image: RgbImage): Promise<ContentScores>;
}

const CLASS_KEYS: Readonly<Record<string, keyof ContentScores>> = {
  Drawing: 'drawing',
  Hentai: 'hentai',
  Neutral: 'neutral',
  Porn: 'porn',
  Sexy: 'sexy',
};

/**
 * The MobileNetV2 weights nsfwjs ships are one base64 string inside a browserify bundle; running
 * that bundle takes V8 about five seconds, reading the string out of the file a few
 * milliseconds. Falls back to nsfwjs's own loader (slow but certain) if the file ever changes shape.
 */
async function mobileNetV2Handler(): Promise<tfTypes.io.IOHandler> {
  const json = (await MobileNetV2Model.modelJson()).default;
  const shard = join(dirname(require.resolve('nsfwjs')), '..', 'models', 'mobilenet_v2', 'group1-shard1of1.min.js');
  const text = await readFile(shard, 'utf8');
  const match = /exports="([A-Za-z0-9+/=]+)"/.exec(text);
  if (!match?.[1]) throw new Error(`no weights found in ${shard}`);
  const weights = Buffer.from(match[1], 'base64');
  return {
    load: async () => ({
      modelTopology: json.modelTopology,
      weightSpecs: json.weightsManifest.flatMap((group) => group.weights),
      weightData: weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.byteLength) as ArrayBuffer,
      format: json.format,
    }),
  };
}

/** nsfwjs's MobileNetV2 (224 px), bundled in the npm package, on the tfjs wasm backend. */
export class NsfwContentClassifier implements ContentClassifier {
  readonly name = 'nsfwjs MobileNetV2';

  private constructor(
    private readonly model: NSFWJS,
    private readonly tf: typeof tfTypes,
  ) {}

  static async load(): Promise<NsfwContentClassifier> {
    const tf = await tensorflow();
    let model: NSFWJS;
    try {
      model = new NSFWJS(await mobileNetV2Handler(), { size: 224 });
      await model.load();
    } catch {
      model = await loadNsfw('MobileNetV2');
    }
    return new NsfwContentClassifier(model, tf);
  }

  async classify(image: RgbImage): Promise<ContentScores> {
    const tf = this.tf;
    const input = tf.tensor3d(image.data, [image.height, image.width, 3], 'int32');
    try {
      const predictions = await this.model.classify(input, 5);
      const scores: ContentScores = { drawing: 0, hentai: 0, neutral: 0, porn: 0, sexy: 0 };
      for (const p of predictions) {
        const key = CLASS_KEYS[p.className];
        if (key) scores[key] = p.probability;
      }
      return scores;
    } finally {
      input.dispose();
    }
  }
}
