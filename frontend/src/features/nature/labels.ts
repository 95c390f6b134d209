// The ethics and provenance labels an owner declares (services/photos nature/labels.ts): their
// names and what each means, as the upload form, the badges, the FAQ and the terms say them.
import type { Schemas } from '../../api/schema';

export type PhotoLabel = Schemas['PhotoLabel'];

export interface LabelText {
  label: PhotoLabel;
  /** The badge. */
  name: string;
  /** What it means, in one sentence (form hint, badge tooltip, FAQ). */
  meaning: string;
}

export const LABEL_TEXTS: readonly LabelText[] = [
  { label: 'captive', name: 'Captive', meaning: 'The animal lives in a zoo, a rehabilitation centre, a farm or another enclosure.' },
  { label: 'baited', name: 'Baited', meaning: 'Food, sound or scent lures brought the subject in front of the camera.' },
  { label: 'composite', name: 'Composite', meaning: 'Several frames or images were combined: focus stacking, blended exposures or a replaced sky.' },
  { label: 'ai-generated', name: 'AI-generated', meaning: 'The image was made by a generative AI, not by a camera.' },
  { label: 'ai-edited', name: 'AI-edited', meaning: 'Generative AI added or removed content in the photo (generative fill).' },
];

const BY_LABEL = new Map(LABEL_TEXTS.map((text) => [text.label, text]));

export function labelText(label: PhotoLabel): LabelText {
  return BY_LABEL.get(label) ?? { label, name: label, meaning: '' };
}

/** Why these labels keep a photo out of the wild-only gallery (captive, baited, AI-generated). */
export const NOT_WILD: readonly PhotoLabel[] = ['captive', 'baited', 'ai-generated'];
