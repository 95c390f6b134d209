import { ALL_COOKIES, ONLY_NECESSARY, parsePreferences, sameConsent } from './cookie-consent';

describe('parsePreferences', () => {
  it('reads the four categories, necessary always on', () => {
    expect(parsePreferences('{"necessary":false,"analytics":true,"functional":false,"marketing":true}')).toEqual({
      necessary: true,
      analytics: true,
      functional: false,
      marketing: true,
    });
  });

  it('treats missing, malformed or non-boolean values as "no"', () => {
    expect(parsePreferences(null)).toEqual(ONLY_NECESSARY);
    expect(parsePreferences('not json')).toEqual(ONLY_NECESSARY);
    expect(parsePreferences('null')).toEqual(ONLY_NECESSARY);
    expect(parsePreferences('{"analytics":"yes","functional":1}')).toEqual(ONLY_NECESSARY);
  });
});

describe('sameConsent', () => {
  it('compares whether a choice was made and every optional category', () => {
    const given = { given: true, preferences: ALL_COOKIES };
    expect(sameConsent(given, { given: true, preferences: { ...ALL_COOKIES } })).toBe(true);
    expect(sameConsent(given, { given: false, preferences: ALL_COOKIES })).toBe(false);
    expect(sameConsent(given, { given: true, preferences: { ...ALL_COOKIES, marketing: false } })).toBe(false);
  });
});
