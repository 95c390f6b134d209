export * from './local-service-registry';
