export * from './load-config';
export * from './infrastructure.config';
export * from './kafka.config';
