export * from './load-config';
export * from './infrastructure.config';
