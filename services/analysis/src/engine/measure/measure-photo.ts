import type { DecodedImage } from '../image/decode-image';
import { Box, gaussianBlur, halve, luminance, sobel } from '../image/pixels';
import { ClarityMeasurement, measureClarity } from './clarity.measure';
import { ColourMeasurement, measureColour, toLab } from './colour.measure';
import { Horizon, Verticals, findHorizon, findVerticals } from './horizon';
import { LightingMeasurement, measureLighting } from './lighting.measure';
import { findSalientRegion } from './saliency';
import { visualSignature } from './signature';
import { StructureMeasurement, measureStructure } from './structure.measure';

/** What the object detector found, in frame fractions. */
export interface Detection {
  label: string;
  score: number;
  box: Box;
}

export interface Subject {
  box: Box;
  centroid: { x: number; y: number };
  /** `detector`: an animal or person box; `saliency`: the area that stands out by colour and focus. */
  source: 'detector' | 'saliency';
  /** Detector label ('bird', 'dog', …) when the detector found it. */
  label: string | null;
  /** Detector score, or the saliency region's share of the frame's saliency. */
  confidence: number;
}

export interface CompositionMeasurement {
  subject: Subject | null;
  /** Distance of the subject's centre to the nearest rule-of-thirds intersection (frame fractions; 0.24 is dead centre). */
  thirdsDistance: number | null;
  /** Share of the frame the subject's box covers. */
  subjectArea: number | null;
  /** Sides of the frame the subject's box touches: a subject cut by the frame. */
  edgeContact: Array<'left' | 'right' | 'top' | 'bottom'>;
  horizon: Horizon | null;
  /** Lean of the upright lines, for frames without a horizon. */
  verticals: Verticals | null;
}

/** Everything measured on one photo; stored with its rating so the editing tips can use it. */
export interface PhotoMeasurements {
  version: 1;
  width: number;
  height: number;
  clarity: ClarityMeasurement;
  lighting: LightingMeasurement;
  colour: ColourMeasurement;
  composition: CompositionMeasurement;
  structure: StructureMeasurement;
  /** Visual signature (see `visualSignature`), for comparing photos. */
  signature: number[];
}

/** Detections that can be a photo's subject: living things the detector knows. */
const SUBJECT_LABELS = new Set(['person', 'bird', 'cat', 'dog', 'horse', 'sheep', 'cow', 'elephant', 'bear', 'zebra', 'giraffe']);
/** Boxes smaller than this share of the frame are mostly false animals in textures (OFFLINE-RECIPES). */
export const MIN_SUBJECT_AREA = 0.015;
export const MIN_SUBJECT_SCORE = 0.25;

const POWER_POINTS = [
  [1 / 3, 1 / 3],
  [2 / 3, 1 / 3],
  [1 / 3, 2 / 3],
  [2 / 3, 2 / 3],
] as const;

/** The detection to judge the photo on: the most prominent living thing (score × √area). */
export function mainSubjectDetection(detections: readonly Detection[]): Detection | null {
  let best: Detection | null = null;
  let bestWeight = 0;
  for (const d of detections) {
    const area = d.box.width * d.box.height;
    if (!SUBJECT_LABELS.has(d.label) || d.score < MIN_SUBJECT_SCORE || area < MIN_SUBJECT_AREA) continue;
    const weight = d.score * Math.sqrt(area);
    if (weight > bestWeight) {
      best = d;
      bestWeight = weight;
    }
  }
  return best;
}

function edgeContact(box: Box): CompositionMeasurement['edgeContact'] {
  const margin = 0.012;
  const sides: CompositionMeasurement['edgeContact'] = [];
  if (box.x <= margin) sides.push('left');
  if (box.x + box.width >= 1 - margin) sides.push('right');
  if (box.y <= margin) sides.push('top');
  if (box.y + box.height >= 1 - margin) sides.push('bottom');
  return sides;
}

/** Runs every measurement on a decoded photo. `detections` may be empty (nothing found, or no detector). */
export function measurePhoto(image: DecodedImage, detections: readonly Detection[]): PhotoMeasurements {
  const luma = luminance(image.working);
  const detailLuma = luminance(image.detail);
  const lab = toLab(image.working, 128);
  const fine = sobel(gaussianBlur(luma, 0.7));
  const smoothHalf = gaussianBlur(halve(luma), 1.25);
  const coarse = sobel(smoothHalf);

  const detected = mainSubjectDetection(detections);
  let subject: Subject | null = null;
  if (detected) {
    subject = {
      box: detected.box,
      centroid: { x: detected.box.x + detected.box.width / 2, y: detected.box.y + detected.box.height / 2 },
      source: 'detector',
      label: detected.label,
      confidence: detected.score,
    };
  } else {
    const region = findSalientRegion(lab, fine.magnitude);
    // A region holding little of the frame's saliency, or much of the frame, is no single subject.
    const area = region ? region.box.width * region.box.height : 1;
    // A region touching three sides is foreground or background, not a subject.
    if (region && region.massShare >= 0.2 && area <= 0.4 && edgeContact(region.box).length <= 1) {
      subject = { box: region.box, centroid: region.centroid, source: 'saliency', label: null, confidence: region.massShare };
    }
  }

  const thirdsDistance = subject
    ? Math.min(...POWER_POINTS.map(([px, py]) => Math.hypot(subject.centroid.x - px, subject.centroid.y - py)))
    : null;

  const colour = measureColour(image.working, lab);
  const structure = measureStructure(coarse, fine.magnitude);
  return {
    version: 1,
    width: image.originalWidth,
    height: image.originalHeight,
    clarity: measureClarity({ fine: fine.magnitude, coarse: coarse.magnitude }, detailLuma, subject?.box ?? null),
    lighting: measureLighting(image.working, luma, subject?.box ?? null),
    colour,
    composition: {
      subject,
      thirdsDistance,
      subjectArea: subject ? subject.box.width * subject.box.height : null,
      edgeContact: subject ? edgeContact(subject.box) : [],
      horizon: findHorizon(smoothHalf, coarse),
      verticals: findVerticals(coarse),
    },
    structure,
    signature: visualSignature(lab, colour, structure),
  };
}
