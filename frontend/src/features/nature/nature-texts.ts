// The nature layer's texts (our words): the ethics and provenance labels an owner declares
// (services/photos nature/labels.ts), their names and what each means, and how places are shown,
// as the upload form, the badges, the FAQ and the terms say them. No components: the FAQ takes
// these without the form's code.
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

/** Our words: how a place is shown (iNaturalist's way) and when it never is. */
export const PLACE_PRIVACY_HELP =
  'When your photo carries a location (the camera’s GPS), others see only a point somewhere in the same 0.2° square (about 20 km across), never the exact spot. Private shows no place at all. Places of species threatened with extinction (CITES Appendix I) are never shown to anyone but you.';
