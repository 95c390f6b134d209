import type { Detection } from '../measure/measure-photo';

/** Class probabilities of the bundled NSFW classifier (sum to 1). */
export interface ContentScores {
  drawing: number;
  hentai: number;
  neutral: number;
  porn: number;
  sexy: number;
}

/** What each screening check concluded, in words the photographer and an admin can read. */
export interface ScreeningEvidence {
  nudity: string;
  nature: string;
  weapons: string;
}

export interface ScreeningVerdict {
  refused: boolean;
  /** Why it was refused (empty when accepted). */
  reasons: string[];
  evidence: ScreeningEvidence;
}

export interface ScreeningInput {
  /** Null when the classifier could not run (then nudity is reported as not checked). */
  content: ContentScores | null;
  /** Null when the detector could not run. */
  detections: readonly Detection[] | null;
  /** Share of the frame in natural colours (vegetation, sky, earth). */
  naturalColourShare: number;
  /** Share of the frame in lit skin tones. */
  skinShare: number;
  /** Median brightness of the frame (0-255). */
  medianLuma: number;
  /** Whether an animal was found (any COCO animal, however unsure the label). */
  animalFound: boolean;
  /** Why a model did not run, for the evidence. */
  classifierUnavailable?: string;
  detectorUnavailable?: string;
}

/** Nudity is refused only when the classifier is this sure; refusing a real nature photo is worse. */
export const NUDITY_REFUSE = 0.85;
export const NUDITY_BORDERLINE = 0.4;
/**
 * The classifier also calls dark and underexposed frames explicit (a grass close-up at −3 EV
 * scored 95 %), so a refusal needs visible skin as well: at least this share of the frame.
 */
export const NUDITY_MIN_SKIN = 0.1;
/** Below this median brightness the classifier's nudity score is not believed at all (same failure). */
export const NUDITY_MIN_BRIGHTNESS = 50;
/** Man-made things CenterNet recognises well enough to count as evidence of "no nature". */
const MAN_MADE = new Set([
  'car', 'bus', 'truck', 'train', 'airplane', 'motorcycle', 'bicycle', 'traffic light', 'stop sign', 'parking meter',
  'bottle', 'wine glass', 'cup', 'fork', 'knife', 'spoon', 'bowl', 'chair', 'couch', 'bed', 'dining table', 'toilet',
  'tv', 'laptop', 'mouse', 'remote', 'keyboard', 'cell phone', 'microwave', 'oven', 'sink', 'refrigerator', 'book', 'clock',
]);
const MAN_MADE_SCORE = 0.5;
const PERSON_SCORE = 0.5;
const PERSON_AREA = 0.2;
/** Below this share of natural colour, a frame with a man-made subject has no nature in it. */
const NATURAL_FLOOR = 0.2;

/**
 * Refuses only what the engine is confident about: nudity at ≥ 85 % with visible skin, and photos with a clearly
 * man-made subject (a person filling the frame, a car, a bottle…), no animal and almost no
 * natural colour. Everything doubtful is accepted and the evidence says so. Weapons cannot be
 * checked offline (no bundled model knows them), which the evidence says rather than pretending.
 */
export function screenContent(input: ScreeningInput): ScreeningVerdict {
  const reasons: string[] = [];
  let nudity: string;
  if (!input.content) {
    nudity = `not checked (${input.classifierUnavailable ?? 'classifier unavailable'})`;
  } else {
    const explicit = input.content.porn + input.content.hentai;
    if (explicit >= NUDITY_REFUSE && input.medianLuma < NUDITY_MIN_BRIGHTNESS) {
      nudity = `passed (classifier ${Math.round(explicit * 100)} %, but the frame is too dark for it to be reliable: accepted)`;
    } else if (explicit >= NUDITY_REFUSE && input.skinShare >= NUDITY_MIN_SKIN) {
      nudity = `refused: nudity detected (${Math.round(explicit * 100)} %, ${Math.round(input.skinShare * 100)} % of the frame skin-coloured)`;
      reasons.push(`nudity detected with ${Math.round(explicit * 100)} % confidence`);
    } else if (explicit >= NUDITY_REFUSE) {
      nudity = `passed (classifier ${Math.round(explicit * 100)} %, but only ${Math.round(input.skinShare * 100)} % of the frame is skin-coloured: accepted)`;
    } else if (explicit >= NUDITY_BORDERLINE) {
      nudity = `passed (borderline ${Math.round(explicit * 100)} %, accepted)`;
    } else {
      nudity = 'passed';
    }
  }

  let nature: string;
  if (input.animalFound) {
    nature = 'passed (an animal was found)';
  } else if (!input.detections) {
    nature = `not checked (${input.detectorUnavailable ?? 'object detector unavailable'})`;
  } else {
    const signals: string[] = [];
    for (const d of input.detections) {
      const area = d.box.width * d.box.height;
      if (d.label === 'person' && d.score >= PERSON_SCORE && area >= PERSON_AREA) signals.push(`a person filling ${Math.round(area * 100)} % of the frame`);
      if (MAN_MADE.has(d.label) && d.score >= MAN_MADE_SCORE) signals.push(`a ${d.label} (${Math.round(d.score * 100)} %)`);
    }
    if (signals.length > 0 && input.naturalColourShare < NATURAL_FLOOR) {
      nature = `refused: no nature found (${signals[0]}, ${Math.round(input.naturalColourShare * 100)} % natural colour)`;
      reasons.push(`no nature in the photo: ${signals[0]} and ${Math.round(input.naturalColourShare * 100)} % natural colour`);
    } else if (signals.length > 0) {
      nature = `passed (borderline: ${signals[0]}, but ${Math.round(input.naturalColourShare * 100)} % natural colour)`;
    } else {
      nature = 'passed';
    }
  }
  return {
    refused: reasons.length > 0,
    reasons,
    evidence: { nudity, nature, weapons: 'not checked (no offline model)' },
  };
}
