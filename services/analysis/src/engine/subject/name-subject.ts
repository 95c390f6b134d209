import { AnimalGroup, SubjectKind, VOCABULARY, VocabularyEntry, pluralOf } from './vocabulary';

/** What the photographer's title and description say the photo shows. */
export interface SubjectFromWords {
  /**
   * The name as the critique writes it, with the photographer's qualifiers ("red fox", "great blue
   * heron", "red-tailed hawk"): singular, or plural when the words speak of several ("meerkats"); a
   * place's own name as written ("Mount Rainier").
   */
  noun: string;
  /** The vocabulary noun it was recognised by, singular ("fox" for "red foxes"). */
  head: string;
  plural: boolean;
  kind: SubjectKind;
  group: AnimalGroup | null;
  /** Whether sentences put "the" before it (not before a place's own name: "Mount Rainier is…"). */
  article: boolean;
  /** Where it was read: 'title' or 'description'. */
  from: 'title' | 'description';
}

/** How a sentence refers to the subject: "the hedgehog", "the meerkats", "the subject". */
export interface SubjectRef {
  phrase: string;
  plural: boolean;
  /** For the whole frame of a named subject ("the photo of the red fox"): the subject itself ("the red fox"). */
  of?: string;
}

/** A subject's name for the critique and where it came from. */
export interface SubjectName {
  /** For the sentences about the subject (its place, size, edges, focus, exposure). */
  ref: SubjectRef;
  /**
   * For the sentences read on the whole frame (focus and exposure when no subject was found to read
   * them on): "the photo of the red fox" when the photographer named it, else "the photo".
   */
  frame: SubjectRef;
  /** For the rating's `subject` field: the noun, or null when nothing names it surely. */
  noun: string | null;
  source: 'words' | 'detector' | null;
  /** One line for the evidence, e.g. "subject from the title: hedgehog (the detector read bear, which it disagrees with)". */
  evidence: string;
}

/** The whole frame, unnamed. */
export const PHOTO: SubjectRef = { phrase: 'the photo', plural: false };

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

/** Every way a vocabulary noun is written (singular and plural), as words, longest first so "polar bear" wins over "bear". */
const FORMS: ReadonlyArray<{ words: readonly string[]; entry: VocabularyEntry; plural: boolean }> = VOCABULARY.flatMap((entry) => {
  const plural = pluralOf(entry.noun);
  const forms = plural === entry.noun ? [{ form: entry.noun, plural: false }] : [
    { form: entry.noun, plural: false },
    { form: plural, plural: true },
  ];
  return forms.map(({ form, plural: p }) => ({ words: form.split(' '), entry, plural: p }));
}).sort((a, b) => b.words.join(' ').length - a.words.join(' ').length);

/**
 * Words before a noun that belong to its name ("red fox", "great blue heron", "barn owl", "snow
 * leopard", "lesser spotted woodpecker"): colours, sizes and the common qualifiers of species names.
 * Other adjectives ("curious", "misty", "lone") describe the moment, not the animal, and are left out.
 */
const QUALIFIERS = new Set(
  (
    'red,orange,yellow,green,blue,purple,violet,pink,white,black,grey,gray,brown,golden,silver,tawny,ruddy,scarlet,crimson,' +
    'great,greater,lesser,little,giant,pygmy,dwarf,common,spotted,striped,crested,horned,bearded,hooded,collared,ringed,banded,' +
    'barn,snowy,snow,arctic,polar,alpine,mountain,sea,river,marsh,reed,sand,rock,wood,tree,ground,water,bald,mute,whooper,' +
    'european,american,african,asian,atlantic,pacific,northern,southern,eastern,western,wild,fallow,roe,sika,harbour,harbor,' +
    'emperor,king,monarch,peacock,swallowtail,painted,bengal,siberian,amur,sumatran,grizzly,honey,bumble,stag,fire,bush,' +
    'long,short,tufted,bar,black-headed,grey-headed'
  ).split(','),
);
/** Qualifiers that are names of places or peoples, written capitalised ("Atlantic salmon", "Bengal tiger"). */
const PROPER_QUALIFIERS = new Set(['european', 'american', 'african', 'asian', 'atlantic', 'pacific', 'bengal', 'siberian', 'amur', 'sumatran']);
/** A hyphenated qualifier of a species name: "red-tailed", "long-eared", "black-necked", "white-throated". */
const HYPHENATED_QUALIFIER = /^[a-z]+-[a-z]+ed$/;
/** A place named by its own name ("Mount Rainier", "Lake Louise", "Loch Ness"): a landscape subject written as given. */
const PLACE_NAME = /\b(Mount|Mt|Lake|Loch|Glen|Cape)\.?\s+([A-Z][a-z]+\.?(?:\s+[A-Z][a-z]+)?)/;
/** Words of a title that are not part of a place's own name, though capitalised in a title ("Mount Rainier At Dawn"). */
const NOT_A_NAME = new Set(['at', 'in', 'on', 'by', 'from', 'under', 'with', 'and', 'the', 'of', 'after', 'before', 'during', 'near']);

interface Word {
  text: string;
  /** The word is joined to the next by a hyphen in the text ("red-tailed"). */
  hyphenNext: boolean;
}

/** The text as lower-case words: possessives dropped ("fox's den" reads "fox den"), hyphenated names split but remembered. */
function wordsOf(text: string): Word[] {
  const clean = text
    .toLowerCase()
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/'s\b|s'(?=\s|$)/g, (m) => (m === "'s" ? '' : 's'))
    .replace(/'/g, '')
    .replace(/[^a-z\s-]/g, ' ');
  const words: Word[] = [];
  for (const token of clean.split(/\s+/).filter(Boolean)) {
    const parts = token.split('-').filter(Boolean);
    parts.forEach((part, i) => words.push({ text: part, hyphenNext: i < parts.length - 1 }));
  }
  return words;
}

/** The qualifiers right before `at` that belong to the name, as written (at most three words). */
function qualifiersBefore(words: readonly Word[], at: number, used: readonly boolean[]): string[] {
  const taken: string[] = [];
  let i = at - 1;
  while (i >= 0 && taken.length < 3 && !used[i]) {
    const word = words[i] as Word;
    const previous = words[i - 1];
    if (previous?.hyphenNext) {
      if (used[i - 1]) break;
      // A hyphenated qualifier, e.g. "red-tailed" or "black-headed".
      const compound = `${previous.text}-${word.text}`;
      if (!HYPHENATED_QUALIFIER.test(compound) && !QUALIFIERS.has(compound)) break;
      taken.unshift(compound);
      i -= 2;
    } else {
      if (!QUALIFIERS.has(word.text)) break;
      taken.unshift(PROPER_QUALIFIERS.has(word.text) ? word.text.charAt(0).toUpperCase() + word.text.slice(1) : word.text);
      i -= 1;
    }
  }
  return taken;
}

function findIn(text: string, from: SubjectFromWords['from']): Array<SubjectFromWords & { at: number }> {
  const found: Array<SubjectFromWords & { at: number }> = [];
  const place = PLACE_NAME.exec(text);
  if (place) {
    // No full stop inside a sentence ("Mt. St. Helens" is written "Mount St Helens"): the web splits the feedback at them.
    const name = (place[2] as string).replace(/\./g, '').split(' ').filter((w) => !NOT_A_NAME.has(w.toLowerCase()));
    const noun = `${place[1] === 'Mt' ? 'Mount' : place[1]} ${name.join(' ')}`;
    found.push({ noun, head: noun, plural: false, kind: 'landscape', group: null, article: false, from, at: -1 });
  }
  const words = wordsOf(text);
  const taken = new Array<boolean>(words.length).fill(false);
  for (const { words: form, entry, plural } of FORMS) {
    for (let at = 0; at + form.length <= words.length; at++) {
      if (form.some((w, k) => words[at + k]?.text !== w || taken[at + k])) continue;
      for (let k = 0; k < form.length; k++) taken[at + k] = true;
      // "Two giraffes" and "giraffes" are plural; "a deer" and "deer" (no plural form of its own) singular.
      const name = plural ? form.join(' ') : entry.noun;
      const qualifiers = qualifiersBefore(words, at, taken);
      found.push({ noun: [...qualifiers, name].join(' '), head: entry.noun, plural, kind: entry.kind, group: entry.group, article: true, from, at: at + 1 });
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

/** "the red fox", or a place's own name as it is ("Mount Rainier"). */
export function phraseOf(words: SubjectFromWords): string {
  return words.article ? `the ${words.noun}` : words.noun;
}

/** Whether a detector label names the same animal as the words (a kingfisher is a COCO bird; a hedgehog is no bear). */
export function labelAgrees(label: string, words: SubjectFromWords): boolean {
  if (words.kind !== 'animal') return false;
  if (label === 'bird') return words.group === 'bird';
  return (COCO_SYNONYMS[label] ?? []).includes(words.head);
}

/**
 * Names the subject the way a photographer would accept: their own words first; the detector's
 * label only when it agrees with the words, or when there are none and it is confident
 * (`CONFIDENT_LABEL`); otherwise "the subject". Never an animal word that neither the photo nor the
 * words support. `detected` is the box the composition was measured on (null: no animal or person
 * box); `hasSubject` says whether the frame has a subject at all (a box or a salient region).
 */
export function nameSubject(words: SubjectFromWords | null, detected: { label: string; confidence: number } | null, hasSubject: boolean): SubjectName {
  // The whole frame, named with the photographer's words when there are any: "the photo of the red fox".
  const frame: SubjectRef = words ? { phrase: `the photo of ${phraseOf(words)}`, plural: false, of: phraseOf(words) } : PHOTO;
  if (words && (words.kind !== 'landscape' || !hasSubject)) {
    const agree = detected && COCO_ANIMALS.has(detected.label) ? (labelAgrees(detected.label, words) ? ', and the detector agrees' : `; the detector's guess (${detected.label}) is not used`) : '';
    return {
      ref: { phrase: phraseOf(words), plural: words.plural },
      frame,
      noun: words.noun,
      source: 'words',
      evidence: `subject from the ${words.from}: ${words.noun}${agree}`,
    };
  }
  if (detected && (COCO_ANIMALS.has(detected.label) || detected.label === 'person') && detected.confidence >= CONFIDENT_LABEL) {
    return {
      ref: { phrase: `the ${detected.label}`, plural: false },
      frame,
      noun: detected.label,
      source: 'detector',
      evidence: `subject recognised as a ${detected.label} (${Math.round(detected.confidence * 100)} % sure)`,
    };
  }
  return {
    ref: hasSubject ? { phrase: 'the subject', plural: false } : frame,
    frame,
    noun: words?.noun ?? null,
    source: words ? 'words' : null,
    evidence: words ? `scene named in the ${words.from}: ${words.noun}` : detected ? `no confident name for the subject (the detector's best guess, ${detected.label}, is too unsure to use)` : 'no name for the subject in the title or description',
  };
}
