export * from './billing.config';
export * from './billing.module';
