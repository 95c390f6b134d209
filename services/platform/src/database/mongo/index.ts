export * from './mongo-service-database';
export * from './mongo-event-outbox';
export * from './mongo-deliveries';
export * from './outbox-fields';
