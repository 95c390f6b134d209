export * from './test-database';
export * from './service-test-app';
export * from './test-servers';
export * from './heic-header';
