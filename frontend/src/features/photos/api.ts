// The photos API (services/photos through the gateway): gallery, featured, detail, likes, views,
// own photos, limits, upload, download, editing tips.
//
// Cache tags: every photo query provides `{ Photo, <id> }` for each photo it holds, and the lists
// add a list id (PUBLIC_LIST, FEATURED, MINE). Likes and views patch the cached copies of that one
// photo in place (no refetch); edits invalidate the photo's id; visibility, upload and delete
// also invalidate the lists whose membership they change. Queries whose answer depends on who is
// signed in also provide CurrentUser, so they follow a sign-in or sign-out.
import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import { api } from '../../api/api';
import { NO_RETRY } from '../../api/gateway-base-query';
import type { ApiError } from '../../api/transport-error';
import { filenameFromDisposition } from './download-filename';
import type { RequestBody, ResponseBody } from '../../api/schema';
import type {
  GalleryPage,
  GalleryRequest,
  LikeResult,
  PhotoCard,
  PhotoDetail,
  UploadLimits,
  UploadRequest,
  UploadResult,
  UserStats,
} from './types';

export const GALLERY_PAGE_SIZE = 12;
export const GALLERY_REFETCH_MS = 30_000;
export const FEATURED_REFETCH_MS = 60_000;
export const UPLOAD_LIMITS_POLL_MS = 30_000;
/** The spec's "stale 60 s" for GET /api/user/stats. */
export const USER_STATS_STALE_S = 60;

const PUBLIC_LIST = { type: 'Photo', id: 'PUBLIC_LIST' } as const;
const FEATURED = { type: 'Photo', id: 'FEATURED' } as const;
const MINE = { type: 'Photo', id: 'MINE' } as const;
const photoTag = (id: string) => ({ type: 'Photo', id }) as const;
const photoTags = (photos: ReadonlyArray<{ id: string }> | undefined) => (photos ?? []).map((p) => photoTag(p.id));

type PhotoPatch = Partial<Pick<PhotoDetail, 'likes' | 'views' | 'liked'>>;

export const photosApi = api.enhanceEndpoints({ addTagTypes: ['Photo', 'UploadLimits', 'UserStats'] }).injectEndpoints({
  endpoints: (build) => ({
    getGallery: build.query<GalleryPage, GalleryRequest>({
      query: ({ category, search, species, wild, cell, photographer, sort, page }) => ({
        url: 'photos',
        params: {
          public: 'true',
          ...(category ? { category } : {}),
          ...(search ? { search } : {}),
          ...(species ? { species } : {}),
          ...(wild ? { wild } : {}),
          ...(cell ? { cell } : {}),
          ...(photographer ? { photographer } : {}),
          sort,
          page,
          pageSize: GALLERY_PAGE_SIZE,
        },
      }),
      providesTags: (result) => [PUBLIC_LIST, ...photoTags(result?.photos)],
    }),
    getFeaturedPhotos: build.query<PhotoCard[], void>({
      query: () => 'featured-photos',
      providesTags: (result) => [FEATURED, ...photoTags(result)],
    }),
    /** By slug or id. A private photo of someone else answers 404 'Photo Not Found'. */
    getPhoto: build.query<PhotoDetail, string>({
      query: (slugOrId) => `photos/${encodeURIComponent(slugOrId)}`,
      providesTags: (result) => (result ? [photoTag(result.id), 'CurrentUser'] : ['CurrentUser']),
    }),
    recordView: build.mutation<ResponseBody<'recordView'>, string>({
      query: (id) => ({ url: `photos/${encodeURIComponent(id)}/view`, method: 'POST' }),
      extraOptions: NO_RETRY,
      onQueryStarted: (id, { dispatch, getState, queryFulfilled }) =>
        queryFulfilled.then(
          ({ data }) => patchPhotoEverywhere(dispatch, getState, id, { views: data.views }),
          // The spec only logs a failed view; the caller does.
          () => undefined,
        ),
    }),
    likePhoto: build.mutation<LikeResult, string>({
      query: (id) => ({ url: `photos/${encodeURIComponent(id)}/like`, method: 'POST' }),
      onQueryStarted: (id, { dispatch, getState, queryFulfilled }) =>
        queryFulfilled.then(
          ({ data }) => patchPhotoEverywhere(dispatch, getState, id, { liked: data.liked, likes: data.totalLikes }),
          () => undefined,
        ),
    }),
    updateDescription: build.mutation<ResponseBody<'updateDescription'>, { id: string } & RequestBody<'updateDescription'>>({
      query: ({ id, description }) => ({ url: `photos/${encodeURIComponent(id)}/description`, method: 'PUT', body: { description } }),
      invalidatesTags: (_result, error, { id }) => (error ? [] : [photoTag(id)]),
    }),
    /** Image URLs change between plain (public) and signed (private), so the photo is refetched. */
    togglePublic: build.mutation<ResponseBody<'togglePublic'>, string>({
      query: (id) => ({ url: `photos/${encodeURIComponent(id)}/toggle-public`, method: 'POST' }),
      invalidatesTags: (_result, error, id) => (error ? [] : [photoTag(id), PUBLIC_LIST, FEATURED]),
    }),
    deletePhoto: build.mutation<ResponseBody<'deletePhoto'>, string>({
      query: (id) => ({ url: `photos/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_result, error, id) =>
        error ? [] : [photoTag(id), PUBLIC_LIST, FEATURED, MINE, 'UploadLimits', 'UserStats'],
    }),
    /** Fetched with the bearer token and saved through a temporary link (an <a href> sends no token). */
    downloadPhoto: build.mutation<null, { id: string; fallbackName: string }>({
      queryFn: async ({ id, fallbackName }, _api, _extraOptions, baseQuery) => {
        const result = await baseQuery({
          url: `photos/${encodeURIComponent(id)}/download`,
          responseHandler: (response) => (response.ok ? response.blob() : response.text()),
        });
        if (result.error) return { error: result.error as ApiError };
        if (!(result.data instanceof Blob)) {
          return { error: { status: 'CUSTOM_ERROR', message: 'The download was not a file' } as ApiError };
        }
        const meta = result.meta as FetchBaseQueryMeta | undefined;
        const disposition = meta?.response?.headers.get('Content-Disposition') ?? null;
        saveBlob(result.data, filenameFromDisposition(disposition, fallbackName));
        return { data: null };
      },
    }),
    /** The signed-in user's photos, newest first. The spec refetches them every time. */
    getMyPhotos: build.query<PhotoDetail[], void>({
      query: () => 'user/photos',
      providesTags: (result) => [MINE, 'CurrentUser', ...photoTags(result)],
    }),
    getUserStats: build.query<UserStats, void>({
      query: () => 'user/stats',
      providesTags: ['UserStats', 'CurrentUser'],
    }),
    getUploadLimits: build.query<UploadLimits, void>({
      query: () => 'upload-limits',
      providesTags: ['UploadLimits', 'CurrentUser'],
    }),
    uploadPhoto: build.mutation<UploadResult, UploadRequest>({
      query: ({ file, title, description, category, species, labels, placePrivacy, place }) => {
        const body = new FormData();
        body.append('title', title);
        body.append('description', description);
        if (category) body.append('category', category);
        if (species) body.append('species', species);
        if (labels && labels.length > 0) body.append('labels', labels.join(','));
        if (placePrivacy) body.append('placePrivacy', placePrivacy);
        if (place) {
          body.append('placeLat', String(place.lat));
          body.append('placeLon', String(place.lon));
        }
        // Last, so the server has read the fields when the file arrives.
        body.append('photo', file, file.name);
        return { url: 'photos/upload', method: 'POST', body };
      },
      invalidatesTags: (_result, error) => (error ? ['UploadLimits'] : [MINE, 'UploadLimits', 'UserStats']),
    }),
    getEditingSuggestions: build.mutation<ResponseBody<'getEditingSuggestions'>, { id: string } & RequestBody<'getEditingSuggestions'>>({
      query: ({ id, platform }) => ({
        url: `photos/${encodeURIComponent(id)}/editing-suggestions`,
        method: 'POST',
        body: { platform },
      }),
    }),
  }),
});

type PhotosDispatch = (action: unknown) => unknown;

/** Applies a like or view result to every cached copy of the photo (detail, gallery pages, lists). */
function patchPhotoEverywhere(dispatch: PhotosDispatch, getState: () => unknown, id: string, patch: PhotoPatch): void {
  const state = getState() as Parameters<typeof photosApi.util.selectInvalidatedBy>[0];
  const apply = <T extends { id: string }>(photo: T) => {
    if (photo.id === id) Object.assign(photo, patch);
  };
  for (const entry of photosApi.util.selectInvalidatedBy(state, [photoTag(id)])) {
    switch (entry.endpointName) {
      case 'getPhoto':
        dispatch(photosApi.util.updateQueryData('getPhoto', entry.originalArgs as string, (draft) => apply(draft)));
        break;
      case 'getGallery':
        dispatch(
          photosApi.util.updateQueryData('getGallery', entry.originalArgs as GalleryRequest, (draft) => {
            draft.photos.forEach(apply);
          }),
        );
        break;
      case 'getFeaturedPhotos':
        dispatch(photosApi.util.updateQueryData('getFeaturedPhotos', undefined, (draft) => draft.forEach(apply)));
        break;
      case 'getMyPhotos':
        dispatch(photosApi.util.updateQueryData('getMyPhotos', undefined, (draft) => draft.forEach(apply)));
        break;
      default:
        break;
    }
  }
}

function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser time to start the download before the URL is released.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const {
  useGetGalleryQuery,
  useGetFeaturedPhotosQuery,
  useGetPhotoQuery,
  useRecordViewMutation,
  useLikePhotoMutation,
  useUpdateDescriptionMutation,
  useTogglePublicMutation,
  useDeletePhotoMutation,
  useDownloadPhotoMutation,
  useGetMyPhotosQuery,
  useGetUserStatsQuery,
  useGetUploadLimitsQuery,
  useUploadPhotoMutation,
  useGetEditingSuggestionsMutation,
} = photosApi;
