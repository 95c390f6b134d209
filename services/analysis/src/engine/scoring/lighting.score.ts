import type { LightingMeasurement } from '../measure/lighting.measure';
import { evOf } from '../measure/lighting.measure';
import { PHOTO, type SubjectRef } from '../subject/name-subject';
import { AspectScore, Finding, clampScore, oneDecimal, percent } from './aspect-score';
import { be, capitalise, pronoun } from './words';

/**
 * The scene's key, from the histogram: what the photographer most likely meant the exposure to be.
 *  - silhouette: a dark subject against bright light (the dark shape is the picture);
 *  - backlit: a subject darker than its bright surroundings (the light behind it is part of the scene);
 *  - high-key: bright almost everywhere with few darks (fog, snow, a white background);
 *  - low-key: dark almost everywhere, with some light kept (night, a lit subject on black);
 *  - normal: everything else, judged against mid-grey.
 */
export type SceneKey = 'normal' | 'high-key' | 'low-key' | 'silhouette' | 'backlit';

export function sceneKey(m: LightingMeasurement): SceneKey {
  const p10 = m.p10 ?? m.p1;
  const p90 = m.p90 ?? m.p99;
  const subject = m.subjectMedianLuma;
  if (subject !== null && subject <= 45 && m.medianLuma >= 110 && p90 >= 200) return 'silhouette';
  if (subject !== null && p90 >= 215 && subject <= m.medianLuma - 25) return 'backlit';
  if (m.medianLuma >= 150 && p10 >= 90) return 'high-key';
  if (m.medianLuma <= 75 && m.p99 >= 170) return 'low-key';
  return 'normal';
}

/**
 * The exposure each key accepts, in stops against mid-grey, read on the subject (or on the frame
 * for a silhouette and where there is no subject). A deliberately bright or dark photo is inside
 * its own key's window, not "a stop off".
 */
const WINDOWS: Readonly<Record<SceneKey, readonly [number, number]>> = {
  normal: [-0.5, 0.9],
  'high-key': [-0.5, 2.4],
  'low-key': [-3.2, 0.9],
  silhouette: [-1.2, 1.8],
  backlit: [-1.4, 0.9],
};
/** Where a correction lands: the middle of the normal window, or just inside a key's own window. */
const TARGET = 0.2;
/** Points per stop outside the window. */
const EXPOSURE_COST = 3;
/** The smallest exposure penalty worth a sentence and an editing tip (a little over a third of a stop outside the window). */
const EXPOSURE_WORTH_FIXING = 1;
/** A share of pure white or pure black this large needs protecting before exposure moves the other way. */
const PROTECT = 0.02;

const KEY_WORDS: Readonly<Record<SceneKey, string>> = {
  normal: 'an evenly lit scene, judged against mid-grey',
  'high-key': 'a bright, high-key scene (fog, snow or a pale background), judged as bright',
  'low-key': 'a dark, low-key scene with some light kept, judged as dark',
  silhouette: 'a silhouette against bright light, judged on the light',
  backlit: 'a subject lit from behind, judged on the subject with room for the bright background',
};

export interface ExposureAdvice {
  key: SceneKey;
  /** Stops against mid-grey where exposure was judged. */
  ev: number;
  /** Stops outside the key's window (0 inside). */
  outside: number;
  /** Points the lighting score takes off for it. */
  penalty: number;
  /** Stops to move (negative: darken); 0 when nothing is worth fixing. */
  correction: number;
  /** Brightening with highlights blown, or darkening with shadows crushed: the move must be local, not the overall exposure. */
  protect: 'highlights' | 'shadows' | null;
}

export function exposureAdvice(m: LightingMeasurement): ExposureAdvice {
  const key = sceneKey(m);
  const ev = key === 'silhouette' ? evOf(m.medianLuma) : m.exposureEv;
  const [low, high] = WINDOWS[key];
  const outside = ev < low ? ev - low : ev > high ? ev - high : 0;
  const penalty = Math.min(4, EXPOSURE_COST * Math.abs(outside));
  if (penalty < EXPOSURE_WORTH_FIXING) return { key, ev, outside, penalty, correction: 0, protect: null };
  // Back to the middle of the normal window, or just inside the key's own.
  const goal = key === 'normal' ? TARGET : outside < 0 ? low + 0.3 : high - 0.3;
  const correction = goal - ev;
  const protect = correction > 0 && m.clippedHighlights >= PROTECT ? 'highlights' : correction < 0 && m.clippedShadows >= PROTECT ? 'shadows' : null;
  return { key, ev, outside, penalty, correction, protect };
}

/**
 * The overall exposure move, in stops, that the lighting score charged for (negative: darken); 0
 * when the exposure suits the scene's key, or when the move would push blown highlights or crushed
 * shadows further (then the fix is local: shadows or highlights, see the feedback). The editing tips
 * use the same figure, so a tip never asks for a move the score did not count against the photo.
 */
export function exposureCorrection(m: LightingMeasurement): number {
  const advice = exposureAdvice(m);
  return advice.protect ? 0 : advice.correction;
}

function stopsInWords(stops: number): string {
  const rounded = Math.round(Math.abs(stops) * 2) / 2;
  if (rounded <= 0.5) return 'half a stop';
  if (rounded === 1) return 'a stop';
  return `${rounded % 1 === 0 ? rounded : `${Math.floor(rounded)} and a half`} stops`;
}

/**
 * Lighting = 10 minus what the histogram shows went wrong, judged against the scene's key: exposure
 * outside what the key accepts, detail lost to clipped highlights or shadows, a narrow tonal range,
 * too little or too much contrast. One exposure direction at most, and never one that would push
 * blown highlights or crushed shadows further without saying how to protect them.
 */
export function scoreLighting(m: LightingMeasurement, where: SubjectRef, frame: SubjectRef = PHOTO): AspectScore {
  const evidence: string[] = [];
  const problems: Finding[] = [];
  const strengths: Finding[] = [];
  const advice = exposureAdvice(m);
  const onSubject = m.exposureMeasuredOn === 'subject' && advice.key !== 'silhouette';
  // Read on the whole frame: "the photo", or "the photo of the red fox" when the photographer named it.
  const what = onSubject ? where.phrase : frame.phrase;
  evidence.push(`the light reads as ${KEY_WORDS[advice.key]}`);
  const stops = Math.abs(advice.ev);
  evidence.push(
    stops < 0.15
      ? `${what} ${be(onSubject ? where : null)} at mid-grey`
      : `${what} ${be(onSubject ? where : null)} ${oneDecimal(stops)} stop${stops >= 0.95 && stops < 1.05 ? '' : 's'} ${advice.ev < 0 ? 'darker' : 'brighter'} than mid-grey${advice.outside === 0 ? ', which suits the scene' : ''}`,
  );
  const highlightsBlown = m.clippedHighlights;
  const subjectClipped = m.subjectClippedHighlights ?? 0;
  // Blown highlights on the subject cost more than the same share elsewhere (a white sky can go).
  const highlightPenalty = Math.min(4, 30 * Math.max(0, highlightsBlown - 0.01) + 15 * Math.max(0, subjectClipped - 0.02));
  const shadowPenalty = Math.min(2.5, 20 * Math.max(0, m.clippedShadows - 0.02));
  const subject = capitalise(what);
  if (advice.correction !== 0) {
    const brighten = advice.correction > 0;
    const amount = stopsInWords(advice.correction);
    const keyed = advice.key === 'high-key' ? ' even for a bright, high-key photo' : advice.key === 'low-key' ? ' even for a dark, low-key photo' : '';
    let sentence: string;
    if (advice.protect === 'highlights') {
      sentence = `${subject} ${be(onSubject ? where : null)} dark while ${percent(highlightsBlown)} of the frame is already pure white: lift the shadows${onSubject ? ` on ${pronoun(where)}` : ''} by about ${amount} rather than the overall exposure, which would blow more of the highlights.`;
    } else if (advice.protect === 'shadows') {
      sentence = `${subject} ${be(onSubject ? where : null)} bright while ${percent(m.clippedShadows)} of the frame is already pure black: pull the highlights down by about ${amount} rather than the overall exposure, which would crush more of the shadows.`;
    } else if (advice.key === 'backlit' && brighten) {
      sentence = `${subject} ${be(onSubject ? where : null)} in shadow against the bright light behind: lift the shadows${onSubject ? ` on ${pronoun(where)}` : ''} by about ${amount}, or use fill flash or a reflector next time.`;
    } else {
      sentence = brighten
        ? `${subject} ${be(onSubject ? where : null)} about ${amount} too dark${keyed}, so brighten it or give more exposure in camera.`
        : `${subject} ${be(onSubject ? where : null)} about ${amount} too bright${keyed}, so darken it or expose for the highlights.`;
    }
    problems.push({ aspect: 'lighting', topic: 'exposure', weight: advice.penalty, sentence });
  }

  evidence.push(`${percent(highlightsBlown)} of the highlights are pure white${m.subjectClippedHighlights !== null && m.subjectClippedHighlights !== undefined && onSubject ? ` (${percent(subjectClipped)} of ${where.phrase})` : ''}`);
  // Said on its own only when no exposure sentence above already speaks of it.
  if (highlightPenalty >= 0.3 && advice.protect !== 'highlights') {
    problems.push({
      aspect: 'lighting',
      topic: 'highlights',
      weight: highlightPenalty,
      sentence:
        15 * Math.max(0, subjectClipped - 0.02) > 30 * Math.max(0, highlightsBlown - 0.01)
          ? `Part of ${where.phrase} is blown to pure white, where no detail can be recovered.`
          : advice.key === 'high-key'
            ? `About ${percent(highlightsBlown)} of the frame is pure white: even a bright, high-key photo keeps a trace of texture in its brightest parts.`
            : `About ${percent(highlightsBlown)} of the frame is blown to pure white, where no detail can be recovered.`,
    });
  }
  evidence.push(`${percent(m.clippedShadows)} of the shadows are pure black`);
  if (shadowPenalty >= 0.3 && advice.protect !== 'shadows' && advice.key !== 'silhouette' && advice.key !== 'low-key') {
    problems.push({
      aspect: 'lighting',
      topic: 'shadows',
      weight: shadowPenalty,
      sentence: `About ${percent(m.clippedShadows)} of the frame is crushed to pure black, hiding shadow detail.`,
    });
  }

  // A high-key or low-key frame spans fewer tones by design.
  const rangeNeeded = advice.key === 'high-key' || advice.key === 'low-key' ? 140 : 200;
  const rangePenalty = Math.min(2.5, Math.max(0, rangeNeeded - m.dynamicRange) / 40);
  evidence.push(`tones span ${Math.round((m.dynamicRange / 255) * 100)} % of the range from black to white`);
  const contrastPenalty = m.contrast < 0.1 && advice.key !== 'high-key' ? Math.min(2, (0.1 - m.contrast) * 30) : m.contrast > 0.32 && advice.key !== 'silhouette' ? Math.min(2, (m.contrast - 0.32) * 20) : 0;
  evidence.push(`contrast is ${m.contrast < 0.1 ? 'low' : m.contrast > 0.32 ? 'harsh' : 'moderate'}`);
  if (rangePenalty + contrastPenalty >= 0.5) {
    problems.push({
      aspect: 'lighting',
      topic: 'tones',
      weight: rangePenalty + contrastPenalty,
      sentence:
        m.contrast > 0.32
          ? 'Contrast is harsh, with strong jumps between light and dark areas.'
          : 'The tones sit in a narrow band, so the photo looks flat: setting the black and white points would add depth.',
    });
  }
  const score = clampScore(10 - advice.penalty - highlightPenalty - shadowPenalty - rangePenalty - contrastPenalty);
  if (score >= 8.5 && problems.length === 0) {
    const sentence =
      advice.key === 'high-key'
        ? 'The bright, high-key exposure suits the scene, with detail kept in the highlights.'
        : advice.key === 'low-key'
          ? 'The dark, low-key exposure suits the scene, with the light where it matters.'
          : advice.key === 'silhouette'
            ? 'The silhouette reads cleanly against the light.'
            : 'Exposure is well judged, with detail kept in both highlights and shadows.';
    strengths.push({ aspect: 'lighting', topic: 'exposure', weight: score - 7.5, sentence });
  }
  return { score, evidence, problems, strengths };
}

