import { AppError } from '@wildframe/platform';

export type AuthErrorCode =
  | 'EMAIL_TAKEN'
  | 'INVALID_CREDENTIALS'
  | 'NOT_AUTHENTICATED'
  | 'TOO_MANY_ATTEMPTS'
  | 'ACCOUNT_LOCKED'
  | 'ATTEMPT_NOT_COUNTED'
  | 'TOO_MANY_SIGNUPS'
  | 'INCORRECT_ANSWERS'
  | 'RESET_EXPIRED'
  | 'PAID_PLAN_NEEDS_PAYMENT'
  | 'UNKNOWN_QUESTION'
  | 'INVALID_IMAGE'
  | 'IMAGE_TOO_LARGE'
  | 'IMAGES_BUSY'
  | 'IMAGE_PROCESSING_LIMIT'
  | 'IMAGE_DIMENSIONS_TOO_LARGE'
  | 'NOT_FOUND'
  | 'CURRENT_PASSWORD_REQUIRED'
  | 'CURRENT_PASSWORD_INCORRECT'
  | 'CHECKOUT_IN_PROGRESS'
  | 'SIGNUP_NOT_PAID';

export class AuthError extends AppError<AuthErrorCode> {}

export const authErrors = {
  emailTaken: () => new AuthError('EMAIL_TAKEN', 'An account with this email already exists', 409),
  // A paid signup's account waiting for its payment (the address is not yet an account).
  checkoutInProgress: () =>
    new AuthError('CHECKOUT_IN_PROGRESS', 'A payment for this email address is being processed. Please try again in a few minutes.', 409),
  // Told only to whoever gives the right password: they own the unfinished signup.
  signupNotPaid: () =>
    new AuthError(
      'SIGNUP_NOT_PAID',
      'The payment for this account was never completed, so it is not active yet. Sign up again with this email: choose a paid plan to pay for it, or Explorer to start free.',
      403,
    ),
  invalidCredentials: () => new AuthError('INVALID_CREDENTIALS', 'Invalid email or password', 401),
  notAuthenticated: () => new AuthError('NOT_AUTHENTICATED', 'Not authenticated', 401),
  tooManyAttempts: (minutes: number) =>
    new AuthError('TOO_MANY_ATTEMPTS', `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, 429),
  // Waiting does not help: only a password reset (the security questions) unlocks the account.
  accountLocked: () =>
    new AuthError(
      'ACCOUNT_LOCKED',
      'This account is locked after too many failed sign-ins. Reset your password with your security questions to unlock it.',
      423,
    ),
  // Fail closed: an attempt that could not be counted is not checked either.
  attemptNotCounted: () => new AuthError('ATTEMPT_NOT_COUNTED', 'Sign-in is unavailable right now. Please try again shortly.', 503),
  tooManySignups: () => new AuthError('TOO_MANY_SIGNUPS', 'Too many signups from this address. Please try again later.', 429),
  incorrectAnswers: () => new AuthError('INCORRECT_ANSWERS', 'Incorrect answers. Please try again.', 401),
  resetExpired: () =>
    new AuthError('RESET_EXPIRED', 'Your password reset has expired. Please answer your security questions again.', 401),
  paidPlanNeedsPayment: () => new AuthError('PAID_PLAN_NEEDS_PAYMENT', 'Paid plans are activated after payment', 400),
  unknownQuestion: () => new AuthError('UNKNOWN_QUESTION', 'Please choose each question from the list', 400),
  invalidImage: () => new AuthError('INVALID_IMAGE', 'Please choose an image file (JPG, PNG, WebP or HEIC)', 400),
  imageDimensionsTooLarge: () => new AuthError('IMAGE_DIMENSIONS_TOO_LARGE', 'Image dimensions are too large to process', 400),
  imageTooLarge: (mb: number) => new AuthError('IMAGE_TOO_LARGE', `Profile photos must be ${mb} MB or smaller`, 413),
  imagesBusy: () => new AuthError('IMAGES_BUSY', 'Too many images are being processed right now. Please try again in a minute.', 503),
  imageProcessingLimit: () =>
    new AuthError('IMAGE_PROCESSING_LIMIT', 'This image needs more time or memory to process than the server allows. Please try a smaller image.', 422),
  notFound: () => new AuthError('NOT_FOUND', 'Not found', 404),
  currentPasswordRequired: () => new AuthError('CURRENT_PASSWORD_REQUIRED', 'Please enter your current password', 400),
  // 400, not 401: the session is fine, and a 401 would sign the web app out.
  currentPasswordIncorrect: () => new AuthError('CURRENT_PASSWORD_INCORRECT', 'Current password is incorrect', 400),
};
