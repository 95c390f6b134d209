export * from './contact.config';
export * from './contact.module';
export * from './openapi';
