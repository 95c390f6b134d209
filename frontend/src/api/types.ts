// Shapes the gateway sends, as the spec names them (section 3). Kept here until the endpoint
// types are generated from the gateway's OpenAPI document.

export type PlanName = 'explorer' | 'enthusiast' | 'professional';

/** PublicUser of the auth API: what GET /api/auth/user and the account calls return. */
export interface CurrentUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  plan: PlanName;
  /** ISO date; null for explorer. */
  planExpiry: string | null;
  isActive: boolean;
  isAdmin: boolean;
  /** The one admin account the profile treats as the site admin (spec, section 6). */
  isSiteAdmin: boolean;
  createdAt: string;
}

/** What signup and login answer with: the bearer token to store and the signed-in user. */
export interface SessionResponse {
  sessionToken: string;
  user: CurrentUser;
}

/** One plan of GET /api/plans, the catalogue that billing serves. */
export interface PlanDefinition {
  id: PlanName;
  name: string;
  /** US dollars. */
  monthlyPrice: number;
  /** Price per month when billed annually. */
  annualMonthlyPrice: number;
  annualPrice: number;
  /** e.g. 'Save $24/year'; null for the free plan. */
  annualSavings: string | null;
  limits: { storageMB: number; dailyUploads: number; fileSizeMB: number };
  editingTips: 'none' | 'standard' | 'advanced';
  features: string[];
  comingSoon: string[];
}

export interface PlansResponse {
  plans: PlanDefinition[];
  promo: { code: string; percentOff: number; months: number; appliesTo: string };
}
