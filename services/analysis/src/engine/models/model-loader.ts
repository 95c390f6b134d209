import type { ContentClassifier } from './content-classifier';
import type { ObjectDetector } from './object-detector';
import type { TextDetector } from './text-detector';

/** A model that is ready, or why it is not (shown in the evidence as "not run (…)"). */
export type ModelState<T> = { ready: true; model: T } | { ready: false; reason: string };

export interface ModelFactories {
  detector: () => Promise<ObjectDetector>;
  classifier: () => Promise<ContentClassifier>;
  /** Absent: text is not looked for (the evidence says so). */
  text?: () => Promise<TextDetector>;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Loads each model once per process, on first use or on `warmUp()`, and shares the one promise
 * with every caller. A model that fails to load stays failed for this process (the analysis
 * then rates from measurements alone and says so) rather than being retried on every photo.
 */
export class ModelLoader {
  private detectorLoad?: Promise<ModelState<ObjectDetector>>;
  private classifierLoad?: Promise<ModelState<ContentClassifier>>;
  private textLoad?: Promise<ModelState<TextDetector>>;

  constructor(private readonly factories: ModelFactories) {}

  /** Starts loading both models without waiting for them. */
  warmUp(): void {
    void this.detector();
    void this.classifier();
    void this.text();
  }

  /** Resolves once every load already started has finished, either way (for an orderly shutdown). */
  async settled(): Promise<void> {
    await Promise.all([this.detectorLoad, this.classifierLoad, this.textLoad]);
  }

  detector(): Promise<ModelState<ObjectDetector>> {
    this.detectorLoad ??= this.factories.detector().then(
      (model) => ({ ready: true as const, model }),
      (error: unknown) => ({ ready: false as const, reason: `object detector failed to load: ${describe(error)}` }),
    );
    return this.detectorLoad;
  }

  classifier(): Promise<ModelState<ContentClassifier>> {
    this.classifierLoad ??= this.factories.classifier().then(
      (model) => ({ ready: true as const, model }),
      (error: unknown) => ({ ready: false as const, reason: `content classifier failed to load: ${describe(error)}` }),
    );
    return this.classifierLoad;
  }

  text(): Promise<ModelState<TextDetector>> {
    const factory = this.factories.text;
    this.textLoad ??= factory
      ? factory().then(
          (model) => ({ ready: true as const, model }),
          (error: unknown) => ({ ready: false as const, reason: `text detector failed to load: ${describe(error)}` }),
        )
      : Promise.resolve({ ready: false as const, reason: 'text detector not configured' });
    return this.textLoad;
  }
}

/**
 * Waits for a model at most `ms` milliseconds. A photo that arrives while the models are still
 * loading (just after start-up) is rated from measurements rather than held past its deadline.
 */
export async function withinBudget<T>(state: Promise<ModelState<T>>, ms: number, name: string): Promise<ModelState<T>> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<ModelState<T>>((resolve) => {
    timer = setTimeout(() => resolve({ ready: false, reason: `${name} still loading` }), Math.max(0, ms));
  });
  try {
    return await Promise.race([state, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
