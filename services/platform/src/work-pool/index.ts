export * from './work-pool';
