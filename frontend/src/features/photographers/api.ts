// Photographer pages (services/photos) and the publicProfile preference that opens one (services/auth).
import { api } from '../../api/api';
import type { RequestBody, ResponseBody } from '../../api/schema';

export type PhotographerPage = ResponseBody<'getPhotographer'>;
export type Preferences = ResponseBody<'getPreferences'>;

export const photographersApi = api.enhanceEndpoints({ addTagTypes: ['Photographer', 'Preferences', 'Photo'] }).injectEndpoints({
  endpoints: (build) => ({
    getPhotographer: build.query<PhotographerPage, { id: string; page: number }>({
      query: ({ id, page }) => ({ url: `photographers/${encodeURIComponent(id)}`, params: { page } }),
      providesTags: (_result, _error, { id }) => [{ type: 'Photographer', id }],
    }),
    getPreferences: build.query<Preferences, void>({
      query: () => 'user/preferences',
      providesTags: ['Preferences', 'CurrentUser'],
    }),
    updatePreferences: build.mutation<Preferences, RequestBody<'updatePreferences'>>({
      query: (body) => ({ url: 'user/preferences', method: 'PUT', body }),
      // Cards and photo pages link to public photographers: they follow the change.
      invalidatesTags: ['Photographer', 'Photo'],
      onQueryStarted: (_body, { dispatch, queryFulfilled }) =>
        queryFulfilled.then(
          ({ data }) => void dispatch(photographersApi.util.upsertQueryData('getPreferences', undefined, data)),
          () => undefined,
        ),
    }),
  }),
});

export const { useGetPhotographerQuery, useGetPreferencesQuery, useUpdatePreferencesMutation } = photographersApi;

/** The public page of a photographer. */
export function photographerPath(id: string): string {
  return `/photographers/${id}`;
}
