export * from './billing.config';
export * from './billing.module';
export { BillingJobs } from './use-cases/billing-jobs.service';
export type { BillingJobReport } from './use-cases/billing-jobs.service';
export * from './openapi';
