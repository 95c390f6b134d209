// The admin endpoints of three services, through the gateway: users (auth), photos (photos) and
// contact messages (contact). Photo changes also invalidate the photos feature's cached lists
// (same tag names as features/photos/api.ts), so the home carousel and gallery follow.
import { api } from '../../api/api';
import type { PhotoDetail } from '../photos/types';
import type { AdminUser, ContactMessage, MessageStatus } from './types';
import type { RequestBody, ResponseBody } from '../../api/schema';

/** The spec polls the message list every 5 s. */
export const MESSAGES_POLL_MS = 5000;

const USERS = { type: 'AdminUsers', id: 'LIST' } as const;
const PHOTOS = { type: 'AdminPhotos', id: 'LIST' } as const;
const MESSAGES = 'ContactMessages' as const;
const photoTag = (id: string) => ({ type: 'Photo', id }) as const;
const PUBLIC_PHOTOS = { type: 'Photo', id: 'PUBLIC_LIST' } as const;
const FEATURED_PHOTOS = { type: 'Photo', id: 'FEATURED' } as const;

const path = (...parts: string[]) => parts.map(encodeURIComponent).join('/');

export const adminApi = api
  .enhanceEndpoints({ addTagTypes: ['AdminUsers', 'AdminPhotos', 'ContactMessages', 'Photo'] })
  .injectEndpoints({
    endpoints: (build) => ({
      getAdminUsers: build.query<AdminUser[], void>({
        query: () => 'admin/users',
        providesTags: [USERS],
      }),
      /** `isSelf`: the admin changed their own plan, so the signed-in user is refetched too. */
      changeUserPlan: build.mutation<ResponseBody<'adminChangePlan'>, { id: string; isSelf: boolean } & RequestBody<'adminChangePlan'>>({
        query: ({ id, plan }) => ({ url: `admin/users/${path(id)}/plan`, method: 'PATCH', body: { plan } }),
        invalidatesTags: (_result, error, { isSelf }) => (error ? [] : isSelf ? [USERS, 'CurrentUser'] : [USERS]),
      }),
      /** The user's photos go with them, so the photo lists are refetched as well. */
      deleteUser: build.mutation<ResponseBody<'adminDeleteUser'>, string>({
        query: (id) => ({ url: `admin/users/${path(id)}`, method: 'DELETE' }),
        invalidatesTags: (_result, error) => (error ? [] : [USERS, PHOTOS, PUBLIC_PHOTOS, FEATURED_PHOTOS]),
      }),

      getAdminPhotos: build.query<PhotoDetail[], void>({
        query: () => 'admin/photos',
        providesTags: [PHOTOS],
      }),
      deleteAdminPhoto: build.mutation<ResponseBody<'adminDeletePhoto'>, string>({
        query: (id) => ({ url: `admin/photos/${path(id)}`, method: 'DELETE' }),
        invalidatesTags: (_result, error, id) => (error ? [] : [PHOTOS, photoTag(id), PUBLIC_PHOTOS, FEATURED_PHOTOS]),
      }),
      /** A held photo approved: it may be published and featured, and shows its category. */
      approvePhoto: build.mutation<ResponseBody<'adminApprovePhoto'>, string>({
        query: (id) => ({ url: `admin/photos/${path(id)}/approve`, method: 'POST', body: {} }),
        invalidatesTags: (_result, error, id) => (error ? [] : [PHOTOS, photoTag(id)]),
      }),
      /** A held photo rejected: deleted, with the admin's reason kept in the audit trail. */
      rejectPhoto: build.mutation<ResponseBody<'adminRejectPhoto'>, { id: string; reason: string }>({
        query: ({ id, reason }) => ({ url: `admin/photos/${path(id)}/reject`, method: 'POST', body: { reason } }),
        invalidatesTags: (_result, error, { id }) => (error ? [] : [PHOTOS, photoTag(id)]),
      }),
      toggleFeatured: build.mutation<ResponseBody<'adminToggleFeatured'>, string>({
        query: (id) => ({ url: `admin/photos/${path(id)}/toggle-featured`, method: 'POST' }),
        invalidatesTags: (_result, error, id) => (error ? [] : [PHOTOS, photoTag(id), FEATURED_PHOTOS]),
      }),

      getContactMessages: build.query<ContactMessage[], void>({
        query: () => 'admin/contact-messages',
        providesTags: [MESSAGES],
      }),
      changeMessageStatus: build.mutation<ResponseBody<'adminSetContactStatus'>, { id: string; status: MessageStatus; reason: string }>({
        query: ({ id, status, reason }) => ({ url: `admin/contact-messages/${path(id)}/status`, method: 'PATCH', body: { status, reason } }),
        invalidatesTags: (_result, error) => (error ? [] : [MESSAGES]),
      }),
      addMessageResponse: build.mutation<ResponseBody<'adminRespondToContact'>, { id: string; responseText: string }>({
        // Responses from the admin panel are public (spec, section 7).
        query: ({ id, responseText }) => ({ url: `admin/contact-messages/${path(id)}/response`, method: 'POST', body: { responseText, isPublic: true } }),
        invalidatesTags: (_result, error) => (error ? [] : [MESSAGES]),
      }),
      archiveMessage: build.mutation<ResponseBody<'adminArchiveContact'>, { id: string; reason: string }>({
        query: ({ id, reason }) => ({ url: `admin/contact-messages/${path(id)}/archive`, method: 'PATCH', body: { reason } }),
        invalidatesTags: (_result, error) => (error ? [] : [MESSAGES]),
      }),
      deleteMessage: build.mutation<ResponseBody<'adminDeleteContact'>, { id: string; reason: string }>({
        query: ({ id, reason }) => ({ url: `admin/contact-messages/${path(id)}`, method: 'DELETE', body: { reason } }),
        invalidatesTags: (_result, error) => (error ? [] : [MESSAGES]),
      }),
    }),
  });

export const {
  useGetAdminUsersQuery,
  useChangeUserPlanMutation,
  useDeleteUserMutation,
  useGetAdminPhotosQuery,
  useDeleteAdminPhotoMutation,
  useToggleFeaturedMutation,
  useApprovePhotoMutation,
  useRejectPhotoMutation,
  useGetContactMessagesQuery,
  useChangeMessageStatusMutation,
  useAddMessageResponseMutation,
  useArchiveMessageMutation,
  useDeleteMessageMutation,
} = adminApi;
