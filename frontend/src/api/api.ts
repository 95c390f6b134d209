// The one RTK Query api for the gateway. Features add their endpoints with `api.injectEndpoints`.
import { createApi } from '@reduxjs/toolkit/query/react';
import { createGatewayBaseQuery, NO_RETRY } from './gateway-base-query';
import type { ApiError } from './transport-error';
import type { CurrentUser } from './types';
import type { ResponseBody } from './schema';

function isCurrentUser(value: unknown): value is CurrentUser {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { id?: unknown }).id === 'string' &&
    typeof (value as { email?: unknown }).email === 'string'
  );
}

export const api = createApi({
  reducerPath: 'api',
  baseQuery: createGatewayBaseQuery(),
  refetchOnFocus: false,
  keepUnusedDataFor: 300,
  // CurrentUser: the signed-in user (refetched after login, signup, profile and avatar changes).
  // SecurityQuestions: the signed-in user's own security-question status.
  tagTypes: ['CurrentUser', 'SecurityQuestions'],
  endpoints: (build) => ({
    /** The signed-in user, or null for a visitor: a 401 means "anonymous", not a failure. */
    getCurrentUser: build.query<CurrentUser | null, void>({
      queryFn: async (_arg, _api, _extraOptions, fetchWithBaseQuery) => {
        const result = await fetchWithBaseQuery('auth/user');
        if (result.error) {
          const error = result.error as ApiError;
          return error.status === 401 ? { data: null } : { error };
        }
        return { data: isCurrentUser(result.data) ? result.data : null };
      },
      // The spec's current-user call is never retried.
      extraOptions: NO_RETRY,
      providesTags: ['CurrentUser'],
    }),
    logout: build.mutation<ResponseBody<'logout'>, void>({
      query: () => ({ url: 'auth/logout', method: 'POST' }),
      extraOptions: NO_RETRY,
    }),
  }),
});

export const { useGetCurrentUserQuery, useLogoutMutation } = api;
