export * from './zod-validation.pipe';
