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
  /**
   * The refusal head: a two-class softmax (nature, not-nature) on the same features, trained for
   * the one question refusal asks (the four-class head spends its capacity telling nature apart).
   */
  refusal: SoftmaxModel;
  /** A photo is refused as "no nature" only when the refusal head's P(not-nature) is at least this (chosen on cross-validation). */
  refuseAbove: number;
}

export interface SceneVerdict {
  scene: SceneClass;
  probabilities: Record<SceneClass, number>;
  /** The refusal head's probability that the photo shows no nature at all. */
  pNoNature: number;
  /** `pNoNature` reached the refusal threshold: the classifier is confident there is no nature. */
  noNature: boolean;
  refuseAbove: number;
}

export const SCENE_HEAD: SceneHead = sceneHead;

/** Scene class of a photo from what the detector network saw and the measurements, by the trained head. */
export function classifyScene(network: DetectorFeatures, measurements: PhotoMeasurements, head: SceneHead = SCENE_HEAD): SceneVerdict {
  if (network.backbone.length !== head.backboneSize || network.classPeaks.length !== head.classPeaks || head.measuredFeatures.join('|') !== MEASURED_FEATURES.join('|')) {
    throw new Error('the scene head was trained on other features; run npm run train:analysis');
  }
  const features = sceneFeatures(network, measurements);
  const p = predictProbabilities(head, features);
  const pNoNature = predictProbabilities(head.refusal, features)[head.refusal.classes.indexOf('not-nature')] ?? 0;
  const probabilities = Object.fromEntries(SCENE_CLASSES.map((c) => [c, p[head.classes.indexOf(c)] ?? 0])) as Record<SceneClass, number>;
  const scene = SCENE_CLASSES.reduce((best, c) => (probabilities[c] > probabilities[best] ? c : best), SCENE_CLASSES[0] as SceneClass);
  return { scene, probabilities, pNoNature, noNature: pNoNature >= head.refuseAbove, refuseAbove: head.refuseAbove };
}
