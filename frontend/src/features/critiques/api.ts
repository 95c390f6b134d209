// Member critiques of a photo (services/photos member-ratings through the gateway). One cache
// entry per photo, tagged `{ MemberCritiques, <photoId> }`; a submission or removal answers with
// the photo's critiques after the change, which replace that entry (no refetch).
import { api } from '../../api/api';
import type { RequestBody, ResponseBody } from '../../api/schema';

export type MemberCritiques = ResponseBody<'getMemberRatings'>;
export type MemberCritique = MemberCritiques['ratings'][number];
export type CritiqueInput = RequestBody<'submitMemberRating'>;

const critiquesTag = (photoId: string) => ({ type: 'MemberCritiques', id: photoId }) as const;

export const critiquesApi = api.enhanceEndpoints({ addTagTypes: ['MemberCritiques'] }).injectEndpoints({
  endpoints: (build) => ({
    /** Whether the viewer may rate, and their own critique, depend on who is signed in. */
    getMemberCritiques: build.query<MemberCritiques, string>({
      query: (photoId) => `photos/${encodeURIComponent(photoId)}/member-ratings`,
      providesTags: (_result, _error, photoId) => [critiquesTag(photoId), 'CurrentUser'],
    }),
    submitCritique: build.mutation<MemberCritiques, { photoId: string; critique: CritiqueInput }>({
      query: ({ photoId, critique }) => ({ url: `photos/${encodeURIComponent(photoId)}/member-ratings/mine`, method: 'PUT', body: critique }),
      onQueryStarted: ({ photoId }, { dispatch, queryFulfilled }) =>
        queryFulfilled.then(
          ({ data }) => void dispatch(critiquesApi.util.upsertQueryData('getMemberCritiques', photoId, data)),
          () => undefined,
        ),
    }),
    removeCritique: build.mutation<MemberCritiques, { photoId: string; ratingId: string }>({
      query: ({ photoId, ratingId }) => ({ url: `photos/${encodeURIComponent(photoId)}/member-ratings/${encodeURIComponent(ratingId)}`, method: 'DELETE' }),
      onQueryStarted: ({ photoId }, { dispatch, queryFulfilled }) =>
        queryFulfilled.then(
          ({ data }) => void dispatch(critiquesApi.util.upsertQueryData('getMemberCritiques', photoId, data)),
          () => undefined,
        ),
    }),
  }),
});

export const { useGetMemberCritiquesQuery, useSubmitCritiqueMutation, useRemoveCritiqueMutation } = critiquesApi;
