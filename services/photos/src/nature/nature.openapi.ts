import { uuidParams } from '@wildframe/platform';
import type { ServiceApiDocument } from '@wildframe/platform';
import { z } from 'zod';
import { mapCellsSchema, photoDetailSchema, speciesSuggestionsSchema } from '../dto/photos.responses';
import { mapCellsQuery, natureBody, speciesQuery } from './nature.dto';

/** The nature layer's operations of the photos API (species, places, labels, the map). */
export function addNatureApi(document: ServiceApiDocument): ServiceApiDocument {
  return document
    .add({
      method: 'get',
      path: '/api/species',
      operationId: 'suggestSpecies',
      summary: 'Species from the bundled checklist whose common or scientific name starts with (or has a word starting with) q',
      access: 'public',
      query: speciesQuery,
      response: { status: 200, description: 'Up to limit species, best first (sensitive: on CITES Appendix I)', json: speciesSuggestionsSchema },
    })
    .add({
      method: 'put',
      path: '/api/photos/{id}/nature',
      operationId: 'updatePhotoNature',
      summary: 'Change the species, labels, place or place privacy of an own photo (only the fields sent change)',
      access: 'user',
      params: uuidParams('id'),
      body: natureBody,
      response: { status: 200, description: 'The photo after the change', json: z.object({ message: z.string(), photo: photoDetailSchema }).meta({ id: 'PhotoNatureUpdated' }) },
    })
    .add({
      method: 'get',
      path: '/api/map/cells',
      operationId: 'getMapCells',
      summary: 'The map: 0.2° cells holding public photos whose place anyone may see, with counts and a cover photo (private places and CITES Appendix I species never count)',
      access: 'optional',
      query: mapCellsQuery,
      response: { status: 200, description: 'The cells', json: mapCellsSchema },
    });
}
