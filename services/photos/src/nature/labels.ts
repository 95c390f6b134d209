/**
 * Ethics and provenance labels an owner declares on a photo (our words, shown in the upload form,
 * the FAQ and the terms).
 */
export const PHOTO_LABELS = ['captive', 'baited', 'composite', 'ai-generated', 'ai-edited'] as const;
export type PhotoLabel = (typeof PHOTO_LABELS)[number];

/** Left out of the wild-only gallery (`wild=true`): not a wild, unbaited, camera-made moment. */
export const NOT_WILD: readonly PhotoLabel[] = ['captive', 'baited', 'ai-generated'];

/** A featured photo is wild, unbaited and made by a camera (generative fill included). */
export const NOT_FEATURABLE: readonly PhotoLabel[] = ['captive', 'baited', 'ai-generated', 'ai-edited'];

export function isPhotoLabel(value: string): value is PhotoLabel {
  return (PHOTO_LABELS as readonly string[]).includes(value);
}

export const UNKNOWN_LABEL_HINT = 'Labels are captive, baited, composite, ai-generated and ai-edited';

export function unknownLabelMessage(label: string): string {
  return `Unknown label "${label.slice(0, 40)}". ${UNKNOWN_LABEL_HINT}.`;
}

/** Sorted in the list's order, once each. */
export function normaliseLabels(labels: readonly PhotoLabel[]): PhotoLabel[] {
  return PHOTO_LABELS.filter((label) => labels.includes(label));
}

/** Why a photo cannot be featured, in the refusal's words; null when it can. */
export function notFeaturableBecause(labels: readonly string[]): string | null {
  const found = NOT_FEATURABLE.filter((label) => labels.includes(label));
  return found.length === 0 ? null : `Only wild, unbaited, camera-made photos can be featured. This photo is labelled ${found.join(', ')}.`;
}
