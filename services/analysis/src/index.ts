export * from './analysis.config';
export * from './analysis.module';
