import { AnimalGroup, SubjectKind, VOCABULARY, VocabularyEntry, pluralOf } from './vocabulary';

/** What the photographer's title and description say the photo shows. */
export interface SubjectFromWords {
  /** The noun as the critique writes it: singular, or plural when the words speak of several ("meerkats"). */
  noun: string;
  plural: boolean;
  kind: SubjectKind;
  group: AnimalGroup | null;
  /** Where it was read: 'title' or 'description'. */
  from: 'title' | 'description';
}

/** How a sentence refers to the subject: "the hedgehog", "the meerkats", "the subject". */
export interface SubjectRef {
  phrase: string;
  plural: boolean;
}

/** A subject's name for the critique and where it came from. */
export interface SubjectName {
  /** For the sentences about the subject (its place, size, edges, focus, exposure). */
  ref: SubjectRef;
  /** For the rating's `subject` field: the noun, or null when nothing names it surely. */
  noun: string | null;
  source: 'words' | 'detector' | null;
  /** One line for the evidence, e.g. "subject from the title: hedgehog (the detector read bear, which it disagrees with)". */
  evidence: string;
}

/** The detector's label is written on its own (no words) only from this confidence. */
export const CONFIDENT_LABEL = 0.6;
/** COCO's animal labels, which agree with a noun of the same name or (bird) group. */
const COCO_ANIMALS = new Set(['bird', 'cat', 'dog', 'horse', 'sheep', 'cow', 'elephant', 'bear', 'zebra', 'giraffe']);
/** COCO labels and the vocabulary nouns that name the same animals. */
const COCO_SYNONYMS: Readonly<Record<string, readonly string[]>> = {
  cat: ['cat', 'kitten', 'wildcat'],
  dog: ['dog', 'puppy'],
  horse: ['horse', 'foal', 'pony'],
  sheep: ['sheep', 'lamb', 'ram', 'mouflon'],
  cow: ['cow', 'calf', 'bull', 'ox'],
  elephant: ['elephant'],
  bear: ['bear', 'polar bear', 'brown bear', 'grizzly', 'black bear'],
  zebra: ['zebra'],
  giraffe: ['giraffe'],
};
const KIND_ORDER: Readonly<Record<SubjectKind, number>> = { animal: 0, plant: 1, landscape: 2 };

/** Every way a vocabulary noun is written (singular and plural), longest first so "polar bear" wins over "bear". */
const FORMS: ReadonlyArray<{ form: string; entry: VocabularyEntry; plural: boolean }> = VOCABULARY.flatMap((entry) => {
  const plural = pluralOf(entry.noun);
  return plural === entry.noun ? [{ form: entry.noun, entry, plural: false }] : [
    { form: entry.noun, entry, plural: false },
    { form: plural, entry, plural: true },
  ];
}).sort((a, b) => b.form.length - a.form.length);

function findIn(text: string, from: SubjectFromWords['from']): Array<SubjectFromWords & { at: number }> {
  const lower = ` ${text.toLowerCase().replace(/[^a-z\s'-]/g, ' ').replace(/\s+/g, ' ')} `;
  const found: Array<SubjectFromWords & { at: number }> = [];
  const taken: Array<[number, number]> = [];
  for (const { form, entry, plural } of FORMS) {
    let at = lower.indexOf(` ${form} `);
    while (at >= 0) {
      const end = at + form.length + 1;
      if (!taken.some(([a, b]) => at < b && end > a)) {
        taken.push([at, end]);
        // "Two giraffes" and "giraffes" are plural; "a deer" and "deer" (no plural form of its own) singular.
        found.push({ noun: plural ? form : entry.noun, plural, kind: entry.kind, group: entry.group, from, at });
      }
      at = lower.indexOf(` ${form} `, at + 1);
    }
  }
  return found;
}

/**
 * The subject the photographer named: an animal before a plant before a landscape feature ("Hedgehog
 * in the grass" is the hedgehog), the title before the description, the first mention first.
 */
export function subjectFromWords(title: string, description: string): SubjectFromWords | null {
  const found = [...findIn(title, 'title'), ...findIn(description, 'description')];
  found.sort((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || (a.from === b.from ? 0 : a.from === 'title' ? -1 : 1) || a.at - b.at);
  const best = found[0];
  if (!best) return null;
  const { at: _at, ...subject } = best;
  return subject;
}

/** Whether a detector label names the same animal as the words (a kingfisher is a COCO bird; a hedgehog is no bear). */
export function labelAgrees(label: string, words: SubjectFromWords): boolean {
  if (words.kind !== 'animal') return false;
  if (label === 'bird') return words.group === 'bird';
  const singular = words.plural ? (VOCABULARY.find((e) => pluralOf(e.noun) === words.noun)?.noun ?? words.noun) : words.noun;
  return (COCO_SYNONYMS[label] ?? []).includes(singular);
}

/**
 * Names the subject the way a photographer would accept: their own words first; the detector's
 * label only when it agrees with the words, or when there are none and it is confident
 * (`CONFIDENT_LABEL`); otherwise "the subject". Never an animal word that neither the photo nor the
 * words support. `detected` is the box the composition was measured on (null: no animal or person
 * box); `hasSubject` says whether the frame has a subject at all (a box or a salient region).
 */
export function nameSubject(words: SubjectFromWords | null, detected: { label: string; confidence: number } | null, hasSubject: boolean): SubjectName {
  if (words && (words.kind !== 'landscape' || !hasSubject)) {
    const agree = detected && COCO_ANIMALS.has(detected.label) ? (labelAgrees(detected.label, words) ? ', and the detector agrees' : `; the detector's guess (${detected.label}) is not used`) : '';
    return {
      ref: { phrase: `the ${words.noun}`, plural: words.plural },
      noun: words.noun,
      source: 'words',
      evidence: `subject from the ${words.from}: ${words.noun}${agree}`,
    };
  }
  if (detected && (COCO_ANIMALS.has(detected.label) || detected.label === 'person') && detected.confidence >= CONFIDENT_LABEL) {
    return {
      ref: { phrase: `the ${detected.label}`, plural: false },
      noun: detected.label,
      source: 'detector',
      evidence: `subject recognised as a ${detected.label} (${Math.round(detected.confidence * 100)} % sure)`,
    };
  }
  return {
    ref: { phrase: hasSubject ? 'the subject' : 'the photo', plural: false },
    noun: words?.noun ?? null,
    source: words ? 'words' : null,
    evidence: words ? `scene named in the ${words.from}: ${words.noun}` : detected ? `no confident name for the subject (the detector's best guess, ${detected.label}, is too unsure to use)` : 'no name for the subject in the title or description',
  };
}
