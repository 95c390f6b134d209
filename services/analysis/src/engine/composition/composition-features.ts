import type { CompositionMeasurement } from '../measure/measure-photo';
import { LEVEL_BIN_EDGES, offLevel } from '../measure/lean';

/** 0-1, linear in between. */
function ramp(value: number): number {
  return Math.min(1, Math.max(0, value));
}

/**
 * The framing measurements the learned composition term reads, by name (the names are stored with
 * the head, so a head trained on other features is caught). Each says something about the frame a
 * photographer would judge: how level the straight lines are, where the subject sits and how much
 * room it has, whether the frame cuts it, where the detail and the visual weight sit. Nothing about
 * sharpness, exposure or the image's size in pixels: a tilt or a crop must be recognised by what it
 * does to the framing, not by the resampling or the pixel count that come with it.
 */
export const COMPOSITION_FEATURES: ReadonlyArray<readonly [string, (m: CompositionMeasurement) => number]> = [
  ...LEVEL_BIN_EDGES.map((edge, i) => [`lines ${i === 0 ? 0 : LEVEL_BIN_EDGES[i - 1]}-${edge}° from level or plumb`, (m: CompositionMeasurement) => m.levelShares[i] ?? 0] as const),
  ...LEVEL_BIN_EDGES.map((edge, i) => [`horizontal lines ${i === 0 ? 0 : LEVEL_BIN_EDGES[i - 1]}-${edge}° from level`, (m: CompositionMeasurement) => m.horizontalLevelShares[i] ?? 0] as const),
  ['line energy off level (alignment × sin 2|turn|)', (m) => offLevel(m.axes)],
  ['line alignment', (m) => m.axes?.alignment ?? 0],
  ['lean × agreement', (m) => (m.lean ? Math.min(15, Math.abs(m.lean.angle)) * m.lean.strength : 0)],
  ['lean agreement', (m) => m.lean?.strength ?? 0],
  ['horizon tilt', (m) => (m.horizon ? Math.min(10, Math.abs(m.horizon.angle)) : 0)],
  ['horizon found', (m) => (m.horizon ? 1 : 0)],
  ['detector subject', (m) => (m.subject?.source === 'detector' ? 1 : 0)],
  ['salient subject', (m) => (m.subject?.source === 'saliency' ? 1 : 0)],
  ['subject confidence', (m) => m.subject?.confidence ?? 0],
  ['subject area', (m) => m.subjectArea ?? 0],
  ['subject crowding room (area past a third)', (m) => ramp(((m.subjectArea ?? 0) - 0.3) / 0.6)],
  ['subject speck (area under 3 %)', (m) => (m.subject ? ramp((0.03 - (m.subjectArea ?? 0)) / 0.025) : 0)],
  ['subject centre near an edge', (m) => (m.subject ? ramp((0.2 - Math.min(m.subject.centroid.x, 1 - m.subject.centroid.x, m.subject.centroid.y, 1 - m.subject.centroid.y)) / 0.2) : 0)],
  ['subject near a thirds point', (m) => (m.thirdsDistance !== null ? ramp(1 - m.thirdsDistance / 0.15) : 0)],
  ['subject centred', (m) => (m.subject ? ramp(1 - Math.hypot(m.subject.centroid.x - 0.5, m.subject.centroid.y - 0.5) / 0.1) : 0)],
  ['subject sides cut', (m) => m.edgeContact.length],
  ['subject cut on one side, open on the other', (m) => lopsided(m)],
  ['subject room either side (smaller over larger margin)', (m) => roomBalance(m)],
  ['others cut by the frame', (m) => Math.min(3, m.othersCut)],
  ['detail in the outer ring', (m) => Math.min(3, m.edgeWeight)],
  ['visual weight off centre', (m) => (m.weightCentre ? Math.hypot(m.weightCentre.x - 0.5, m.weightCentre.y - 0.5) : 0)],
  ['layers top to bottom', (m) => Math.min(1.5, m.layering / 45)],
];

function lopsided(m: CompositionMeasurement): number {
  const box = m.subject?.box;
  if (!box) return 0;
  const sides = m.edgeContact;
  return (sides.includes('left') !== sides.includes('right') && 1 - box.width >= 0.2 ? 1 : 0) + (sides.includes('top') !== sides.includes('bottom') && 1 - box.height >= 0.2 ? 1 : 0);
}

/** 1 when the subject's box has as much room on the left as on the right (and above as below), 0 when it touches one side. */
function roomBalance(m: CompositionMeasurement): number {
  const box = m.subject?.box;
  if (!box) return 0;
  const ratio = (a: number, b: number): number => (Math.max(a, b) > 0.01 ? Math.max(0, Math.min(a, b)) / Math.max(a, b) : 1);
  return Math.min(ratio(box.x, 1 - box.x - box.width), ratio(box.y, 1 - box.y - box.height));
}

/**
 * The learned term's input: the framing measurements, then the detector backbone's pooled features
 * scaled to unit length (what the network sees of the frame as a whole: a scene with room around
 * it, or a fragment of one).
 */
export function compositionFeatures(m: CompositionMeasurement, backbone: ArrayLike<number>): number[] {
  let norm = 0;
  for (let i = 0; i < backbone.length; i++) norm += (backbone[i] ?? 0) ** 2;
  norm = Math.sqrt(norm) || 1;
  return [...COMPOSITION_FEATURES.map(([, read]) => read(m)), ...Array.from(backbone, (v) => v / norm)];
}
