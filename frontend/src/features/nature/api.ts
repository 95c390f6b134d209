// The nature layer of the photos API: species suggestions (the bundled checklist), an own photo's
// species, labels and place, and the map's cells.
//
// Cache tags: an edit invalidates the photo's id and the lists (a label or a place changes what
// the wild gallery and the map hold); the map's cells provide MapCells, refreshed by edits too.
import { api } from '../../api/api';
import type { QueryOf, RequestBody, ResponseBody } from '../../api/schema';

export type SpeciesSuggestion = ResponseBody<'suggestSpecies'>['species'][number];
export type NatureChange = RequestBody<'updatePhotoNature'>;
export type MapCells = ResponseBody<'getMapCells'>;
export type MapCell = MapCells['cells'][number];

export const natureApi = api.enhanceEndpoints({ addTagTypes: ['Photo', 'MapCells'] }).injectEndpoints({
  endpoints: (build) => ({
    suggestSpecies: build.query<SpeciesSuggestion[], string>({
      query: (q) => ({ url: 'species', params: { q, limit: 8 } }),
      transformResponse: (body: ResponseBody<'suggestSpecies'>) => body.species,
    }),
    updatePhotoNature: build.mutation<ResponseBody<'updatePhotoNature'>, { id: string } & NatureChange>({
      query: ({ id, ...body }) => ({ url: `photos/${encodeURIComponent(id)}/nature`, method: 'PUT', body }),
      invalidatesTags: (_result, error, { id }) => (error ? [] : [{ type: 'Photo', id }, { type: 'Photo', id: 'PUBLIC_LIST' }, { type: 'Photo', id: 'MINE' }, 'MapCells']),
    }),
    getMapCells: build.query<MapCells, Pick<QueryOf<'getMapCells'>, 'photographer'>>({
      query: ({ photographer }) => ({ url: 'map/cells', params: { public: 'true', ...(photographer ? { photographer } : {}) } }),
      providesTags: ['MapCells'],
    }),
  }),
});

export const { useSuggestSpeciesQuery, useUpdatePhotoNatureMutation, useGetMapCellsQuery } = natureApi;
