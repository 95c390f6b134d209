export * from './zod-validation.pipe';
export * from './uuid';
