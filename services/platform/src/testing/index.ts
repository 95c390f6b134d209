export * from './test-database';
export * from './service-test-app';
export * from './test-servers';
export * from './heic-header';
export * from './each-backend';
export * from './mongo-test-server';
export * from './recording-bus';
export * from './kafka-dead-letters';
