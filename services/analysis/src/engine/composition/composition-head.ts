import type { CompositionMeasurement } from '../measure/measure-photo';
import { COMPOSITION_FEATURES, compositionFeatures } from './composition-features';
import compositionHead from './composition-head.json';

/**
 * The learned composition term as `npm run train:analysis` writes it: a linear ranking score over
 * the framing measurements (`COMPOSITION_FEATURES`) and the detector backbone's features, standardised, trained so that a photo as its
 * photographer framed it ranks above the same photo tilted, pushed off-centre or cropped tighter.
 */
export interface CompositionHead {
  /** Names of the framing measurements, then `backboneSize` backbone features. */
  features: string[];
  backboneSize: number;
  mean: number[];
  std: number[];
  weights: number[];
  /** The median ranking score of the training photos as framed: the term is 0 there. */
  centre: number;
  /** Points of composition per unit of ranking score. */
  scale: number;
  /** Weight of the measured (hand-built) terms beside the learned one, chosen with `scale` in cross-validation. */
  measuredWeight: number;
  /** Points per unit of `offLevel` (alignment × sin 2|turn| of the line energy), chosen with the blend. */
  offLevelPoints: number;
  /** The term is kept within these points, so it corrects the measured terms rather than replacing them. */
  min: number;
  max: number;
}

export const COMPOSITION_HEAD: CompositionHead = compositionHead;

/** The ranking score of a frame (higher: framed more like the photographers' own framings). */
export function framingRank(m: CompositionMeasurement, backbone: ArrayLike<number>, head: CompositionHead = COMPOSITION_HEAD): number {
  if (head.features.join('|') !== COMPOSITION_FEATURES.map(([name]) => name).join('|') || backbone.length !== head.backboneSize) {
    throw new Error('the composition head was trained on other features; run npm run train:analysis');
  }
  const x = compositionFeatures(m, backbone);
  let s = 0;
  for (let f = 0; f < x.length; f++) s += (head.weights[f] ?? 0) * (((x[f] ?? 0) - (head.mean[f] ?? 0)) / (head.std[f] || 1));
  return s;
}

/** Points the learned framing term adds to (or takes from) the measured composition score. */
export function learnedFramingTerm(m: CompositionMeasurement, backbone: ArrayLike<number>, head: CompositionHead = COMPOSITION_HEAD): number {
  const term = head.scale * (framingRank(m, backbone, head) - head.centre);
  // Eased into its bounds rather than cut at them, so a better or worse framing still moves it a little near the ends.
  return term >= 0 ? head.max * Math.tanh(term / head.max) : -head.min * Math.tanh(term / -head.min);
}
