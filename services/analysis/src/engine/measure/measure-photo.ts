import type { DecodedImage } from '../image/decode-image';
import { Box, Gradients, Plane, RgbImage, gaussianBlur, gridMeans, halve, luminance, sobel } from '../image/pixels';
import { ClarityMeasurement, measureClarity } from './clarity.measure';
import { ColourMeasurement, LabImage, measureColour, toLab } from './colour.measure';
import { Horizon, Verticals, findHorizon, findVerticals } from './horizon';
import { FrameLean, LineAxes, findFrameLean, levelShares, lineAxes, lineOrientations } from './lean';
import { LightingMeasurement, measureLighting } from './lighting.measure';
import { findSalientRegion } from './saliency';
import { visualSignature } from './signature';
import { StructureMeasurement, measureStructure } from './structure.measure';
import { SyntheticMeasurement, measureSynthetic } from './synthetic.measure';

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
  /** Lean of the whole frame from the orientation of all its straight edges (horizontals and verticals together). */
  lean: FrameLean | null;
  /** The turn that best lines all the straight-line energy up with level and plumb, and how clearly (`lineAxes`); null without lines. */
  axes: LineAxes | null;
  /** Straight-line energy by its distance from level or plumb (`levelShares`), for the learned composition term. */
  levelShares: number[];
  /** The same for the lines nearer horizontal (`levelShares(…, 'horizontal')`). */
  horizontalLevelShares: number[];
  /**
   * Where the detail sits against the frame's edges: the share of fine detail in the outer ring
   * (8 % of each side) over the ring's share of the area. Below 1 the edges are calmer than the
   * frame (room around what matters); above 1 the detail runs into the edges (cut or cramped).
   */
  edgeWeight: number;
  /**
   * Depth of layers from top to bottom: the largest colour difference (ΔE) between the means of
   * six horizontal bands (sky, distance, ground, foreground). A slice of one layer scores low.
   */
  layering: number;
  /** Animals or people other than the subject that the frame's edges cut through (detector boxes touching an edge). */
  othersCut: number;
  /** Centre of the frame's visual weight (saliency), frame fractions; null for a featureless frame. */
  weightCentre: { x: number; y: number } | null;
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
  /** Signs of an image made on a computer (flat patches, perfect ramps, few colours). Absent from ratings stored before it was measured. */
  synthetic: SyntheticMeasurement;
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

function isSubjectCandidate(d: Detection): boolean {
  return SUBJECT_LABELS.has(d.label) && d.score >= MIN_SUBJECT_SCORE && d.box.width * d.box.height >= MIN_SUBJECT_AREA;
}

/** The detection to judge the photo on: the most prominent living thing (score × √area). */
export function mainSubjectDetection(detections: readonly Detection[]): Detection | null {
  let best: Detection | null = null;
  let bestWeight = 0;
  for (const d of detections) {
    const area = d.box.width * d.box.height;
    if (!isSubjectCandidate(d)) continue;
    const weight = d.score * Math.sqrt(area);
    if (weight > bestWeight) {
      best = d;
      bestWeight = weight;
    }
  }
  return best;
}

/** See `CompositionMeasurement.edgeWeight`: fine detail in the outer ring of a 25 × 25 grid against its area. */
function edgeWeightOf(detail: Plane): number {
  const cells = 25;
  const grid = gridMeans(detail, cells, cells);
  let ring = 0;
  let total = 0;
  let ringCells = 0;
  for (let y = 0; y < cells; y++) {
    for (let x = 0; x < cells; x++) {
      const v = grid[y * cells + x] ?? 0;
      total += v;
      if (x < 2 || y < 2 || x >= cells - 2 || y >= cells - 2) {
        ring += v;
        ringCells++;
      }
    }
  }
  return total > 0 ? ring / total / (ringCells / (cells * cells)) : 1;
}

/** See `CompositionMeasurement.layering`. */
function layeringOf(lab: LabImage): number {
  const bands = 6;
  const sums = Array.from({ length: bands }, () => [0, 0, 0, 0]);
  for (let y = 0; y < lab.height; y++) {
    const band = sums[Math.min(bands - 1, Math.floor((y * bands) / lab.height))] as number[];
    for (let x = 0; x < lab.width; x++) {
      const p = (y * lab.width + x) * 3;
      band[0] = (band[0] ?? 0) + (lab.data[p] ?? 0);
      band[1] = (band[1] ?? 0) + (lab.data[p + 1] ?? 0);
      band[2] = (band[2] ?? 0) + (lab.data[p + 2] ?? 0);
      band[3] = (band[3] ?? 0) + 1;
    }
  }
  const means = sums.filter((s) => (s[3] ?? 0) > 0).map((s) => [0, 1, 2].map((c) => (s[c] ?? 0) / (s[3] ?? 1)));
  let largest = 0;
  for (const a of means) for (const b of means) largest = Math.max(largest, Math.hypot((a[0] ?? 0) - (b[0] ?? 0), (a[1] ?? 0) - (b[1] ?? 0), (a[2] ?? 0) - (b[2] ?? 0)));
  return largest;
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

/** The planes the framing is measured on, from the working copy. */
interface FramingPlanes {
  lab: LabImage;
  fine: Gradients;
  smoothHalf: Plane;
  coarse: Gradients;
}

function framingPlanes(working: RgbImage, luma: Plane = luminance(working)): FramingPlanes {
  const smoothHalf = gaussianBlur(halve(luma), 1.25);
  return { lab: toLab(working, 128), fine: sobel(gaussianBlur(luma, 0.7)), smoothHalf, coarse: sobel(smoothHalf) };
}

function compositionOf(planes: FramingPlanes, detections: readonly Detection[]): CompositionMeasurement {
  const { lab, fine, smoothHalf, coarse } = planes;
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
  }
  const region = findSalientRegion(lab, fine.magnitude);
  if (!subject) {
    // A region holding little of the frame's saliency, or much of the frame, is no single subject.
    const area = region ? region.box.width * region.box.height : 1;
    // A region touching three sides is foreground or background, not a subject.
    if (region && region.massShare >= 0.2 && area <= 0.4 && edgeContact(region.box).length <= 1) {
      subject = { box: region.box, centroid: region.centroid, source: 'saliency', label: null, confidence: region.massShare };
    }
  }
  const orientations = lineOrientations(coarse);
  return {
    subject,
    thirdsDistance: subject ? Math.min(...POWER_POINTS.map(([px, py]) => Math.hypot(subject.centroid.x - px, subject.centroid.y - py))) : null,
    subjectArea: subject ? subject.box.width * subject.box.height : null,
    edgeContact: subject ? edgeContact(subject.box) : [],
    horizon: findHorizon(smoothHalf, coarse),
    verticals: findVerticals(coarse),
    lean: findFrameLean(coarse, orientations),
    axes: lineAxes(orientations),
    levelShares: levelShares(orientations),
    horizontalLevelShares: levelShares(orientations, 'horizontal'),
    edgeWeight: edgeWeightOf(fine.magnitude),
    layering: layeringOf(lab),
    weightCentre: region?.weightCentre ?? null,
    othersCut: detections.filter((d) => d !== detected && isSubjectCandidate(d) && edgeContact(d.box).length > 0).length,
  };
}

/**
 * The framing measurements alone, on a working copy: what the composition score reads. Used for the
 * photo mirrored left to right, which the composition score is averaged with (see `scoreComposition`).
 */
export function measureComposition(working: RgbImage, detections: readonly Detection[]): CompositionMeasurement {
  return compositionOf(framingPlanes(working), detections);
}

/** Runs every measurement on a decoded photo. `detections` may be empty (nothing found, or no detector). */
export function measurePhoto(image: DecodedImage, detections: readonly Detection[]): PhotoMeasurements {
  const luma = luminance(image.working);
  const detailLuma = luminance(image.detail);
  const planes = framingPlanes(image.working, luma);
  const { lab, fine, coarse } = planes;
  const composition = compositionOf(planes, detections);
  const subject = composition.subject;
  const colour = measureColour(image.working, lab);
  const structure = measureStructure(coarse, fine.magnitude);
  return {
    version: 1,
    width: image.originalWidth,
    height: image.originalHeight,
    clarity: measureClarity({ fine: fine.magnitude, coarse: coarse.magnitude }, detailLuma, subject?.box ?? null),
    lighting: measureLighting(image.working, luma, subject?.box ?? null),
    colour,
    composition,
    structure,
    synthetic: measureSynthetic(image.working),
    signature: visualSignature(lab, colour, structure),
  };
}
