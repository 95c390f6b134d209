import { arrivalReferrer } from './page-view-referrer';

describe('arrivalReferrer', () => {
  const origin = 'https://wildframe.app';

  it('is empty when the visitor typed the address', () => {
    expect(arrivalReferrer('', origin)).toBe('');
  });

  it('keeps only the origin of another site (its path can carry search terms)', () => {
    expect(arrivalReferrer('https://www.google.com/search?q=ansel+adams', origin)).toBe('https://www.google.com/');
  });

  it('keeps the path, without query, of our own pages', () => {
    expect(arrivalReferrer('https://wildframe.app/gallery?search=heron', origin)).toBe('/gallery');
  });

  it('ignores addresses that are not web pages', () => {
    expect(arrivalReferrer('android-app://com.example', origin)).toBe('');
    expect(arrivalReferrer('not a url', origin)).toBe('');
  });
});
