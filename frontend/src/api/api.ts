// The one RTK Query api for the gateway. Features add their endpoints with `api.injectEndpoints`.
import { createApi } from '@reduxjs/toolkit/query/react';
import { createGatewayBaseQuery, NO_RETRY } from './gateway-base-query';
import { takeEarlyCurrentUser } from './early-current-user';
import { isServerStateAction } from './server-state';
import { clearSessionToken, readSessionToken } from './session-token';
import { parseBodyText, type ApiError } from './transport-error';
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
  // The queries a server-rendered page was drawn with (api/server-state), taken before hydration.
  extractRehydrationInfo: (action) => (isServerStateAction(action) ? (action.payload.api as never) : undefined),
  // CurrentUser: the signed-in user (refetched after login, signup, profile and avatar changes).
  // SecurityQuestions: the signed-in user's own security-question status.
  tagTypes: ['CurrentUser', 'SecurityQuestions'],
  endpoints: (build) => ({
    /**
     * The signed-in user, or null for a visitor. The session is the bearer token in storage, so
     * without one there is no one to ask about (and no 401 in a visitor's console); a 401 means the
     * stored token is over, and it is dropped.
     */
    getCurrentUser: build.query<CurrentUser | null, void>({
      queryFn: async (_arg, _api, _extraOptions, fetchWithBaseQuery) => {
        const token = readSessionToken();
        if (!token) return { data: null };
        const early = await takeEarlyCurrentUser(token);
        if (early?.status === 401) {
          clearSessionToken();
          return { data: null };
        }
        if (early && early.status >= 200 && early.status < 300) {
          const user = parseBodyText(early.body);
          return { data: isCurrentUser(user) ? user : null };
        }
        const result = await fetchWithBaseQuery('auth/user');
        if (result.error) {
          const error = result.error as ApiError;
          if (error.status !== 401) return { error };
          clearSessionToken();
          return { data: null };
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
