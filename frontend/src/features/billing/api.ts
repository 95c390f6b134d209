// The billing API (served by the billing service): the spec's subscription calls (section 7),
// which payment provider takes the card, and the sandbox's test-card confirmations.
import { api } from '../../api/api';
import { storeSessionToken } from '../../api/session-token';
import type { ApiError } from '../../api/transport-error';
import type { RequestBody, ResponseBody, Schemas } from '../../api/schema';

export type BillingClientConfig = ResponseBody<'getBillingConfig'>;

export type SubscriptionSummary = Schemas['SubscriptionSummary'];

export type SignupSetupRequest = RequestBody<'createSubscriptionSignup'>;

export type SignupSetup = ResponseBody<'createSubscriptionSignup'>;

export type CompleteSubscriptionRequest = RequestBody<'completeSubscription'>;

export type CompletedSignup = ResponseBody<'completeSubscription'>;

export type UpgradeRequest = RequestBody<'getOrCreateSubscription'>;

export type UpgradePayment = ResponseBody<'getOrCreateSubscription'>;

export type CompletedUpgrade = ResponseBody<'completeSubscriptionUpgrade'>;

export type Cancellation = ResponseBody<'cancelSubscription'>;

export type Resumption = ResponseBody<'resumeSubscription'>;

/** What the sandbox's test-card form sends; the server keeps only brand and last four digits. */
export type SandboxCard = Omit<RequestBody<'sandboxConfirmSetup'>, 'clientSecret'>;

function isCompletedSignup(value: unknown): value is CompletedSignup {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { sessionToken?: unknown }).sessionToken === 'string' &&
    typeof (value as { user?: { id?: unknown } }).user?.id === 'string'
  );
}

const billingBase = api.enhanceEndpoints({ addTagTypes: ['Subscription'] });

export const billingApi = billingBase.injectEndpoints({
  endpoints: (build) => ({
    getBillingConfig: build.query<BillingClientConfig, void>({
      query: () => 'billing/config',
      keepUnusedDataFor: 3600,
    }),
    /** The signed-in user's live subscription (null on explorer). */
    getMySubscription: build.query<SubscriptionSummary | null, void>({
      query: () => 'billing/subscription',
      transformResponse: (response: { subscription?: SubscriptionSummary | null }) => response?.subscription ?? null,
      providesTags: ['Subscription'],
    }),
    createSubscriptionSignup: build.mutation<SignupSetup, SignupSetupRequest>({
      query: (body) => ({ url: 'create-subscription-signup', method: 'POST', body }),
    }),
    /** Paid signup's last call: keeps the session token and shows the new user at once. */
    completeSubscription: build.mutation<CompletedSignup, CompleteSubscriptionRequest>({
      queryFn: async (body, { dispatch }, _extraOptions, baseQuery) => {
        const result = await baseQuery({ url: 'complete-subscription', method: 'POST', body });
        if (result.error) return { error: result.error as ApiError };
        if (!isCompletedSignup(result.data)) {
          return { error: { status: 'CUSTOM_ERROR', message: 'Unexpected answer from complete-subscription' } as ApiError };
        }
        storeSessionToken(result.data.sessionToken);
        await dispatch(api.util.upsertQueryData('getCurrentUser', undefined, result.data.user));
        return { data: result.data };
      },
      invalidatesTags: ['CurrentUser', 'Subscription'],
    }),
    getOrCreateSubscription: build.mutation<UpgradePayment, UpgradeRequest>({
      query: (body) => ({ url: 'get-or-create-subscription', method: 'POST', body }),
    }),
    /**
     * The user's plan is kept by auth, which learns of the change from billing's event a moment
     * later; the cached user takes billing's answer at once, so no screen shows the old plan.
     */
    completeSubscriptionUpgrade: build.mutation<CompletedUpgrade, Pick<UpgradeRequest, 'plan' | 'isAnnual'>>({
      query: (body) => ({ url: 'complete-subscription-upgrade', method: 'POST', body }),
      onQueryStarted: async (_arg, { dispatch, queryFulfilled }) => {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (!data) return;
        dispatch(
          api.util.updateQueryData('getCurrentUser', undefined, (user) => {
            if (user) Object.assign(user, { plan: data.plan, planExpiry: data.planExpiry });
          }),
        );
      },
      invalidatesTags: ['Subscription'],
    }),
    cancelSubscription: build.mutation<Cancellation, void>({
      query: () => ({ url: 'cancel-subscription', method: 'POST' }),
      onQueryStarted: async (_arg, { dispatch, queryFulfilled }) => {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (!data) return;
        dispatch(
          api.util.updateQueryData('getCurrentUser', undefined, (user) => {
            if (user) user.planExpiry = data.accessUntil;
          }),
        );
      },
      invalidatesTags: ['Subscription'],
    }),
    /** Takes a cancellation back while the period runs: the plan renews as before. */
    resumeSubscription: build.mutation<Resumption, void>({
      query: () => ({ url: 'resume-subscription', method: 'POST' }),
      onQueryStarted: async (_arg, { dispatch, queryFulfilled }) => {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (!data) return;
        dispatch(billingApi.util.upsertQueryData('getMySubscription', undefined, data.subscription));
      },
      invalidatesTags: ['Subscription'],
    }),
    confirmSandboxSetup: build.mutation<ResponseBody<'sandboxConfirmSetup'>, RequestBody<'sandboxConfirmSetup'>>({
      query: (body) => ({ url: 'billing/sandbox/confirm-setup', method: 'POST', body }),
    }),
    confirmSandboxPayment: build.mutation<ResponseBody<'sandboxConfirmPayment'>, RequestBody<'sandboxConfirmPayment'>>({
      query: (body) => ({ url: 'billing/sandbox/confirm-payment', method: 'POST', body }),
    }),
  }),
});

export const {
  useGetBillingConfigQuery,
  useGetMySubscriptionQuery,
  useCreateSubscriptionSignupMutation,
  useCompleteSubscriptionMutation,
  useGetOrCreateSubscriptionMutation,
  useCompleteSubscriptionUpgradeMutation,
  useCancelSubscriptionMutation,
  useResumeSubscriptionMutation,
  useConfirmSandboxSetupMutation,
  useConfirmSandboxPaymentMutation,
} = billingApi;
