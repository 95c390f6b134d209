import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CitesAppendixI, NATURE_DATA_FOLDER } from './cites';

/** One species of the bundled checklist: [scientificName, commonName, group, family, otherNames]. */
type ChecklistRow = [string, string, string, string, string[]];

export interface ChecklistSpecies {
  scientificName: string;
  commonName: string;
  /** "bird", "mammal", "tree"…: searchable, so "bird" finds every bird. */
  group: string;
  family: string;
  otherNames: string[];
}

/** What a photo says it shows. Free text that matches nothing is kept as typed (commonName). */
export interface PhotoSpecies {
  commonName: string;
  scientificName: string | null;
  /** On CITES Appendix I: the place is never shown to anyone but the owner. */
  sensitive: boolean;
  /** The checklist's group; null for free text. Searchable, never shown. */
  group: string | null;
}

export interface SpeciesSuggestion {
  commonName: string;
  scientificName: string;
  sensitive: boolean;
}

const MAX_TEXT = 120;

/**
 * What `species-additions.json` adds to the built checklist (tools/nature-data/README.md,
 * "Additions by hand"): other names of its species, species it lacks, and words naming an
 * Appendix I group in free text.
 */
interface ChecklistAdditions {
  names: Record<string, string[]>;
  species: ChecklistRow[];
  sensitiveWords: string[];
}

/** The checklist's rows with the additions: a name for a species it does not hold, or a species it holds already, is a mistake in the file. */
export function withAdditions(rows: readonly ChecklistRow[], additions: ChecklistAdditions): ChecklistRow[] {
  const bySpecies = new Map(rows.map((row) => [row[0], row]));
  for (const row of additions.species) {
    if (bySpecies.has(row[0])) throw new Error(`species-additions.json: ${row[0]} is in the checklist already`);
    bySpecies.set(row[0], row);
  }
  for (const [scientificName, names] of Object.entries(additions.names)) {
    const row = bySpecies.get(scientificName);
    if (!row) throw new Error(`species-additions.json: no species ${scientificName} to name`);
    bySpecies.set(scientificName, [row[0], row[1], row[2], row[3], [...row[4], ...names]]);
  }
  // In the built file's order (by scientific name, code point by code point).
  return [...bySpecies.values()].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}

/** The checklist's groups, animals first (tools/nature-data/build-nature-data.py names them). */
const GROUPS = ['mammal', 'bird', 'reptile', 'amphibian', 'fish', 'butterfly', 'moth', 'insect', 'arachnid', 'crustacean', 'mollusc', 'invertebrate', 'tree', 'flower', 'fern', 'moss', 'plant', 'fungus', 'alga'];

function groupRank(group: string): number {
  const rank = GROUPS.indexOf(group);
  return rank === -1 ? GROUPS.length : rank;
}

function key(text: string): string {
  return text.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
}

/** The words of a name or a typed text, lower case; hyphens and punctuation part words. */
function wordsOf(text: string): string[] {
  return key(text.replace(/[\u2018\u2019]/g, "'"))
    .split(/[^\p{L}\p{N}']+/u)
    .filter(Boolean);
}

/** What a word might be in the singular, were it a plural ("gorillas", "butterflies", "foxes"). */
function singularForms(word: string): string[] {
  const forms: string[] = [];
  if (word.endsWith('ies')) forms.push(`${word.slice(0, -3)}y`);
  if (word.endsWith('es')) forms.push(word.slice(0, -2));
  if (word.endsWith('s')) forms.push(word.slice(0, -1));
  return forms;
}

/** A word in the singular and the plural ("gorilla", "gorillas"; "butterfly", "butterflies"). */
function numberForms(word: string): string[] {
  const forms = [word, `${word}s`, `${word}es`, ...singularForms(word)];
  if (word.endsWith('y')) forms.push(`${word.slice(0, -1)}ies`);
  return forms;
}

/** A checklist name as a photo shows it: the checklist's capitalisation, first letter upper case. */
function displayName(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** Which of a species' names a typed name is. */
interface NameMatch {
  species: ChecklistSpecies;
  /** The name as the checklist spells it; for a scientific name, the species' common name. */
  commonName: string;
}

/**
 * The bundled species checklist (tools/nature-data/README.md: AviList for birds, WordNet for the
 * other groups) and CITES Appendix I: autocomplete, and what a typed name resolves to.
 */
export class SpeciesChecklist {
  private readonly species: ChecklistSpecies[];
  private readonly byName = new Map<string, NameMatch>();
  /**
   * Names and genera of CITES Appendix I species (lower-case words joined by a space, the last
   * word in the singular and the plural): free text holding one of them as whole words is
   * sensitive ("mountain gorilla", "Bengal tigers").
   */
  private readonly sensitiveWords = new Set<string>();
  private readonly longestSensitive: number;
  /** Lower-case names per species, for suggestions: [common, scientific, ...others]. */
  private readonly searchable: Array<{ species: ChecklistSpecies; names: string[] }>;

  constructor(
    rows: readonly ChecklistRow[],
    readonly cites: CitesAppendixI,
    /** More words that name an Appendix I group in free text ("pangolin", "sea turtle"). */
    sensitiveGroupWords: readonly string[] = [],
  ) {
    this.species = rows.map(([scientificName, commonName, group, family, otherNames]) => ({ scientificName, commonName, group, family, otherNames }));
    // Scientific names first, then common names, then other names: a name taken by two species
    // resolves to the one whose own name it is. Between two species of the same common name
    // ("red fox": the mammal, and a Celosia), animals come before plants: what photographers mean.
    const byGroup = [...this.species].sort((a, b) => groupRank(a.group) - groupRank(b.group));
    // A common or other name answers as itself ("polar bear" is Ursus maritimus' "Polar bear",
    // not its first name "Ice bear"): the name the photographer uses.
    const picks: Array<(s: ChecklistSpecies) => Array<[name: string, shown: string]>> = [
      (s) => [[s.scientificName, s.commonName]],
      (s) => [[s.commonName, s.commonName]],
      (s) => s.otherNames.map((name) => [name, displayName(name)] as [string, string]),
    ];
    for (const pick of picks) {
      for (const species of byGroup) for (const [name, shown] of pick(species)) if (!this.byName.has(key(name))) this.byName.set(key(name), { species, commonName: shown });
    }
    this.searchable = this.species.map((species) => ({ species, names: [species.commonName, species.scientificName, ...species.otherNames].map(key) }));

    const sensitiveNames = [...cites.listedGenera(), ...sensitiveGroupWords];
    for (const species of this.species) {
      if (this.isSensitive(species)) sensitiveNames.push(species.commonName, ...species.otherNames, species.scientificName.split(' ')[0] ?? '');
    }
    let longest = 0;
    for (const name of sensitiveNames) {
      const words = wordsOf(name);
      const last = words.pop();
      if (last === undefined) continue;
      for (const form of numberForms(last)) this.sensitiveWords.add([...words, form].join(' '));
      longest = Math.max(longest, words.length + 1);
    }
    this.longestSensitive = longest;
  }

  /** The built checklist with the additions kept by hand (`species-additions.json`). */
  static load(folder = NATURE_DATA_FOLDER): SpeciesChecklist {
    const rows = JSON.parse(readFileSync(join(folder, 'species-checklist.json'), 'utf8')) as ChecklistRow[];
    const additions = JSON.parse(readFileSync(join(folder, 'species-additions.json'), 'utf8')) as ChecklistAdditions;
    return new SpeciesChecklist(withAdditions(rows, additions), CitesAppendixI.load(folder), additions.sensitiveWords);
  }

  get size(): number {
    return this.species.length;
  }

  find(name: string): ChecklistSpecies | undefined {
    return this.byName.get(key(name))?.species;
  }

  isSensitive(species: Pick<ChecklistSpecies, 'scientificName' | 'family'>): boolean {
    return this.cites.listingOf(species.scientificName, species.family) !== null;
  }

  /**
   * Whether free text names, as whole words in the singular or plural, a CITES Appendix I
   * species' common name or a listed genus ("mountain gorilla" holds "gorilla"). It hides more,
   * never less: "tiger moth" is sensitive too when the checklist does not know it.
   */
  mentionsSensitive(text: string): boolean {
    const words = wordsOf(text);
    for (let start = 0; start < words.length; start += 1) {
      for (let end = start + 1; end <= Math.min(words.length, start + this.longestSensitive); end += 1) {
        if (this.sensitiveWords.has(words.slice(start, end).join(' '))) return true;
      }
    }
    return false;
  }

  /**
   * A typed name as the photo keeps it: a checklist species by one of its names (or their
   * plural), answered with
   * the name typed (in the checklist's spelling; its common name for a scientific name), else
   * the text as typed, sensitive when it names a listed binomial or holds a listed species'
   * common name or genus (mentionsSensitive).
   */
  resolve(text: string): PhotoSpecies | null {
    const typed = text.normalize('NFKC').trim().replace(/\s+/g, ' ').slice(0, MAX_TEXT);
    if (!typed) return null;
    const known = this.byName.get(key(typed)) ?? this.byPlural(typed);
    if (known) {
      const { species, commonName } = known;
      return { commonName, scientificName: species.scientificName, sensitive: this.isSensitive(species), group: species.group };
    }
    return { commonName: typed, scientificName: null, sensitive: this.cites.listingOf(typed) !== null || this.mentionsSensitive(typed), group: null };
  }

  /** A name typed in the plural ("whooper swans"): the species of its singular, if one. */
  private byPlural(typed: string): NameMatch | undefined {
    const words = key(typed).split(' ');
    const last = words.pop() ?? '';
    for (const form of singularForms(last)) {
      const found = this.byName.get([...words, form].join(' '));
      if (found) return found;
    }
    return undefined;
  }

  /**
   * Up to `limit` species for what has been typed: names starting with it first (common, then
   * scientific, then other names), then names with a word starting with it; shorter names first.
   * Each shows the name that matched ("polar" suggests "Polar bear", not "Ice bear"); the common
   * name when the scientific one did.
   */
  suggest(query: string, limit = 10): SpeciesSuggestion[] {
    const q = key(query);
    if (q.length < 2) return [];
    const scored: Array<{ species: ChecklistSpecies; score: number; commonName: string }> = [];
    for (const { species, names } of this.searchable) {
      let best = Infinity;
      let matched = -1;
      names.forEach((name, index) => {
        const rank = index === 0 ? 0 : index === 1 ? 1 : 2;
        let score = Infinity;
        if (name.startsWith(q)) score = rank * 1000 + name.length;
        else if (name.includes(` ${q}`) || name.includes(`-${q}`)) score = 3000 + rank * 1000 + name.length;
        if (score < best) [best, matched] = [score, index];
      });
      // names = [common, scientific, ...others]: an other name shows itself.
      const other = matched >= 2 ? species.otherNames[matched - 2] : undefined;
      if (best < Infinity) scored.push({ species, score: best, commonName: other ? displayName(other) : species.commonName });
    }
    scored.sort((a, b) => a.score - b.score || a.commonName.localeCompare(b.commonName));
    return scored.slice(0, limit).map(({ species, commonName }) => ({ commonName, scientificName: species.scientificName, sensitive: this.isSensitive(species) }));
  }
}
