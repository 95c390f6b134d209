export * from './auth.config';
export * from './auth.module';
export * from './openapi';
