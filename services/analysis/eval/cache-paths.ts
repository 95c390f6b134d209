import { join } from 'node:path';

/** Shared between training steps: each scene sample's out-of-fold P(not-nature) (train-scene.ts writes it, calibrate-signs.ts reads it), by image hash and augmentation. */
export const SCENE_OUT_OF_FOLD = join(process.cwd(), 'tmp', 'analysis-scene-out-of-fold.json');
