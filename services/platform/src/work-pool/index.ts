export * from './work-pool';
export * from './work-pool.config';
