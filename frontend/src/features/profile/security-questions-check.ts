// The client checks before security questions are saved (spec, section 5): all six fields filled,
// then three different questions. Each failure names the toast the spec shows.
import type { SecurityQuestionsSetup } from './api';

export type SecurityQuestionsDraft = Partial<Record<keyof SecurityQuestionsSetup, string | null | undefined>>;

/** The six fields the spec's checks cover; the current password is a field rule of its own. */
type QuestionFields = Omit<SecurityQuestionsSetup, 'currentPassword'>;

export type SecurityQuestionsCheck =
  | { ok: true; setup: QuestionFields }
  | { ok: false; problem: 'incomplete' | 'duplicate' };

const FIELDS: ReadonlyArray<keyof QuestionFields> = [
  'question1',
  'question2',
  'question3',
  'answer1',
  'answer2',
  'answer3',
];

export function checkSecurityQuestions(draft: SecurityQuestionsDraft): SecurityQuestionsCheck {
  const trimmed = Object.fromEntries(FIELDS.map((field) => [field, (draft[field] ?? '').trim()])) as Record<keyof QuestionFields, string>;
  if (FIELDS.some((field) => trimmed[field] === '')) return { ok: false, problem: 'incomplete' };
  const questions = new Set([trimmed.question1, trimmed.question2, trimmed.question3]);
  if (questions.size !== 3) return { ok: false, problem: 'duplicate' };
  return { ok: true, setup: trimmed };
}
