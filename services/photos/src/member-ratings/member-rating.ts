/** The five criteria of a critique, the same as the AI rating's (spec: member_rating). */
export const CRITERIA = ['overallRating', 'composition', 'lighting', 'clarity', 'creativity'] as const;
export type Criterion = (typeof CRITERIA)[number];

/** Whole scores from 1 to 10, one per criterion. */
export type Scores = Record<Criterion, number>;

/** A member's critique of someone else's public photo: one per member and photo, editable. */
export interface MemberRating {
  id: string;
  photoId: string;
  /** The member who wrote it. */
  userId: string;
  /** The member's name when they wrote it, kept fresh by auth.user.updated events. */
  authorName: string;
  scores: Scores;
  feedback: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A photo's member critiques as counted from the stored rows. */
export interface MemberRatingSummary {
  count: number;
  /** Average of each criterion; null when there is none. */
  average: Scores | null;
}

export type MemberRatingAction = 'created' | 'updated' | 'removed';

/** What one write did, for the events announcing it and the caller's answer. */
export interface MemberRatingChange {
  action: MemberRatingAction;
  rating: MemberRating;
  /** The photo's critiques after the change. */
  summary: MemberRatingSummary;
}

export interface SubmitMemberRating {
  photoId: string;
  userId: string;
  authorName: string;
  scores: Scores;
  feedback: string | null;
  at: Date;
}

/** Averages from a count and per-criterion sums (what both backends can aggregate). */
export function summaryFromSums(count: number, sums: Scores): MemberRatingSummary {
  if (count === 0) return { count: 0, average: null };
  const average = {} as Scores;
  for (const criterion of CRITERIA) average[criterion] = sums[criterion] / count;
  return { count, average };
}

/** Scores reach clients as numeric strings with one decimal, like the AI rating's ("7.5"). */
export function scoreText(value: number): string {
  return (Math.round(value * 10) / 10).toFixed(1);
}
