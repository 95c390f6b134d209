import { uuidParams } from '@wildframe/platform';
import type { ServiceApiDocument } from '@wildframe/platform';
import { photographerPageQuery, photographerPageSchema } from './photographers.dto';

/** The photographer pages operation of the photos API. */
export function addPhotographersApi(document: ServiceApiDocument): ServiceApiDocument {
  return document.add({
    method: 'get',
    path: '/api/photographers/{id}',
    operationId: 'getPhotographer',
    summary: 'A photographer’s public page: name, avatar, counts and public photos (12 per page); 404 unless their profile is public',
    access: 'public',
    params: uuidParams('id'),
    query: photographerPageQuery,
    response: { status: 200, description: 'The page', json: photographerPageSchema },
  });
}
