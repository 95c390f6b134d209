import { AppError } from '@wildframe/platform';

export class PhotographersError extends AppError<'PHOTOGRAPHER_NOT_FOUND'> {}

export const photographersErrors = {
  // Also for members whose profile is private: their page does not exist for anyone.
  notFound: () => new PhotographersError('PHOTOGRAPHER_NOT_FOUND', 'Photographer Not Found', 404),
};
