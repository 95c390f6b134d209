import type { PhotoCategory, RatingEvidence } from '@wildframe/contracts';
import type { PhotoMeasurements } from './measure/measure-photo';

export interface AnalysisInput {
  image: Buffer;
  title: string;
  description: string;
  /** Epoch milliseconds by which the analysis must have answered. */
  deadline: number;
}

export interface RatingScores {
  overall: number;
  composition: number;
  lighting: number;
  clarity: number;
  creativity: number;
}

/** A rating as an engine produces it (scores 1-10 with one decimal). */
export interface EngineRating {
  scores: RatingScores;
  feedback: string;
  subject: string | null;
  category: PhotoCategory;
  aiModel: string;
  evidence: RatingEvidence;
  /** The local measurements, kept with the rating for the editing tips (engines always take them). */
  measurements: PhotoMeasurements;
}

export type AnalysisOutcome =
  | { outcome: 'rated'; rating: EngineRating }
  /** Accepted but held for an admin's review: the engine is unsure the photo is a nature photograph. */
  | { outcome: 'review'; rating: EngineRating; reasons: string[] }
  | { outcome: 'refused'; reasons: string[]; evidence: RatingEvidence };

/** Turns a photo into a rating. Two engines implement it: local (default) and OpenAI. */
export interface PhotoAnalyzer {
  readonly name: string;
  analyze(input: AnalysisInput): Promise<AnalysisOutcome>;
}

/** Thrown when the analysis could not finish before the caller's deadline. */
export class AnalysisDeadlineError extends Error {
  constructor(stage: string) {
    super(`The analysis ran out of time (${stage})`);
    this.name = 'AnalysisDeadlineError';
  }
}

/** Rounds a score to the one decimal the spec stores (numeric(3,1)). */
export function roundScore(value: number): number {
  return Math.round(Math.min(10, Math.max(1, value)) * 10) / 10;
}

/** Overall rating: composition and the two technical aspects weigh most, creativity a little less. */
export const OVERALL_WEIGHTS = { composition: 0.3, lighting: 0.25, clarity: 0.25, creativity: 0.2 } as const;

export function overallOf(scores: Omit<RatingScores, 'overall'>): number {
  return (
    OVERALL_WEIGHTS.composition * scores.composition +
    OVERALL_WEIGHTS.lighting * scores.lighting +
    OVERALL_WEIGHTS.clarity * scores.clarity +
    OVERALL_WEIGHTS.creativity * scores.creativity
  );
}
