// The contact form's categories, limits and messages, as the spec and the contact service have
// them (spec sections 3, 5 and 9).

export const CONTACT_CATEGORIES = ['feedback', 'support', 'bug-report', 'feature-request'] as const;
export type ContactCategory = (typeof CONTACT_CATEGORIES)[number];

export const CATEGORY_LABELS: Readonly<Record<ContactCategory, string>> = {
  feedback: 'Feedback',
  support: 'Support',
  'bug-report': 'Bug Report',
  'feature-request': 'Feature Request',
};

/** A category label for any stored value (older rows may hold something else). */
export function categoryLabel(category: string): string {
  return (CATEGORY_LABELS as Record<string, string | undefined>)[category] ?? category;
}

export const NAME_MAX = 100;
export const SUBJECT_MAX = 160;
export const MESSAGE_MIN = 10;
export const MESSAGE_MAX = 2000;
/** Seconds the Thank You screen waits before going home (spec: contact redirect). */
export const REDIRECT_SECONDS = 5;

export const CONTACT_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: 'Name must be 100 characters or less',
  invalidEmail: 'Please enter a valid email address',
  subjectRequired: 'Subject is required',
  subjectTooLong: 'Subject must be 160 characters or less',
  messageTooShort: 'Message must be at least 10 characters',
  messageTooLong: 'Message must be 2000 characters or less',
  categoryRequired: 'Please choose a category',
} as const;

/** The live counter under a field: "23/160 characters". */
export function characterCounter(value: string | undefined, max: number): string {
  return `${(value ?? '').length}/${max} characters`;
}

/** The message field's problem, if any, measured as the server measures it (trimmed). */
export function messageError(value: string | undefined): string | null {
  const length = (value ?? '').trim().length;
  if (length < MESSAGE_MIN) return CONTACT_MESSAGES.messageTooShort;
  if (length > MESSAGE_MAX) return CONTACT_MESSAGES.messageTooLong;
  return null;
}
