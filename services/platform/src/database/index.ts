export * from './service-database';
export * from './database.module';
export * from './processed-event-store';
export * from './event-outbox';
export * from './ports';
export * from './mongo';
