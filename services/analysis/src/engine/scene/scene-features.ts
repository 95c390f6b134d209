import type { PhotoMeasurements } from '../measure/measure-photo';
import type { DetectorFeatures } from '../models/object-detector';
import { verticalContrast } from '../scoring/category';

/** Names of the measured features appended to the network's (kept in the head's JSON so a mismatch is caught). */
export const MEASURED_FEATURES = [
  'horizon found',
  'salient subject (no detector box)',
  'detector subject',
  'detail spread',
  'sky-to-ground contrast',
  'natural colour share',
  'skin share',
  'colourfulness',
  'diagonal share',
  ...Array.from({ length: 8 }, (_, i) => `edge orientation ${i * 22.5}°`),
  // The signs of an image made on a computer (drawings, renders, screens), for the head to weigh with the rest.
  'flat patches',
  'flat or perfectly smooth patches',
  'distinct colours',
  'camera grain',
] as const;

function unit(values: Float32Array): number[] {
  let norm = 0;
  for (const v of values) norm += v * v;
  norm = Math.sqrt(norm) || 1;
  return Array.from(values, (v) => v / norm);
}

/**
 * The scene classifier's input: the detector backbone's pooled features scaled to unit length (so
 * exposure and contrast change their direction rather than their size), the peak of each COCO
 * class heatmap, and the measurements that tell scenes apart (a horizon, detail spread across the
 * frame, sky against ground, natural colour, where the edges run).
 */
export function sceneFeatures(network: DetectorFeatures, m: PhotoMeasurements): number[] {
  return [...detectorSceneFeatures(network, m), ...madeSignFeatures(m)];
}

/** The features that need the detector's reading (the training scripts cache them per image). */
export function detectorSceneFeatures(network: DetectorFeatures, m: PhotoMeasurements): number[] {
  const subject = m.composition.subject;
  return [
    ...unit(network.backbone),
    ...Array.from(network.classPeaks),
    m.composition.horizon ? 1 : 0,
    subject?.source === 'saliency' ? 1 : 0,
    subject?.source === 'detector' ? 1 : 0,
    m.structure.detailSpread,
    verticalContrast(m.signature) / 50,
    m.colour.naturalColourShare,
    m.colour.skinShare,
    m.colour.colourfulness / 80,
    m.structure.diagonalShare,
    ...m.structure.orientationHistogram,
  ];
}

/**
 * Signs of a drawing, a render or a screen rather than a photograph: flat fills and perfect ramps,
 * few colours, no sensor grain. None depends on the detector (the training scripts compute them
 * without it); grain is capped at 4 grey levels, where every photograph already has plenty.
 */
export function madeSignFeatures(m: PhotoMeasurements): number[] {
  return [m.synthetic.flatShare, m.synthetic.flatShare + m.synthetic.smoothShare, Math.sqrt(m.synthetic.colourShare), Math.min(m.clarity.noiseSigma, 4) / 4];
}
