import sharp from 'sharp';
import { cameraLine, normaliseCamera } from './camera-names';
import { CitesAppendixI } from './cites';
import { gpsFromExif } from './exif-place';
import { CELL_DEGREES, cellCorner, cellOf, drawPublicPoint, parseCell } from './geoprivacy';
import { normaliseLabels, notFeaturableBecause, NOT_WILD } from './labels';
import { placeNotice, visiblePlace } from './nature';
import type { NatureFields } from './nature';
import { SpeciesChecklist, withAdditions } from './species-checklist';

const checklist = SpeciesChecklist.load();

describe('camera data as photographers write it', () => {
  it.each([
    ['NIKON CORPORATION', 'NIKON D2X', 'Nikon D2X'],
    ['OLYMPUS IMAGING CORP.', 'E-M1', 'Olympus E-M1'],
    ['OM Digital Solutions', 'OM-1', 'OM System OM-1'],
    ['Canon', 'Canon EOS R5', 'Canon EOS R5'],
    ['SONY', 'ILCE-7RM5', 'Sony ILCE-7RM5'],
    ['FUJIFILM', 'X-T5', 'Fujifilm X-T5'],
    ['Acme Optical Co., Ltd.', 'Acme 7', 'Acme 7'],
  ])('%s + %s → %s', (make, model, body) => {
    expect(normaliseCamera({ make, model })?.body).toBe(body);
  });

  it('keeps the lens and settings, drops placeholder lenses, and is idempotent', () => {
    const once = normaliseCamera({ make: 'NIKON CORPORATION', model: 'NIKON D500', lens: '200.0-500.0 mm f/5.6', focalLength: '500 mm', aperture: 'f/5.6', shutterSpeed: '1/2000 s', iso: 800 });
    expect(once).toEqual({ make: 'Nikon', model: 'D500', body: 'Nikon D500', lens: '200.0-500.0 mm f/5.6', focalLength: '500 mm', aperture: 'f/5.6', shutterSpeed: '1/2000 s', iso: 800 });
    expect(normaliseCamera(once)).toEqual(once);
    expect(normaliseCamera({ make: 'Canon', model: 'Canon EOS R5', lens: '----' })?.lens).toBeUndefined();
    expect(normaliseCamera({ lens: '0.0 mm f/0.0' })).toBeNull();
    expect(cameraLine(once)).toBe('Nikon D500 · 200.0-500.0 mm f/5.6 · 500 mm · f/5.6 · 1/2000 s · ISO 800');
  });
});

describe('geoprivacy: 0.2° cells', () => {
  it('rounds down to the cell, also below zero', () => {
    expect(cellCorner(cellOf({ lat: 51.4789, lon: -0.0015 }))).toEqual({ lat: 51.4, lon: -0.2 });
    expect(cellCorner(cellOf({ lat: -33.8568, lon: 151.2153 }))).toEqual({ lat: -34, lon: 151.2 });
    expect(cellCorner(cellOf({ lat: 90, lon: 180 }))).toEqual({ lat: 89.8, lon: 179.8 });
  });

  it('draws a point strictly inside the same cell, never the exact one', () => {
    const exact = { lat: 46.5197, lon: 6.6323 };
    const corner = cellCorner(cellOf(exact));
    for (let i = 0; i < 200; i++) {
      const drawn = drawPublicPoint(exact);
      expect(drawn.lat).toBeGreaterThan(corner.lat);
      expect(drawn.lat).toBeLessThan(corner.lat + CELL_DEGREES);
      expect(drawn.lon).toBeGreaterThan(corner.lon);
      expect(drawn.lon).toBeLessThan(corner.lon + CELL_DEGREES);
      expect(cellOf(drawn)).toEqual(cellOf(exact));
    }
    // The lowest and highest draws stay inside too.
    expect(cellOf(drawPublicPoint(exact, () => 0))).toEqual(cellOf(exact));
    expect(cellOf(drawPublicPoint(exact, (max) => max - 1))).toEqual(cellOf(exact));
  });

  it('reads a cell by its south-west corner and refuses anything else', () => {
    expect(parseCell('51.4,-0.2')).toEqual(cellOf({ lat: 51.41, lon: -0.1 }));
    expect(parseCell('51.5,-0.2')).toBeUndefined();
    expect(parseCell('90,0')).toBeUndefined();
    expect(parseCell('north')).toBeUndefined();
  });
});

describe('places as others see them', () => {
  const exact = { lat: 46.5197, lon: 6.6323, privacy: 'open', source: 'exif' } as const;
  const base: NatureFields = { species: null, labels: [], place: exact, publicPlace: { lat: 46.5811, lon: 6.7012 } };

  it('an open place shows its kept point in its 0.2° cell', () => {
    expect(visiblePlace(base)).toEqual({ lat: 46.5811, lon: 6.7012, cellDegrees: 0.2 });
  });

  it('a private place, or a CITES Appendix I species, shows none', () => {
    expect(visiblePlace({ ...base, place: { ...exact, privacy: 'private' } })).toBeNull();
    expect(visiblePlace({ ...base, species: { commonName: 'Snow leopard', scientificName: 'Panthera uncia', sensitive: true, group: 'mammal' } })).toBeNull();
    expect(placeNotice({ ...base, species: { commonName: 'Snow leopard', scientificName: 'Panthera uncia', sensitive: true, group: 'mammal' } })).toMatch(/CITES Appendix I/);
  });
});

describe('labels', () => {
  it('keeps the list order, once each', () => {
    expect(normaliseLabels(['ai-edited', 'captive', 'captive'])).toEqual(['captive', 'ai-edited']);
  });

  it('leaves captive, baited and AI-generated photos out of the wild gallery, and off the home page', () => {
    expect([...NOT_WILD]).toEqual(['captive', 'baited', 'ai-generated']);
    expect(notFeaturableBecause(['composite'])).toBeNull();
    expect(notFeaturableBecause(['composite', 'captive'])).toBe('Only wild, unbaited, camera-made photos can be featured. This photo is labelled captive.');
  });
});

describe('the bundled species checklist and CITES Appendix I', () => {
  it('resolves common and scientific names, and keeps free text as typed', () => {
    expect(checklist.size).toBeGreaterThan(10_000);
    expect(checklist.resolve('Red fox')).toEqual({ commonName: 'Red fox', scientificName: 'Vulpes vulpes', sensitive: false, group: 'mammal' });
    expect(checklist.resolve('  vulpes   VULPES ')).toMatchObject({ scientificName: 'Vulpes vulpes' });
    expect(checklist.resolve('house sparrow')).toMatchObject({ scientificName: 'Passer domesticus', group: 'bird' });
    expect(checklist.resolve('My garden visitor')).toEqual({ commonName: 'My garden visitor', scientificName: null, sensitive: false, group: null });
    expect(checklist.resolve('   ')).toBeNull();
  });

  it('marks CITES Appendix I species sensitive: by species, genus or family', () => {
    expect(checklist.resolve('Snow leopard')).toMatchObject({ scientificName: 'Panthera uncia', sensitive: true });
    expect(checklist.resolve('Giant panda')).toMatchObject({ sensitive: true });
    expect(checklist.resolve('Red fox')?.sensitive).toBe(false);
    const cites = CitesAppendixI.load();
    expect(cites.source).toMatch(/CoP19/);
    expect(cites.listingOf('Panthera uncia')).toBe('Panthera uncia');
    expect(cites.listingOf('Vulpes vulpes')).toBeNull();
    // A listing of some populations only hides the whole species (more, never less).
    expect(cites.listingOf('Panthera leo')).toBe('Panthera leo');
    // Typed free text that names a listed binomial is sensitive too.
    expect(checklist.resolve('Panthera tigris altaica')?.sensitive).toBe(true);
  });

  it('knows the names photographers use for Appendix I species, the species WordNet lacks, and the words naming a listed group (species-additions.json)', () => {
    // Names WordNet spells otherwise: the species, sensitive, shown as typed.
    expect(checklist.resolve('Asian elephant')).toEqual({ commonName: 'Asian elephant', scientificName: 'Elephas maximus', sensitive: true, group: 'mammal' });
    expect(checklist.resolve('green sea turtle')).toMatchObject({ scientificName: 'Chelonia mydas', sensitive: true });
    expect(checklist.resolve('black rhinos')).toMatchObject({ scientificName: 'Diceros bicornis', sensitive: true });
    expect(checklist.resolve('grizzly bear')).toMatchObject({ scientificName: 'Ursus arctos', sensitive: true });
    // Species WordNet lacks, by common and scientific name, in suggestions too.
    expect(checklist.resolve('Sunda pangolin')).toEqual({ commonName: 'Sunda pangolin', scientificName: 'Manis javanica', sensitive: true, group: 'mammal' });
    expect(checklist.resolve('Manis javanica')).toMatchObject({ commonName: 'Sunda pangolin', sensitive: true });
    expect(checklist.resolve('mountain gorilla')).toEqual({ commonName: 'Mountain gorilla', scientificName: 'Gorilla beringei', sensitive: true, group: 'mammal' });
    expect(checklist.resolve('Sumatran orangutan')).toMatchObject({ scientificName: 'Pongo abelii', sensitive: true });
    expect(checklist.suggest('pangol').map((s) => s.scientificName)).toContain('Manis javanica');
    // Free text naming a listed group with a word no species name holds alone.
    expect(checklist.resolve('pangolin')).toEqual({ commonName: 'pangolin', scientificName: null, sensitive: true, group: null });
    expect(checklist.resolve('a rhino and her calf')?.sensitive).toBe(true);
    expect(checklist.resolve('Sea turtles hatching')?.sensitive).toBe(true);
    // The rest of the checklist answers as before.
    expect(checklist.resolve('Red fox')).toEqual({ commonName: 'Red fox', scientificName: 'Vulpes vulpes', sensitive: false, group: 'mammal' });
    expect(checklist.resolve('Polar bear')).toMatchObject({ scientificName: 'Ursus maritimus', sensitive: false });
  });

  it('refuses additions that name a species the checklist lacks or add one it holds', () => {
    const rows: Parameters<typeof withAdditions>[0] = [['Vulpes vulpes', 'Red fox', 'mammal', 'Canidae', []]];
    expect(() => withAdditions(rows, { names: { 'Vulpes lagopus': ['arctic fox'] }, species: [], sensitiveWords: [] })).toThrow(/no species Vulpes lagopus/);
    expect(() => withAdditions(rows, { names: {}, species: [['Vulpes vulpes', 'Fox', 'mammal', 'Canidae', []]], sensitiveWords: [] })).toThrow(/in the checklist already/);
    expect(withAdditions(rows, { names: { 'Vulpes vulpes': ['fox'] }, species: [['Alopex x', 'X', 'mammal', 'Canidae', []]], sensitiveWords: [] })).toEqual([
      ['Alopex x', 'X', 'mammal', 'Canidae', []],
      ['Vulpes vulpes', 'Red fox', 'mammal', 'Canidae', ['fox']],
    ]);
  });

  it('keeps free text that holds a CITES Appendix I species\' common name or genus sensitive (whole words, any number, any case)', () => {
    // "Cross River gorilla" is not in the checklist (a subspecies), but holds "gorilla".
    expect(checklist.resolve('Cross River gorilla')).toEqual({ commonName: 'Cross River gorilla', scientificName: null, sensitive: true, group: null });
    expect(checklist.resolve('Bengal tiger')).toMatchObject({ scientificName: null, sensitive: true });
    expect(checklist.resolve('two BENGAL TIGERS at the waterhole')?.sensitive).toBe(true);
    expect(checklist.resolve('Cross-River-gorillas')?.sensitive).toBe(true);
    // A common name of several words, and a listed genus typed in a binomial the checklist lacks.
    expect(checklist.resolve('young snow leopard cub')?.sensitive).toBe(true);
    expect(checklist.resolve('Gorilla beringei graueri')?.sensitive).toBe(true);
    expect(checklist.resolve('Paphiopedilum hybrid')?.sensitive).toBe(true);
    // Whole words only, and a name the checklist knows keeps its own answer.
    expect(checklist.resolve('Tigerish stripes')?.sensitive).toBe(false);
    expect(checklist.resolve('Panorama with lizards')?.sensitive).toBe(false);
    expect(checklist.resolve('My garden visitor')?.sensitive).toBe(false);
    expect(checklist.resolve('Tiger lily')).toMatchObject({ sensitive: false });
    expect(checklist.mentionsSensitive('an ocelot')).toBe(true);
  });

  it('answers the name the photographer typed, in the checklist\'s spelling', () => {
    expect(checklist.resolve('polar bear')).toEqual({ commonName: 'Polar bear', scientificName: 'Ursus maritimus', sensitive: false, group: 'mammal' });
    expect(checklist.resolve('HUMPBACK   whale')).toMatchObject({ commonName: 'Humpback whale', scientificName: 'Megaptera novaeangliae' });
    expect(checklist.resolve('Ice bear')).toMatchObject({ commonName: 'Ice bear', scientificName: 'Ursus maritimus' });
    // A scientific name answers the species' common name; a plural its singular.
    expect(checklist.resolve('Ursus maritimus')).toMatchObject({ commonName: 'Ice bear' });
    expect(checklist.resolve('polar bears')).toMatchObject({ commonName: 'Polar bear', scientificName: 'Ursus maritimus' });
    expect(checklist.resolve('Snow leopards')).toMatchObject({ commonName: 'Snow leopard', sensitive: true });
    // Suggestions show the name that matched.
    expect(checklist.suggest('polar be')[0]).toEqual({ commonName: 'Polar bear', scientificName: 'Ursus maritimus', sensitive: false });
    expect(checklist.suggest('humpback wh')[0]).toMatchObject({ commonName: 'Humpback whale', scientificName: 'Megaptera novaeangliae' });
    expect(checklist.suggest('ice be')[0]).toMatchObject({ commonName: 'Ice bear' });
    expect(checklist.suggest('ursus mar')[0]).toMatchObject({ commonName: 'Ice bear', scientificName: 'Ursus maritimus' });
  });

  it('suggests names starting with what was typed first', () => {
    const names = checklist.suggest('red fo').map((s) => s.commonName);
    expect(names[0]).toBe('Red fox');
    expect(checklist.suggest('vulpes vu')[0]).toMatchObject({ scientificName: 'Vulpes vulpes' });
    expect(checklist.suggest('snow leop')[0]).toMatchObject({ commonName: 'Snow leopard', sensitive: true });
    expect(checklist.suggest('r')).toEqual([]);
    expect(checklist.suggest('sparrow', 3)).toHaveLength(3);
  });
});

describe('the EXIF GPS position', () => {
  async function exifOf(ifd3: Record<string, string>): Promise<Buffer | undefined> {
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#335533' } }).withExif({ IFD0: { Make: 'Nikon' }, IFD3: ifd3 }).jpeg().toBuffer();
    return (await sharp(jpeg).metadata()).exif;
  }

  it('reads degrees, minutes and seconds with their hemisphere', async () => {
    const exif = await exifOf({ GPSLatitudeRef: 'S', GPSLatitude: '33/1 51/1 2448/100', GPSLongitudeRef: 'W', GPSLongitude: '70/1 30/1 0/1' });
    expect(gpsFromExif(exif)).toEqual({ lat: -33.8568, lon: -70.5 });
  });

  it('none for 0,0 (no fix), no GPS block, or no EXIF', async () => {
    expect(gpsFromExif(await exifOf({ GPSLatitudeRef: 'N', GPSLatitude: '0/1 0/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '0/1 0/1 0/1' }))).toBeNull();
    const noGps = (await sharp(await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } }).withExif({ IFD0: { Make: 'Nikon' } }).jpeg().toBuffer()).metadata()).exif;
    expect(gpsFromExif(noGps)).toBeNull();
    expect(gpsFromExif(undefined)).toBeNull();
  });
});
