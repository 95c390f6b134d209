export * from './auth.config';
export * from './auth.module';
