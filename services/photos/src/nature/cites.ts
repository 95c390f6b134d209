import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Where the bundled data lives, beside the service's migrations (copied into dist by the build). */
export const NATURE_DATA_FOLDER = join(__dirname, '..', '..', 'data');

interface CitesFile {
  source: string;
  species: string[];
  subspecies: string[];
  genera: string[];
  /** A family listed whole, with its genera (so a species is matched by its genus alone). */
  families: Record<string, string[]>;
}

/**
 * CITES Appendix I (tools/nature-data/README.md says where it comes from): species and higher
 * taxa threatened with extinction, whose places are never shown to anyone but the owner. A
 * species matches by its own listing, its genus's, or its family's.
 */
export class CitesAppendixI {
  readonly source: string;
  private readonly species: Set<string>;
  private readonly subspecies: Set<string>;
  private readonly genera: Set<string>;
  private readonly families: Set<string>;
  private readonly generaOfFamilies: Map<string, string>;

  constructor(file: CitesFile) {
    this.source = file.source;
    this.species = new Set(file.species.map((name) => name.toLowerCase()));
    this.subspecies = new Set(file.subspecies.map((name) => name.toLowerCase()));
    this.genera = new Set(file.genera.map((name) => name.toLowerCase()));
    this.families = new Set(Object.keys(file.families).map((name) => name.toLowerCase()));
    this.generaOfFamilies = new Map(Object.entries(file.families).flatMap(([family, genera]) => genera.map((genus) => [genus.toLowerCase(), family] as const)));
  }

  static load(folder = NATURE_DATA_FOLDER): CitesAppendixI {
    return new CitesAppendixI(JSON.parse(readFileSync(join(folder, 'cites-appendix-i.json'), 'utf8')) as CitesFile);
  }

  /**
   * The genera of every listed species, genus and family, lower case: words that make typed free
   * text sensitive. A listed subspecies' genus is not among them (its species is not listed).
   */
  listedGenera(): Set<string> {
    return new Set([...[...this.species].map((name) => name.split(' ')[0] ?? ''), ...this.genera, ...this.generaOfFamilies.keys()].filter(Boolean));
  }

  /**
   * The listing that covers a scientific name ("Panthera uncia", "Chelonia mydas" by Cheloniidae
   * spp.), or null. `family` is the checklist's family of the species, when known.
   */
  listingOf(scientificName: string, family?: string | null): string | null {
    const words = scientificName.trim().toLowerCase().split(/\s+/);
    if (words.length < 2 || !/^[a-z-]+$/.test(words[0] ?? '')) return null;
    const [genus = '', epithet = '', infra] = words;
    if (infra && this.subspecies.has(`${genus} ${epithet} ${infra}`)) return `${capitalise(genus)} ${epithet} ${infra}`;
    if (this.species.has(`${genus} ${epithet}`)) return `${capitalise(genus)} ${epithet}`;
    if (this.genera.has(genus)) return `${capitalise(genus)} spp.`;
    const familyByGenus = this.generaOfFamilies.get(genus);
    if (familyByGenus) return `${familyByGenus} spp.`;
    if (family && this.families.has(family.toLowerCase())) return `${family} spp.`;
    return null;
  }
}

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
