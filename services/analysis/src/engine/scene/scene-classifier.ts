import type { PhotoMeasurements } from '../measure/measure-photo';
import type { DetectorFeatures } from '../models/object-detector';
import type { TextReading } from '../models/text-detector';
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
  /**
   * From this P(not-nature) a photo is held for an admin's review: above every nature photo of the
   * training sets and every realistic crop, flip or exposure change of one, out of fold, plus a margin.
   */
  reviewAbove: number;
  /** From this P(not-nature) a photo is refused: above every nature sample of the training sets, every crop included, out of fold, plus a margin. */
  refuseAbove: number;
  /**
   * Measured signs that hold a photo for review whatever the head says, set beyond every nature
   * training sample (calibrate-signs.ts): this many text lines or more (a page, a screen), and this
   * share of flat or perfectly ramped patches with no more than this grain, or with no edge at all
   * (made on a computer). `textGate`: the text detector runs only from this P(not-nature) on, below
   * the lowest that any training image with that many text lines reached out of fold (a clear nature
   * photo skips it; absent: it always runs). `interfaceGate`: it also runs, whatever the head says,
   * from this share of one-colour 8 × 8 blocks at any brightness (`uniformShare`: a page's or a
   * screen's background; a gallery screen of photo thumbnails can read as nature to the head), and
   * from this share of flat or perfectly smooth mid-tone patches (`pageGate`, `computerMadeShare`:
   * paper under soft light). Each is set where only 15 % of the nature samples reach it (a cost bound).
   */
  signs: { textLines: number; computerMade: number; grainBelow: number; textGate?: number; interfaceGate?: number; pageGate?: number };
}

export interface SceneVerdict {
  scene: SceneClass;
  probabilities: Record<SceneClass, number>;
  /** The refusal head's probability that the photo shows no nature at all. */
  pNoNature: number;
  /** Where `pNoNature` and the measured signs put the photo: clearly nature, unsure (held for review), or certainly not nature. */
  nature: 'clear' | 'unsure' | 'none';
  /** The signs that hold a photo for review on their own (see `SceneHead.signs`). */
  mostlyText: boolean;
  computerMade: boolean;
  reviewAbove: number;
  refuseAbove: number;
}

/** The measured sign of an image made on a computer: flat patches and perfect ramps together. */
export function computerMadeShare(m: PhotoMeasurements): number {
  return m.synthetic.flatShare + m.synthetic.smoothShare;
}

export const SCENE_HEAD: SceneHead = sceneHead;

/** The text reading of a photo where the text detector did not run: no evidence of text either way. */
export const NO_TEXT: TextReading = { share: 0, lines: 0 };

/**
 * Whether the text detector should read a photo the head has judged without it: only where a page or
 * a screen is still possible (see `SceneHead.signs.textGate`); without a verdict (no detector) always.
 */
export function needsTextReading(verdict: SceneVerdict | null, measurements: PhotoMeasurements, head: SceneHead = SCENE_HEAD): boolean {
  return (
    verdict === null ||
    verdict.pNoNature >= (head.signs.textGate ?? 0) ||
    measurements.synthetic.uniformShare >= (head.signs.interfaceGate ?? Infinity) ||
    computerMadeShare(measurements) >= (head.signs.pageGate ?? Infinity)
  );
}

/** The finer reading's input: the working copy's own size (at most 1024 px), where the 640 px one shrinks small print past reading. */
export const FINE_TEXT_INPUT = 1024;

/**
 * Whether a first text reading (640 px) calls for a finer one: it found some text, but fewer lines
 * than hold a photo. A page photographed whole, or from a step back, shrinks its print to a few
 * pixels at 640 px (a calendar: 1 line there, 41 at 1024). The line threshold is calibrated on the
 * same two readings (the larger count), so a nature photo is held no more often.
 */
export function needsFinerTextReading(reading: TextReading, image: { width: number; height: number }, head: SceneHead = SCENE_HEAD): boolean {
  return reading.lines > 0 && reading.lines < head.signs.textLines && Math.max(image.width, image.height) > 640;
}

/** The two readings as one: the one with more lines (each is the whole frame at another scale). */
export function finerOf(first: TextReading, fine: TextReading): TextReading {
  return fine.lines > first.lines ? fine : first;
}

/** Scene class of a photo from what the detector network saw and the measurements, by the trained head. */
export function classifyScene(network: DetectorFeatures, measurements: PhotoMeasurements, text: TextReading, head: SceneHead = SCENE_HEAD): SceneVerdict {
  if (network.backbone.length !== head.backboneSize || network.classPeaks.length !== head.classPeaks || head.measuredFeatures.join('|') !== MEASURED_FEATURES.join('|')) {
    throw new Error('the scene head was trained on other features; run npm run train:analysis');
  }
  const features = sceneFeatures(network, measurements);
  const p = predictProbabilities(head, features);
  const pNoNature = predictProbabilities(head.refusal, features)[head.refusal.classes.indexOf('not-nature')] ?? 0;
  const probabilities = Object.fromEntries(SCENE_CLASSES.map((c) => [c, p[head.classes.indexOf(c)] ?? 0])) as Record<SceneClass, number>;
  const scene = SCENE_CLASSES.reduce((best, c) => (probabilities[c] > probabilities[best] ? c : best), SCENE_CLASSES[0] as SceneClass);
  const mostlyText = text.lines >= head.signs.textLines;
  // Grain is the camera's signature; a frame with no edge at all to focus on (a smooth gradient, a
  // flat render) shows none worth measuring either, whatever its JPEG ripples read as.
  const noCameraGrain = measurements.clarity.noiseSigma <= head.signs.grainBelow || measurements.clarity.acutance === null;
  const computerMade = computerMadeShare(measurements) >= head.signs.computerMade && noCameraGrain;
  const nature = pNoNature >= head.refuseAbove ? 'none' : pNoNature >= head.reviewAbove || mostlyText || computerMade ? 'unsure' : 'clear';
  return { scene, probabilities, pNoNature, nature, mostlyText, computerMade, reviewAbove: head.reviewAbove, refuseAbove: head.refuseAbove };
}
