import type { LightingMeasurement } from '../measure/lighting.measure';
import { AspectScore, Finding, clampScore, oneDecimal, percent } from './aspect-score';

/** Exposure (stops from mid-grey) around which nothing is taken off: bright and dark scenes keep their mood. */
const EXPOSURE_TARGET = 0.2;
const EXPOSURE_TOLERANCE = 0.5;
/** Stops per point taken off beyond the tolerance: a stop off target costs well over a point. */
const EXPOSURE_COST = 3;
/** The smallest exposure penalty worth a sentence and an editing tip. */
const EXPOSURE_WORTH_FIXING = 0.3;

/**
 * The exposure correction, in stops, that the lighting score charged for (negative: darken); 0 when
 * the exposure is within tolerance. The editing tips use the same figure, so a tip never asks for a
 * correction the score did not count against the photo.
 */
export function exposureCorrection(m: Pick<LightingMeasurement, 'exposureEv'>): number {
  const offset = m.exposureEv - EXPOSURE_TARGET;
  const penalty = EXPOSURE_COST * Math.max(0, Math.abs(offset) - EXPOSURE_TOLERANCE);
  return penalty >= EXPOSURE_WORTH_FIXING ? -offset : 0;
}

/**
 * Lighting = 10 minus what the histogram shows went wrong: exposure away from mid-grey, detail
 * lost to clipped highlights or shadows, a narrow tonal range, too little or too much contrast.
 */
export function scoreLighting(m: LightingMeasurement, where: string): AspectScore {
  const evidence: string[] = [];
  const problems: Finding[] = [];
  const strengths: Finding[] = [];

  const offset = m.exposureEv - EXPOSURE_TARGET;
  const exposurePenalty = Math.min(4, EXPOSURE_COST * Math.max(0, Math.abs(offset) - EXPOSURE_TOLERANCE));
  const stops = Math.abs(m.exposureEv);
  const measuredOn = m.exposureMeasuredOn === 'subject' ? `on ${where}` : 'over the frame';
  evidence.push(
    stops < 0.15
      ? `exposure ${measuredOn} at mid-grey`
      : `exposure ${measuredOn} ${oneDecimal(stops)} stop${stops >= 0.95 && stops < 1.05 ? '' : 's'} ${m.exposureEv < 0 ? 'below' : 'above'} mid-grey`,
  );
  if (exposureCorrection(m) !== 0) {
    const darker = offset < 0;
    const rounded = Math.max(1, Math.round(Math.abs(offset)));
    problems.push({
      aspect: 'lighting',
      topic: 'exposure',
      weight: exposurePenalty,
      sentence: darker
        ? `${capitalise(where)} is underexposed by about ${rounded === 1 ? 'a stop' : `${rounded} stops`}, so brighten it or give more exposure in camera.`
        : `${capitalise(where)} is overexposed by about ${rounded === 1 ? 'a stop' : `${rounded} stops`}, so darken it or expose for the highlights.`,
    });
  }

  // Blown highlights on the subject cost more than the same share elsewhere (a white sky can go).
  const subjectClipped = m.subjectClippedHighlights ?? 0;
  const highlightPenalty = Math.min(4, 30 * Math.max(0, m.clippedHighlights - 0.01) + 15 * Math.max(0, subjectClipped - 0.02));
  evidence.push(`${percent(m.clippedHighlights)} highlights clipped${m.subjectClippedHighlights !== null && m.subjectClippedHighlights !== undefined ? ` (${percent(m.subjectClippedHighlights)} of ${where})` : ''}`);
  if (highlightPenalty >= 0.3) {
    problems.push({
      aspect: 'lighting',
      topic: 'exposure',
      weight: highlightPenalty,
      sentence:
        15 * Math.max(0, subjectClipped - 0.02) > 30 * Math.max(0, m.clippedHighlights - 0.01)
          ? `Part of ${where} is blown to pure white, where no detail can be recovered.`
          : `About ${percent(m.clippedHighlights)} of the frame is blown to pure white, where no detail can be recovered.`,
    });
  }
  const shadowPenalty = Math.min(2.5, 20 * Math.max(0, m.clippedShadows - 0.02));
  evidence.push(`${percent(m.clippedShadows)} shadows clipped`);
  if (shadowPenalty >= 0.3) {
    problems.push({
      aspect: 'lighting',
      topic: 'exposure',
      weight: shadowPenalty,
      sentence: `About ${percent(m.clippedShadows)} of the frame is crushed to pure black, hiding shadow detail.`,
    });
  }

  const rangePenalty = Math.min(2.5, Math.max(0, 200 - m.dynamicRange) / 40);
  evidence.push(`tonal range ${m.dynamicRange} of 255 grey levels`);
  const contrastPenalty = m.contrast < 0.1 ? Math.min(2, (0.1 - m.contrast) * 30) : m.contrast > 0.32 ? Math.min(2, (m.contrast - 0.32) * 20) : 0;
  evidence.push(`contrast ${m.contrast < 0.1 ? 'low' : m.contrast > 0.32 ? 'harsh' : 'moderate'} (RMS ${oneDecimal(m.contrast * 100)} %)`);
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
  const score = clampScore(10 - exposurePenalty - highlightPenalty - shadowPenalty - rangePenalty - contrastPenalty);
  if (score >= 8.5 && problems.length === 0) {
    strengths.push({ aspect: 'lighting', topic: 'exposure', weight: score - 7.5, sentence: 'Exposure is well judged, with detail kept in both highlights and shadows.' });
  }
  return { score, evidence, problems, strengths };
}

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
