// The plan catalogue (GET /api/plans, served by billing): names, prices, limits and features.
import { api } from '../../api/api';
import type { PlansResponse } from '../../api/types';

export const plansApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPlans: build.query<PlansResponse, void>({
      query: () => 'plans',
      // The catalogue changes with a release, not during a visit.
      keepUnusedDataFor: 3600,
    }),
  }),
});

export const { useGetPlansQuery } = plansApi;
