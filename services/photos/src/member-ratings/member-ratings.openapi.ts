import { uuidParams } from '@wildframe/platform';
import type { ServiceApiDocument } from '@wildframe/platform';
import { z } from 'zod';
import { memberCritiquesSchema, memberRatingBody } from './member-ratings.dto';

/** The member critiques operations of the photos API. */
export function addMemberRatingsApi(document: ServiceApiDocument): ServiceApiDocument {
  return document
    .add({
      method: 'get',
      path: '/api/photos/{id}/member-ratings',
      operationId: 'getMemberRatings',
      summary: 'Member critiques of a photo, with their count and averages (for whoever may see the photo)',
      access: 'optional',
      params: z.object({ id: z.string().min(1).max(200).describe('The photo’s slug or id') }),
      response: { status: 200, description: 'The critiques', json: memberCritiquesSchema },
    })
    .add({
      method: 'put',
      path: '/api/photos/{id}/member-ratings/mine',
      operationId: 'submitMemberRating',
      summary: 'Rate someone else’s public photo, or change your critique of it (one per member and photo)',
      access: 'user',
      params: uuidParams('id'),
      body: memberRatingBody,
      response: { status: 200, description: 'The photo’s critiques after the change', json: memberCritiquesSchema },
      errors: [403],
    })
    .add({
      method: 'delete',
      path: '/api/photos/{id}/member-ratings/{ratingId}',
      operationId: 'removeMemberRating',
      summary: 'Remove a critique (its author, the photo’s owner or an admin)',
      access: 'user',
      params: uuidParams('id', 'ratingId'),
      response: { status: 200, description: 'The photo’s critiques after the change', json: memberCritiquesSchema },
      errors: [403],
    });
}
