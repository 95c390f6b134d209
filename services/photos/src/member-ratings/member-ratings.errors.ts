import { AppError } from '@wildframe/platform';

export type MemberRatingsErrorCode = 'OWN_PHOTO' | 'NOT_PUBLIC' | 'RATING_NOT_FOUND' | 'NOT_ALLOWED';

export class MemberRatingsError extends AppError<MemberRatingsErrorCode> {}

export const memberRatingsErrors = {
  ownPhoto: () => new MemberRatingsError('OWN_PHOTO', 'You cannot rate your own photo', 403),
  notPublic: () => new MemberRatingsError('NOT_PUBLIC', 'Only public photos can be rated', 403),
  notFound: () => new MemberRatingsError('RATING_NOT_FOUND', 'Rating not found', 404),
  notAllowed: () => new MemberRatingsError('NOT_ALLOWED', 'Only the photo’s owner, the critique’s author or an admin can remove a critique', 403),
};
