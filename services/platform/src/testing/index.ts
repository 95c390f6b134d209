export * from './test-database';
export * from './service-test-app';
export * from './heic-header';
