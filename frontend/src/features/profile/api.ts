// The signed-in user's own account: profile details, avatar and security questions.
import { api } from '../../api/api';
import type { ApiError } from '../../api/transport-error';
import type { CurrentUser } from '../../api/types';
import type { RequestBody, ResponseBody } from '../../api/schema';

export type ProfileUpdate = RequestBody<'updateProfile'>;

export type PasswordChange = RequestBody<'changePassword'>;

export type MySecurityQuestions = ResponseBody<'getSecurityQuestions'>;

export type SecurityQuestionsSetup = RequestBody<'saveSecurityQuestions'>;

export const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    updateProfile: build.mutation<CurrentUser, ProfileUpdate>({
      query: (body) => ({ url: 'user/profile', method: 'PUT', body }),
      onQueryStarted: (_body, { dispatch, queryFulfilled }) =>
        queryFulfilled.then(
          ({ data }) => void dispatch(api.util.upsertQueryData('getCurrentUser', undefined, data)),
          // The failure reaches the caller through the mutation's own result.
          () => undefined,
        ),
      invalidatesTags: ['CurrentUser'],
    }),
    /** multipart/form-data with the image under `avatar`; answers with the updated user. */
    uploadAvatar: build.mutation<CurrentUser, File>({
      queryFn: async (file, _api, _extraOptions, baseQuery) => {
        const body = new FormData();
        body.append('avatar', file);
        const result = await baseQuery({ url: 'user/avatar', method: 'POST', body });
        return result.error ? { error: result.error as ApiError } : { data: result.data as CurrentUser };
      },
      onQueryStarted: (_file, { dispatch, queryFulfilled }) =>
        queryFulfilled.then(
          ({ data }) => void dispatch(api.util.upsertQueryData('getCurrentUser', undefined, data)),
          () => undefined,
        ),
      invalidatesTags: ['CurrentUser'],
    }),
    /** Signs out every other session of the account (this one stays). */
    changePassword: build.mutation<ResponseBody<'changePassword'>, PasswordChange>({
      query: (body) => ({ url: 'user/password', method: 'POST', body }),
    }),
    getMySecurityQuestions: build.query<MySecurityQuestions, void>({
      query: () => 'user/security-questions',
      providesTags: ['SecurityQuestions'],
    }),
    setSecurityQuestions: build.mutation<ResponseBody<'saveSecurityQuestions'>, SecurityQuestionsSetup>({
      query: (body) => ({ url: 'user/security-questions', method: 'POST', body }),
      invalidatesTags: ['SecurityQuestions'],
    }),
  }),
});

export const {
  useUpdateProfileMutation,
  useUploadAvatarMutation,
  useGetMySecurityQuestionsQuery,
  useSetSecurityQuestionsMutation,
  useChangePasswordMutation,
} = profileApi;
