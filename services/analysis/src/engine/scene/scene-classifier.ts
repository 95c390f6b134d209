import type { PhotoMeasurements } from '../measure/measure-photo';
import type { DetectorFeatures } from '../models/object-detector';
import { MEASURED_FEATURES, sceneFeatures } from './scene-features';
import sceneHead from './scene-head.json';
import { SoftmaxModel, predictProbabilities } from './softmax-regression';

/** What the scene classifier tells apart. Domestic animals, flowers and plant close-ups are other nature. */
export const SCENE_CLASSES = ['wildlife', 'landscape', 'other-nature', 'not-nature'] as const;
export type SceneClass = (typeof SCENE_CLASSES)[number];

/** The trained head as `npm run train:analysis` writes it. */
export interface SceneHead extends SoftmaxModel {
  /** Sizes of the backbone features and class peaks, and the measured features' names, the head was trained on. */
  backboneSize: number;
  classPeaks: number;
  measuredFeatures: string[];
  /** A photo is refused as "no nature" only when P(not-nature) is at least this (chosen on cross-validation). */
  refuseAbove: number;
}

export interface SceneVerdict {
  scene: SceneClass;
  probabilities: Record<SceneClass, number>;
  /** P(not-nature) reached the refusal threshold: the classifier is confident there is no nature. */
  noNature: boolean;
  refuseAbove: number;
}

export const SCENE_HEAD: SceneHead = sceneHead;

/** Scene class of a photo from what the detector network saw and the measurements, by the trained head. */
export function classifyScene(network: DetectorFeatures, measurements: PhotoMeasurements, head: SceneHead = SCENE_HEAD): SceneVerdict {
  if (network.backbone.length !== head.backboneSize || network.classPeaks.length !== head.classPeaks || head.measuredFeatures.join('|') !== MEASURED_FEATURES.join('|')) {
    throw new Error('the scene head was trained on other features; run npm run train:analysis');
  }
  const p = predictProbabilities(head, sceneFeatures(network, measurements));
  const probabilities = Object.fromEntries(SCENE_CLASSES.map((c) => [c, p[head.classes.indexOf(c)] ?? 0])) as Record<SceneClass, number>;
  const scene = SCENE_CLASSES.reduce((best, c) => (probabilities[c] > probabilities[best] ? c : best), SCENE_CLASSES[0] as SceneClass);
  return { scene, probabilities, noNature: probabilities['not-nature'] >= head.refuseAbove, refuseAbove: head.refuseAbove };
}
