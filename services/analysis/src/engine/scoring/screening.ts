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

/**
 * What screening decided: `accept`, `review` (accepted but held for an admin: the engine is unsure
 * the photo is a nature photograph, or it may show nudity while looking like nature) or `refuse`
 * (certain: the scene head above its refusal threshold, or nudity in a photo that does not look like nature).
 */
export interface ScreeningVerdict {
  decision: 'accept' | 'review' | 'refuse';
  /** Why it was held or refused, in plain words for the owner and an admin (empty when accepted). */
  reasons: string[];
  evidence: ScreeningEvidence;
}

/** The reasons a photo is held or refused, as the owner reads them after "Waiting for review". */
export const SCREENING_REASONS = {
  text: 'It looks like a screenshot or a document, not a nature photograph.',
  computerMade: 'It looks made on a computer (a render, a gradient or a screen capture), not taken with a camera.',
  notNature: 'It does not look like a nature photograph.',
  nudity: 'It may show nudity.',
} as const;

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
/**
 * Refuses only what the engine is certain of, holds for review what it is unsure of, and accepts
 * the rest. Nature: the scene head's P(not-nature) from its refusal threshold refuses, from its
 * review threshold holds, and so do text lines or flat, computer-made patches covering more of the
 * frame than in any nature training photo (see `classifyScene`). Nudity (porn + hentai ≥ 85 % with
 * skin on a lit frame) refuses only a photo that does not clearly look like nature: in one that does
 * (a yellow flower can read as skin to the classifier) it holds the photo for an admin instead, so a
 * nature photographer is never told their flower breaks the rules. Weapons cannot be checked offline
 * (no bundled model knows them), which the evidence says rather than pretending.
 */
export function screenContent(input: ScreeningInput): ScreeningVerdict {
  const refuse: string[] = [];
  const hold: string[] = [];
  const scene = input.scene;
  const looksLikeNature = scene !== null && scene.nature === 'clear';

  let nudity: string;
  if (!input.content) {
    nudity = `not checked (${input.classifierUnavailable ?? 'classifier unavailable'})`;
  } else {
    const score = input.content.porn + input.content.hentai;
    const explicit = Math.round(score * 100);
    if (score >= NUDITY_REFUSE && input.medianLuma < NUDITY_MIN_BRIGHTNESS) {
      nudity = `passed (the nudity check read ${explicit} %, but the photo is too dark for it to be reliable)`;
    } else if (score >= NUDITY_REFUSE && input.skinShare >= NUDITY_MIN_SKIN) {
      if (looksLikeNature) {
        nudity = `held for review: the nudity check read ${explicit} % with ${Math.round(input.skinShare * 100)} % of the photo in skin tones, in a photo that looks like nature`;
        hold.push(SCREENING_REASONS.nudity);
      } else {
        nudity = `refused: the nudity check read ${explicit} % with ${Math.round(input.skinShare * 100)} % of the photo in skin tones`;
        refuse.push(SCREENING_REASONS.nudity);
      }
    } else if (score >= NUDITY_REFUSE) {
      nudity = `passed (the nudity check read ${explicit} %, but only ${Math.round(input.skinShare * 100)} % of the photo is in skin tones)`;
    } else if (score >= NUDITY_BORDERLINE) {
      nudity = `passed (borderline: ${explicit} %)`;
    } else {
      nudity = 'passed';
    }
  }

  let nature: string;
  if (!scene) {
    nature = `not checked (${input.detectorUnavailable ?? 'object detector unavailable'})`;
  } else {
    const p = Math.round(scene.pNoNature * 100);
    const signs = [scene.mostlyText ? 'text lines cover much of it' : null, scene.computerMade ? 'flat or perfectly smooth patches cover much of it' : null].filter(Boolean);
    const specific = scene.mostlyText ? SCREENING_REASONS.text : scene.computerMade ? SCREENING_REASONS.computerMade : SCREENING_REASONS.notNature;
    if (scene.nature === 'none') {
      nature = `refused: ${p} % sure it is not a nature photograph (refused from ${Math.round(scene.refuseAbove * 100)} %)${signs.length ? `; ${signs.join(', ')}` : ''}`;
      refuse.push(specific);
    } else if (scene.nature === 'unsure') {
      nature = `held for review: ${p} % sure it is not a nature photograph (held from ${Math.round(scene.reviewAbove * 100)} %)${signs.length ? `; ${signs.join(', ')}` : ''}`;
      hold.push(specific);
    } else {
      nature = p >= 50 ? `passed (${p} % not nature, below the ${Math.round(scene.reviewAbove * 100)} % that holds a photo for review)` : 'passed';
    }
  }
  const decision = refuse.length > 0 ? 'refuse' : hold.length > 0 ? 'review' : 'accept';
  return {
    decision,
    reasons: decision === 'refuse' ? refuse : hold,
    evidence: { nudity, nature, weapons: 'not checked (no offline model)' },
  };
}
