import { categoryLabel, characterCounter, CONTACT_MESSAGES, messageError } from './contact-rules';

describe('characterCounter', () => {
  it('counts what is typed against the limit, as the spec writes it', () => {
    expect(characterCounter('', 160)).toBe('0/160 characters');
    expect(characterCounter(undefined, 2000)).toBe('0/2000 characters');
    expect(characterCounter('Heron photo', 160)).toBe('11/160 characters');
  });
});

describe('messageError', () => {
  it('wants 10 to 2000 characters once trimmed', () => {
    expect(messageError(undefined)).toBe(CONTACT_MESSAGES.messageTooShort);
    expect(messageError('   short    ')).toBe(CONTACT_MESSAGES.messageTooShort);
    expect(messageError('0123456789')).toBeNull();
    expect(messageError('m'.repeat(2000))).toBeNull();
    expect(messageError('m'.repeat(2001))).toBe(CONTACT_MESSAGES.messageTooLong);
  });
});

describe('categoryLabel', () => {
  it('names the four categories and passes anything else through', () => {
    expect(['feedback', 'support', 'bug-report', 'feature-request'].map(categoryLabel)).toEqual(['Feedback', 'Support', 'Bug Report', 'Feature Request']);
    expect(categoryLabel('other')).toBe('other');
  });
});
