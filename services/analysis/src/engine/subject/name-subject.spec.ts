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
});
