export * from './test-database';
export * from './service-test-app';
