import { AppError } from '@wildframe/platform';

export type ContactErrorCode = 'TOO_MANY_MESSAGES' | 'MESSAGE_NOT_FOUND' | 'ALREADY_ARCHIVED';

export class ContactError extends AppError<ContactErrorCode> {}

export const contactErrors = {
  tooManyMessages: () => new ContactError('TOO_MANY_MESSAGES', 'Too many messages. Please try again later.', 429),
  notFound: () => new ContactError('MESSAGE_NOT_FOUND', 'Message not found', 404),
  alreadyArchived: () => new ContactError('ALREADY_ARCHIVED', 'This message is already archived', 409),
};
