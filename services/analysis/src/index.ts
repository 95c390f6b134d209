export * from './analysis.config';
export * from './analysis.module';
export * from './openapi';
