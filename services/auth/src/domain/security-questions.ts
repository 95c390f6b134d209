/** The ten predefined security questions (spec section 9), in the order the web lists them. */
export const SECURITY_QUESTIONS = [
  'What was the name of your first pet?',
  'In what city were you born?',
  "What is your mother's maiden name?",
  'What was the name of your elementary school?',
  'What was your childhood nickname?',
  'What is your favorite movie?',
  'What street did you grow up on?',
  'What was the make of your first car?',
  'What is your favorite food?',
  'What was the name of your high school best friend?',
] as const;

export function isSecurityQuestion(value: string): boolean {
  return (SECURITY_QUESTIONS as readonly string[]).includes(value);
}

/** Answers match regardless of surrounding spaces, letter case and inner runs of spaces. */
export function normalizeAnswer(answer: string): string {
  return answer.trim().replace(/\s+/g, ' ').toLocaleLowerCase('en-US');
}
