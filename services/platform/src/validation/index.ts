export * from './zod-validation.pipe';
export * from './uuid';
export * from './id-param.pipe';
export * from './nul-characters';
export * from './host-header';
