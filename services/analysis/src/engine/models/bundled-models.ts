import { NsfwContentClassifier } from './content-classifier';
import { ModelLoader } from './model-loader';
import { CenterNetDetector } from './object-detector';

/** The models shipped inside npm packages: CenterNet (via @vladmandic/human) and nsfwjs MobileNetV2. */
export function bundledModels(): ModelLoader {
  return new ModelLoader({ detector: () => CenterNetDetector.load(), classifier: () => NsfwContentClassifier.load() });
}

let shared: ModelLoader | undefined;

/** One loader per process, so the models load once however many modules or apps ask for them. */
export function sharedBundledModels(): ModelLoader {
  shared ??= bundledModels();
  return shared;
}
