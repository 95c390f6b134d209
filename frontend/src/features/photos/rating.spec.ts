import type { PhotoRating } from './types';
import { evidenceFor, feedbackSentences, formatScore, methodNote, parseScore, starValue } from './rating';

describe('scores', () => {
  it('reads numeric strings out of 10, clamped, and rejects anything else', () => {
    expect(parseScore('7.4')).toBe(7.4);
    expect(parseScore('10.0')).toBe(10);
    expect(parseScore('12')).toBe(10);
    expect(parseScore(null)).toBeNull();
    expect(parseScore('')).toBeNull();
    expect(parseScore('n/a')).toBeNull();
  });

  it('shows one decimal', () => {
    expect(formatScore(8.7)).toBe('8.7');
    expect(formatScore(9)).toBe('9.0');
  });

  it('turns a score out of 10 into five stars with half stars', () => {
    expect(starValue(8.7)).toBe(4.5);
    expect(starValue(7.2)).toBe(3.5);
    expect(starValue(10)).toBe(5);
    expect(starValue(0.4)).toBe(0);
    expect(starValue(6)).toBe(3);
  });
});

describe('feedbackSentences', () => {
  it('splits feedback into its sentences', () => {
    expect(feedbackSentences('Sharp eye on the bird. The background is busy! Try a lower angle?  ')).toEqual([
      'Sharp eye on the bird.',
      'The background is busy!',
      'Try a lower angle?',
    ]);
  });

  it('keeps decimals inside a sentence', () => {
    expect(feedbackSentences('Exposure is 0.7 stops under. Lift the shadows.')).toEqual([
      'Exposure is 0.7 stops under.',
      'Lift the shadows.',
    ]);
  });

  it('gives nothing for no feedback', () => {
    expect(feedbackSentences('')).toEqual([]);
    expect(feedbackSentences(null)).toEqual([]);
  });
});

describe('evidence', () => {
  const rating = {
    evidence: {
      clarity: ['edges on the bird are crisp (acutance 2.7)', 42, ''],
      lighting: '3 % highlights clipped',
      engine: ['local:wildframe-measure-1'],
    },
    // Stored JSON from another engine version may not have the documented shape: read defensively.
  } as unknown as Pick<PhotoRating, 'evidence'>;

  it('lists the statements a score rests on, ignoring malformed entries', () => {
    expect(evidenceFor(rating, 'clarity')).toEqual(['edges on the bird are crisp (acutance 2.7)']);
    expect(evidenceFor(rating, 'lighting')).toEqual([]);
    expect(evidenceFor(rating, 'composition')).toEqual([]);
  });

  it('copes with ratings that carry no evidence', () => {
    expect(evidenceFor({}, 'clarity')).toEqual([]);
    expect(evidenceFor({ evidence: null } as unknown as Pick<PhotoRating, 'evidence'>, 'overall')).toEqual([]);
  });
});

describe('methodNote', () => {
  it('says how the photo was rated without naming a model', () => {
    const local = methodNote({ aiModel: 'local:wildframe-measure-1+centernet+nsfwjs' });
    const vision = methodNote({ aiModel: 'openai:gpt-4o-mini' });
    const fallback = methodNote({ aiModel: 'local:wildframe-measure-1+centernet+nsfwjs (openai fallback: timeout)' });
    expect(local).toBe('Every score is measured on the photo itself: the same photo always gets the same rating.');
    expect(vision).toBe('Rated by an AI vision model, given these measurements of the photo.');
    expect(fallback).toBe(local);
    for (const note of [local, vision]) expect(note).not.toMatch(/centernet|nsfw|gpt|wildframe-measure|openai/i);
  });
});
