// Reading an AI rating for display: scores arrive as numeric strings ("7.4") out of 10 and are
// shown as a number and as five stars with half stars (spec, section 9); feedback is shown as
// sentences; each score's evidence (what it rests on) is read defensively, since older ratings
// carry none.
import type { PhotoRating } from './types';

export type ScoreAspect = 'composition' | 'lighting' | 'clarity' | 'creativity';

export const SCORE_ASPECTS: ReadonlyArray<{ key: ScoreAspect; label: string }> = [
  { key: 'composition', label: 'Composition' },
  { key: 'lighting', label: 'Lighting' },
  { key: 'clarity', label: 'Clarity' },
  { key: 'creativity', label: 'Creativity' },
];

/** A score as a number from 0 to 10, or null when there is none. */
export function parseScore(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const score = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(score)) return null;
  return Math.min(10, Math.max(0, score));
}

/** One decimal, as the API sends it: 8.7, 9.0. */
export function formatScore(score: number): string {
  return score.toFixed(1);
}

/** Stars out of five, to the nearest half star: 8.7 → 4.5, 7.2 → 3.5. */
export function starValue(score: number): number {
  return Math.round(Math.min(10, Math.max(0, score))) / 2;
}

/** The feedback text as its sentences. */
export function feedbackSentences(feedback: string | null | undefined): string[] {
  if (!feedback) return [];
  return feedback
    .split(/(?<=[.!?])\s+(?=\S)/)
    .map((sentence) => sentence.trim())
    .filter(Boolean);
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string' && item.trim() !== '') : [];
}

/** What the given score rests on, from `rating.evidence` when the engine recorded it. */
export function evidenceFor(rating: Pick<PhotoRating, 'evidence'>, aspect: ScoreAspect | 'overall'): string[] {
  const evidence = rating.evidence;
  if (typeof evidence !== 'object' || evidence === null) return [];
  return stringList((evidence as Record<string, unknown>)[aspect]);
}

/**
 * How the photo was rated, in a sentence a photographer reads: from measurements of the photo
 * itself, or (the OpenAI-compatible engine) by a vision model reading them too. No model names.
 */
export function methodNote(rating: Pick<PhotoRating, 'aiModel'>): string {
  return rating.aiModel?.startsWith('openai:') && !rating.aiModel.includes('fallback')
    ? 'Rated by an AI vision model, given these measurements of the photo.'
    : 'Every score is measured on the photo itself: the same photo always gets the same rating.';
}
