/** The four scored aspects of a photo. */
export type Aspect = 'composition' | 'lighting' | 'clarity' | 'creativity';

/** A problem found by a measurement: how many points it cost and how to say it to the photographer. */
export interface Finding {
  aspect: Aspect;
  /** Points taken off (problems) or added (strengths) by this finding. */
  weight: number;
  /** One feedback sentence, ending with a full stop and containing no other full stop (the web splits on them). */
  sentence: string;
  /**
   * What the finding is about. A strength is never said next to a problem on the same topic
   * ("exposure is well judged" beside "underexposed by a stop").
   */
  topic: FindingTopic;
}

export type FindingTopic = 'exposure' | 'highlights' | 'shadows' | 'tones' | 'focus' | 'noise' | 'compression' | 'placement' | 'size' | 'framing' | 'level' | 'look' | 'colour' | 'lines';

/** "a" or "an" before a word (by its first letter: good enough for the words the engine uses). */
export function article(word: string): string {
  return /^[aeiou]/i.test(word) ? 'an' : 'a';
}

/** One aspect's score (1-10, unrounded) with what it rests on. */
export interface AspectScore {
  score: number;
  /** Short statements of what was measured, shown next to the score (e.g. "3 % highlights clipped"). */
  evidence: string[];
  problems: Finding[];
  strengths: Finding[];
}

export function clampScore(value: number): number {
  return Math.min(10, Math.max(1, value));
}

/** Percent with no decimals below 10 % shown as e.g. "3 %", keeping one decimal under 1 %. */
export function percent(share: number): string {
  const p = share * 100;
  return p < 1 && p > 0 ? `${p.toFixed(1)} %` : `${Math.round(p)} %`;
}

/** Rounds to one decimal for evidence texts (never used in feedback sentences). */
export function oneDecimal(value: number): string {
  return (Math.round(value * 10) / 10).toFixed(1);
}
