export * from './service-database';
export * from './database.module';
