// Form rules for the account screens, with the spec's messages word for word (section 5).
import type { FormRule } from 'antd';

export const MESSAGES = {
  invalidEmail: 'Please enter a valid email address',
  passwordTooShort: 'Password must be at least 8 characters',
  passwordRequired: 'Password is required',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  confirmPassword: 'Please confirm your password',
  passwordsDontMatch: "Passwords don't match",
} as const;

export const PASSWORD_MIN_LENGTH = 8;
/** First and last name (spec, section 9). */
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 255;

export const emailRules: FormRule[] = [
  { required: true, whitespace: true, message: MESSAGES.invalidEmail },
  { type: 'email', message: MESSAGES.invalidEmail },
];

/** A new password: at least eight characters. */
export const newPasswordRules: FormRule[] = [
  { required: true, message: MESSAGES.passwordTooShort },
  { min: PASSWORD_MIN_LENGTH, message: MESSAGES.passwordTooShort },
];

/** Signing in only needs a password to be there. */
export const currentPasswordRules: FormRule[] = [{ required: true, message: MESSAGES.passwordRequired }];

export const firstNameRules: FormRule[] = [{ required: true, whitespace: true, message: MESSAGES.firstNameRequired }];
export const lastNameRules: FormRule[] = [{ required: true, whitespace: true, message: MESSAGES.lastNameRequired }];

/**
 * The repeated password of the reset form, checked against the field `passwordField`. (Equal to a
 * password of eight or more characters, it is long enough too.)
 */
export function confirmPasswordRules(passwordField: string): FormRule[] {
  return [
    { required: true, message: MESSAGES.confirmPassword },
    ({ getFieldValue }) => ({
      validator: (_rule, value: unknown) =>
        !value || value === getFieldValue(passwordField)
          ? Promise.resolve()
          : Promise.reject(new Error(MESSAGES.passwordsDontMatch)),
    }),
  ];
}
