import { CONFIDENT_LABEL, labelAgrees, nameSubject, subjectFromWords } from './name-subject';
import { pluralOf } from './vocabulary';

describe('the subject from the photographer\'s words', () => {
  it('reads animals before plants before landscape nouns, the title before the description, with plurals', () => {
    expect(subjectFromWords('Hedgehog in the grass', '')).toMatchObject({ noun: 'hedgehog', plural: false, kind: 'animal', group: 'mammal', from: 'title' });
    expect(subjectFromWords('Dandelion seeds at sunset', '')).toMatchObject({ noun: 'dandelion', kind: 'plant' });
    expect(subjectFromWords('Two giraffes', '')).toMatchObject({ noun: 'giraffes', plural: true });
    expect(subjectFromWords('Morning on the lake', 'A polar bear swims past')).toMatchObject({ noun: 'polar bear', from: 'description' });
    expect(subjectFromWords('Saltwater crocodile', '')).toMatchObject({ noun: 'crocodile', group: 'reptile' });
    expect(subjectFromWords('Misty lake at dawn', '')).toMatchObject({ noun: 'lake', kind: 'landscape' });
    expect(subjectFromWords('IMG_2041', '')).toBeNull();
    expect(pluralOf('mouse')).toBe('mice');
    expect(pluralOf('butterfly')).toBe('butterflies');
    expect(pluralOf('red fox')).toBe('red foxes');
  });

  it('uses the words first, the detector only when it agrees or, without words, when it is sure; never an animal nobody said', () => {
    const hedgehog = subjectFromWords('Hedgehog in the grass', '');
    // The detector reads a hedgehog as a bear: the words win and the bear is never written.
    const named = nameSubject(hedgehog, { label: 'bear', confidence: 0.7 }, true);
    expect(named.ref).toEqual({ phrase: 'the hedgehog', plural: false });
    expect(named.noun).toBe('hedgehog');
    // A kingfisher is a bird to the detector: agreement.
    expect(labelAgrees('bird', subjectFromWords('Kingfisher', '') as NonNullable<ReturnType<typeof subjectFromWords>>)).toBe(true);
    expect(labelAgrees('bear', hedgehog as NonNullable<typeof hedgehog>)).toBe(false);
    // No words: the detector's label only when it is sure.
    expect(nameSubject(null, { label: 'bird', confidence: CONFIDENT_LABEL + 0.1 }, true).ref.phrase).toBe('the bird');
    expect(nameSubject(null, { label: 'bird', confidence: 0.3 }, true)).toMatchObject({ ref: { phrase: 'the subject' }, noun: null });
    expect(nameSubject(null, null, false).ref.phrase).toBe('the photo');
    // Plural words make plural sentences.
    expect(nameSubject(subjectFromWords('Meerkats on guard', ''), null, true).ref).toEqual({ phrase: 'the meerkats', plural: true });
  });

  it('keeps the photographer\'s whole name: qualifiers, hyphens, possessives, plurals and places', () => {
    expect(subjectFromWords('Red fox in the snow', '')).toMatchObject({ noun: 'red fox', head: 'fox', kind: 'animal', article: true });
    expect(subjectFromWords('Great blue heron fishing', '')).toMatchObject({ noun: 'great blue heron', group: 'bird' });
    expect(subjectFromWords('Barn owl at dusk', '')).toMatchObject({ noun: 'barn owl' });
    expect(subjectFromWords('Snow-leopard on the ridge', '')).toMatchObject({ noun: 'snow leopard', kind: 'animal' });
    expect(subjectFromWords('Red-tailed hawk', '')).toMatchObject({ noun: 'red-tailed hawk', group: 'bird' });
    expect(subjectFromWords("The fox's den", '')).toMatchObject({ noun: 'fox' });
    expect(subjectFromWords('Two red foxes', '')).toMatchObject({ noun: 'red foxes', head: 'fox', plural: true });
    expect(subjectFromWords('Curious squirrel', '')).toMatchObject({ noun: 'squirrel' });
    expect(subjectFromWords('Foxgloves by the river', '')).toMatchObject({ noun: 'foxgloves', kind: 'plant', plural: true });
    expect(subjectFromWords('Lone pine at dusk', '')).toMatchObject({ noun: 'pine', kind: 'plant' });
    expect(subjectFromWords('Mount Rainier at dawn', '')).toMatchObject({ noun: 'Mount Rainier', kind: 'landscape', article: false });
    expect(subjectFromWords('Morning light', 'Looking across Lake Louise')).toMatchObject({ noun: 'Lake Louise', from: 'description' });
    expect(subjectFromWords('Mt. St. Helens at dawn', '')).toMatchObject({ noun: 'Mount St Helens', article: false });
    // The detector agrees by the name's head noun: a great blue heron is a bird, brown bears are bears.
    expect(labelAgrees('bird', subjectFromWords('Great blue heron', '') as NonNullable<ReturnType<typeof subjectFromWords>>)).toBe(true);
    expect(labelAgrees('bear', subjectFromWords('Brown bears fishing', '') as NonNullable<ReturnType<typeof subjectFromWords>>)).toBe(true);
  });

  it('speaks of the whole frame in the photographer\'s words when no subject was found to read it on', () => {
    const fox = nameSubject(subjectFromWords('Red fox', ''), null, false);
    expect(fox.ref.phrase).toBe('the red fox');
    expect(fox.frame).toEqual({ phrase: 'the photo of the red fox', plural: false, of: 'the red fox' });
    // A landscape word does not name a subject box it may not be (a tree on the shore), but it names the frame.
    const lake = nameSubject(subjectFromWords('Misty lake at dawn', ''), null, true);
    expect(lake.ref.phrase).toBe('the subject');
    expect(lake.frame.phrase).toBe('the photo of the lake');
    expect(nameSubject(subjectFromWords('Mount Rainier', ''), null, false).frame.phrase).toBe('the photo of Mount Rainier');
    // No words: the frame stays "the photo", whatever the detector guesses.
    expect(nameSubject(null, { label: 'bird', confidence: 0.9 }, true).frame.phrase).toBe('the photo');
  });
});
