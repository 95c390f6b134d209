import { checkSecurityQuestions } from './security-questions-check';

const complete = {
  question1: 'What was the name of your first pet?',
  question2: 'In what city were you born?',
  question3: 'What was your favorite food as a child?',
  answer1: 'Biscuit',
  answer2: 'Bergen',
  answer3: 'Pancakes',
};

describe('checkSecurityQuestions', () => {
  it('accepts three different questions with answers, trimmed', () => {
    expect(checkSecurityQuestions({ ...complete, answer1: '  Biscuit ' })).toEqual({ ok: true, setup: complete });
  });

  it('reports an incomplete form when any of the six fields is empty or blank', () => {
    expect(checkSecurityQuestions({ ...complete, question2: undefined })).toEqual({ ok: false, problem: 'incomplete' });
    expect(checkSecurityQuestions({ ...complete, answer3: '   ' })).toEqual({ ok: false, problem: 'incomplete' });
    expect(checkSecurityQuestions({})).toEqual({ ok: false, problem: 'incomplete' });
  });

  it('reports duplicate questions once the form is complete', () => {
    expect(checkSecurityQuestions({ ...complete, question3: complete.question1 })).toEqual({
      ok: false,
      problem: 'duplicate',
    });
  });

  it('checks completeness before duplicates', () => {
    expect(checkSecurityQuestions({ ...complete, question3: complete.question1, answer2: '' })).toEqual({
      ok: false,
      problem: 'incomplete',
    });
  });
});
