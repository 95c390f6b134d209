/**
 * The plan catalogue: the one source of truth for what each plan costs and allows. The billing
 * service serves it to the web (GET /api/plans); photos reads the limits, analysis the tips gating.
 */
export type PlanId = 'explorer' | 'enthusiast' | 'professional';

export const PLAN_ORDER: readonly PlanId[] = ['explorer', 'enthusiast', 'professional'];

/** Marker the spec uses for "unlimited" daily uploads. */
export const UNLIMITED_DAILY_UPLOADS = 999999;

export interface PlanDefinition {
  id: PlanId;
  name: string;
  /** US dollars. */
  monthlyPrice: number;
  /** Price per month when billed annually. */
  annualMonthlyPrice: number;
  annualPrice: number;
  /** e.g. 'Save $24/year'; null for free plans. */
  annualSavings: string | null;
  limits: {
    storageMB: number;
    dailyUploads: number;
    fileSizeMB: number;
  };
  editingTips: 'none' | 'standard' | 'advanced';
  features: readonly string[];
  comingSoon: readonly string[];
}

export const PLANS: Readonly<Record<PlanId, PlanDefinition>> = {
  explorer: {
    id: 'explorer',
    name: 'Explorer',
    monthlyPrice: 0,
    annualMonthlyPrice: 0,
    annualPrice: 0,
    annualSavings: null,
    limits: { storageMB: 250, dailyUploads: 5, fileSizeMB: 10 },
    editingTips: 'none',
    features: ['250MB storage', '5 uploads per day', '10MB per photo', 'Basic AI analysis'],
    comingSoon: [],
  },
  enthusiast: {
    id: 'enthusiast',
    name: 'Enthusiast',
    monthlyPrice: 9,
    annualMonthlyPrice: 7,
    annualPrice: 84,
    annualSavings: 'Save $24/year',
    limits: { storageMB: 25600, dailyUploads: UNLIMITED_DAILY_UPLOADS, fileSizeMB: 20 },
    editingTips: 'standard',
    features: ['Unlimited uploads', '25GB storage', '20MB per photo', 'AI editing tips', 'Email support'],
    comingSoon: [],
  },
  professional: {
    id: 'professional',
    name: 'Professional',
    monthlyPrice: 19,
    annualMonthlyPrice: 15,
    annualPrice: 180,
    annualSavings: 'Save $48/year',
    limits: { storageMB: 51200, dailyUploads: UNLIMITED_DAILY_UPLOADS, fileSizeMB: 30 },
    editingTips: 'advanced',
    features: [
      'Unlimited uploads',
      '50GB storage',
      '30MB per photo',
      'Priority AI processing',
      'Priority support',
      'Portfolio tools',
      'Advanced editing suggestions',
    ],
    comingSoon: ['Commerce'],
  },
};

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === 'string' && (PLAN_ORDER as readonly string[]).includes(value);
}

/** Promo: 25 % off the first 3 months of monthly plans. */
export const LAUNCH_PROMO = { code: 'Launch2025', percentOff: 25, months: 3, appliesTo: 'monthly' } as const;
