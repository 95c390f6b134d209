// Public account calls of the auth API: signup, login and password recovery. Signing in stores the
// session token before the current user is refetched, so the refetch already carries it.
import { api } from '../../api/api';
import { storeSessionToken } from '../../api/session-token';
import type { ApiError } from '../../api/transport-error';
import type { SessionResponse } from '../../api/types';
import type { RequestBody, ResponseBody } from '../../api/schema';

export type SignupRequest = RequestBody<'signup'>;

export type LoginRequest = RequestBody<'login'>;

export type ForgotPasswordResponse = ResponseBody<'forgotPassword'>;

export type VerifySecurityAnswersRequest = RequestBody<'verifySecurityAnswers'>;

export type VerifySecurityAnswersResponse = ResponseBody<'verifySecurityAnswers'>;

export type ResetPasswordRequest = RequestBody<'resetPassword'>;

function isSessionResponse(value: unknown): value is SessionResponse {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { sessionToken?: unknown }).sessionToken === 'string' &&
    typeof (value as { user?: { id?: unknown } }).user?.id === 'string'
  );
}

export const authApi = api.injectEndpoints({
  endpoints: (build) => {
    /** POST that answers with a session: keep the token, show the user at once, then refetch. */
    const sessionMutation = <Request>(url: string) =>
      build.mutation<SessionResponse, Request>({
        queryFn: async (body, { dispatch }, _extraOptions, baseQuery) => {
          const result = await baseQuery({ url, method: 'POST', body });
          if (result.error) return { error: result.error as ApiError };
          if (!isSessionResponse(result.data)) {
            return { error: { status: 'CUSTOM_ERROR', message: `Unexpected answer from ${url}` } as ApiError };
          }
          storeSessionToken(result.data.sessionToken);
          await dispatch(api.util.upsertQueryData('getCurrentUser', undefined, result.data.user));
          return { data: result.data };
        },
        invalidatesTags: ['CurrentUser'],
      });

    return {
      signup: sessionMutation<SignupRequest>('auth/signup'),
      login: sessionMutation<LoginRequest>('auth/login'),
      forgotPassword: build.mutation<ForgotPasswordResponse, RequestBody<'forgotPassword'>>({
        query: (body) => ({ url: 'auth/forgot-password', method: 'POST', body }),
      }),
      verifySecurityAnswers: build.mutation<VerifySecurityAnswersResponse, VerifySecurityAnswersRequest>({
        query: (body) => ({ url: 'auth/verify-security-answers', method: 'POST', body }),
      }),
      resetPassword: build.mutation<ResponseBody<'resetPassword'>, ResetPasswordRequest>({
        query: (body) => ({ url: 'auth/reset-password', method: 'POST', body }),
      }),
      /** The ten predefined questions (full sentences), for the security-question selects. */
      getSecurityQuestionOptions: build.query<string[], void>({
        query: () => 'auth/security-questions/options',
        transformResponse: (response: { questions?: unknown }) =>
          Array.isArray(response?.questions)
            ? response.questions.filter((q): q is string => typeof q === 'string')
            : [],
        keepUnusedDataFor: 3600,
      }),
    };
  },
});

export const {
  useSignupMutation,
  useLoginMutation,
  useForgotPasswordMutation,
  useVerifySecurityAnswersMutation,
  useResetPasswordMutation,
  useGetSecurityQuestionOptionsQuery,
} = authApi;
