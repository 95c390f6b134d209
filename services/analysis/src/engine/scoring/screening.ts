import type { SceneVerdict } from '../scene/scene-classifier';

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
  /** The scene classifier's verdict; null when the detector it reads could not run. */
  scene: SceneVerdict | null;
  /** Share of the frame in lit skin tones. */
  skinShare: number;
  /** Median brightness of the frame (0-255). */
  medianLuma: number;
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
/** Above this P(not-nature), a photo that is accepted anyway is reported as borderline. */
const NO_NATURE_BORDERLINE = 0.5;

/**
 * Refuses only what the engine is confident about: nudity at ≥ 85 % with visible skin, and photos
 * the scene classifier is confident show no nature (P(not-nature) at or above the threshold chosen
 * on cross-validation so that no nature photo of the fixture set is refused). Everything doubtful is accepted and the evidence says so. Weapons cannot be
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
  const scene = input.scene;
  if (!scene) {
    nature = `not checked (${input.detectorUnavailable ?? 'object detector unavailable'})`;
  } else {
    const p = scene.pNoNature;
    if (scene.noNature) {
      nature = `refused: no nature found (scene classifier ${Math.round(p * 100)} % sure, refusing from ${Math.round(scene.refuseAbove * 100)} %)`;
      reasons.push(`no nature in the photo: the scene classifier is ${Math.round(p * 100)} % sure`);
    } else if (p >= NO_NATURE_BORDERLINE) {
      nature = `passed (borderline: scene classifier ${Math.round(p * 100)} % no nature, below the ${Math.round(scene.refuseAbove * 100)} % needed to refuse)`;
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
