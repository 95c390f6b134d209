// Texts of member critiques. The spec defines the entity but no wording: these are ours.
export const CRITIQUE_TEXTS = {
  saved: 'Critique submitted',
  updated: 'Critique updated',
  removed: 'Critique removed',
  failed: 'Critique Failed',
  removeFailed: 'Could not remove the critique',
  tryAgain: 'Please try again.',
} as const;

/** The five criteria, in the AI rating's order and words. */
export const CRITERIA = [
  { key: 'overallRating', label: 'Overall' },
  { key: 'composition', label: 'Composition' },
  { key: 'lighting', label: 'Lighting' },
  { key: 'clarity', label: 'Clarity' },
  { key: 'creativity', label: 'Creativity' },
] as const;
