import type { Detection, PhotoMeasurements } from '../measure/measure-photo';
import { MIN_SUBJECT_AREA, MIN_SUBJECT_SCORE } from '../measure/measure-photo';
import type { SceneVerdict } from '../scene/scene-classifier';
import { CONFIDENT_LABEL } from '../subject/name-subject';
import { MAX_HORIZON_TILT } from './composition.score';

export type PhotoCategory = 'wildlife' | 'landscape' | 'others';

export interface CategoryVerdict {
  category: PhotoCategory;
  /** What the photo shows, as far as the engine can tell ("giraffe", "2 birds", "animal", "landscape"); null when it cannot say. */
  subject: string | null;
  /** How to refer to the subject in a sentence ("the bird", "the animal", "the main subject"). */
  subjectPhrase: string;
  evidence: string[];
}

/** COCO animals that live wild. */
const WILD = new Set(['bird', 'elephant', 'bear', 'zebra', 'giraffe']);
/** COCO animals that are usually pets or livestock, with the confidence above which we believe the label. */
const DOMESTIC: Readonly<Record<string, number>> = { cat: 0.45, dog: 0.45, horse: 0.6, cow: 0.6, sheep: 0.6 };
/** Below this a detector label is only "some animal" (CenterNet calls a tiger a horse at 31 %, a hedgehog a bear). */
const NAMEABLE = CONFIDENT_LABEL;

function plural(label: string, count: number): string {
  if (count === 1) return label;
  const word = label === 'sheep' ? 'sheep' : `${label}s`;
  return `${count} ${word}`;
}

const SCENE_WORDS: Readonly<Record<SceneVerdict['scene'], string>> = {
  wildlife: 'a wildlife photo',
  landscape: 'a landscape',
  'other-nature': 'a nature photo (plants, close-ups, pets or livestock)',
  'not-nature': 'not a nature photo',
};

const SCENE_CATEGORY: Readonly<Record<SceneVerdict['scene'], PhotoCategory>> = {
  wildlife: 'wildlife',
  landscape: 'landscape',
  'other-nature': 'others',
  'not-nature': 'others',
};

/**
 * The category is the trained scene classifier's when it ran; the detector names the subject
 * (an animal's label when it is sure of it). Without the classifier (no detector), rules decide
 * (see `categoryByRules`).
 */
export function classifyCategory(detections: readonly Detection[] | null, m: PhotoMeasurements, scene: SceneVerdict | null = null): CategoryVerdict {
  const rules = categoryByRules(detections, m);
  if (!scene) return rules;
  const category = SCENE_CATEGORY[scene.scene];
  const p = Math.round(scene.probabilities[scene.scene] * 100);
  const evidence = [`reads as ${SCENE_WORDS[scene.scene]} (${p} % sure)`, ...rules.evidence.filter((e) => e.startsWith('an animal') || e.startsWith('a person') || e.startsWith('no animal'))];
  if (category === rules.category) return { ...rules, evidence };
  // Called a landscape only where the scene shows one (a horizon, detail from sky to ground), not a blank frame.
  if (category === 'landscape') return { category, subject: rules.category === 'landscape' ? 'landscape' : null, subjectPhrase: 'the scene', evidence };
  if (category === 'wildlife') {
    // An animal the detector cannot name (insects, reptiles, fish are not COCO classes).
    const animal = rules.subjectPhrase.startsWith('the ') && rules.subject !== null && rules.subject !== 'landscape' && rules.subject !== 'person';
    return animal ? { ...rules, category, evidence } : m.composition.subject ? { category, subject: 'animal', subjectPhrase: 'the animal', evidence } : { category, subject: null, subjectPhrase: 'the frame', evidence };
  }
  // others: keep a named domestic animal or person, drop a "landscape" or wild label the classifier overruled.
  const keep = rules.category === 'others' || rules.subject === 'person';
  return keep ? { ...rules, category, evidence } : { category, subject: null, subjectPhrase: m.composition.subject ? 'the main subject' : 'the frame', evidence };
}

/** The scene classifier alone gives a nature badge (Wildlife, Landscape) only from this probability. */
export const BADGE_ON_ITS_OWN = 0.6;
/**
 * No nature badge from this P(not nature) on, whatever supports it: an image the refusal head finds
 * more likely not nature than not, by a margin, is shown as others (a render read as a landscape).
 * Out of fold it takes the badge from 3 of the 52 wildlife and landscape fixture photos and 1 of
 * the 31 training-only ones.
 */
export const BADGE_NOT_NATURE_BELOW = 0.7;

/**
 * A Wildlife or Landscape badge needs support beyond a lukewarm scene classifier: the classifier
 * sure of it (`BADGE_ON_ITS_OWN`), or an animal shape or the photographer's animal word for
 * Wildlife, a horizon or the photographer's landscape word for Landscape. Without it the photo is
 * shown as others: a pencil or a wrench the classifier half-mistook for nature gets no nature badge.
 */
export function supportedCategory(verdict: CategoryVerdict, scene: SceneVerdict | null, detections: readonly Detection[] | null, m: PhotoMeasurements, words: { kind: 'animal' | 'plant' | 'landscape' } | null): CategoryVerdict {
  if (!scene || (verdict.category !== 'wildlife' && verdict.category !== 'landscape')) return verdict;
  if (scene.pNoNature >= BADGE_NOT_NATURE_BELOW) return { ...verdict, category: 'others', evidence: [...verdict.evidence, 'it may not be a nature photograph, so it gets no nature badge'] };
  const sure = scene.probabilities[verdict.category] >= BADGE_ON_ITS_OWN;
  const animalShape = (detections ?? []).some((d) => d.label !== 'person' && (WILD.has(d.label) || d.label in DOMESTIC) && d.score >= MIN_SUBJECT_SCORE && d.box.width * d.box.height >= MIN_SUBJECT_AREA);
  const supported = verdict.category === 'wildlife' ? animalShape || words?.kind === 'animal' : m.composition.horizon !== null || words?.kind === 'landscape';
  if (sure || supported) return verdict;
  return { ...verdict, category: 'others', evidence: [...verdict.evidence, `not sure enough it is ${verdict.category === 'wildlife' ? 'a wildlife photo' : 'a landscape'} to badge it so`] };
}

/**
 * Rules for when the scene classifier cannot run: wildlife when the detector finds an animal it
 * does not believe is a pet or livestock; others for confident pets and livestock, people, and
 * close-ups; landscape for a scene with a horizon or with sharp detail spread across a frame whose
 * top and bottom differ (sky and ground).
 */
function categoryByRules(detections: readonly Detection[] | null, m: PhotoMeasurements): CategoryVerdict {
  const evidence: string[] = [];
  const animals = (detections ?? []).filter(
    (d) => d.label !== 'person' && (WILD.has(d.label) || d.label in DOMESTIC) && d.score >= MIN_SUBJECT_SCORE && d.box.width * d.box.height >= MIN_SUBJECT_AREA,
  );
  const main = m.composition.subject?.source === 'detector' ? m.composition.subject : null;

  if (detections === null) evidence.push('shapes not read: category judged from the measurements only');

  if (animals.length > 0) {
    const best = [...animals].sort((a, b) => b.score * Math.sqrt(b.box.width * b.box.height) - a.score * Math.sqrt(a.box.width * a.box.height))[0] as Detection;
    const sameKind = animals.filter((a) => a.label === best.label).length;
    const domesticThreshold = DOMESTIC[best.label];
    if (domesticThreshold !== undefined && best.score >= domesticThreshold) {
      evidence.push(best.score >= NAMEABLE ? `an animal shape reads as a ${best.label} (${Math.round(best.score * 100)} % sure: a domestic animal)` : `an animal shape, most likely a pet or livestock (${Math.round(best.score * 100)} % sure)`);
      return { category: 'others', subject: plural(best.label, sameKind), subjectPhrase: `the ${best.label}`, evidence };
    }
    const named = WILD.has(best.label) && best.score >= NAMEABLE;
    evidence.push(
      named
        ? `an animal shape reads as a ${best.label} (${Math.round(best.score * 100)} % sure)`
        : 'an animal shape, too unsure to name',
    );
    return named
      ? { category: 'wildlife', subject: plural(best.label, sameKind), subjectPhrase: `the ${best.label}`, evidence }
      : { category: 'wildlife', subject: 'animal', subjectPhrase: 'the animal', evidence };
  }

  if (main?.label === 'person') {
    evidence.push(`a person shape (${Math.round(main.confidence * 100)} % sure)`);
    return { category: 'others', subject: 'person', subjectPhrase: 'the person', evidence };
  }

  const horizon = m.composition.horizon !== null && Math.abs(m.composition.horizon.angle) <= MAX_HORIZON_TILT;
  const topToBottom = verticalContrast(m.signature);
  const deepFocus = m.structure.detailSpread >= 0.45;
  const closeUp = m.composition.subject?.source === 'saliency' && m.structure.detailSpread < 0.45;
  if (detections !== null) evidence.push('no animal or person shape');
  if (!closeUp && (horizon || (topToBottom >= 12 && deepFocus))) {
    evidence.push(
      horizon ? 'a horizon line runs across the frame' : `sharp detail across ${Math.round(m.structure.detailSpread * 100)} % of the frame, sky and ground differ`,
    );
    return { category: 'landscape', subject: 'landscape', subjectPhrase: 'the scene', evidence };
  }
  evidence.push(closeUp ? 'one sharp area against a soft background: a close-up' : 'no horizon and no sky-to-ground change: not a landscape');
  return { category: 'others', subject: null, subjectPhrase: closeUp ? 'the main subject' : 'the frame', evidence };
}

/** Colour difference (ΔE) between the top and bottom rows of the signature's 4×4 colour layout. */
export function verticalContrast(signature: readonly number[]): number {
  const row = (r: number): [number, number, number] => {
    let l = 0;
    let a = 0;
    let b = 0;
    for (let c = 0; c < 4; c++) {
      const i = (r * 4 + c) * 3;
      l += signature[i] * 100;
      a += signature[i + 1] * 60;
      b += signature[i + 2] * 60;
    }
    return [l / 4, a / 4, b / 4];
  };
  const [l1, a1, b1] = row(0);
  const [l2, a2, b2] = row(3);
  return Math.hypot(l1 - l2, a1 - a2, b1 - b2);
}
