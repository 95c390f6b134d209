export * from './contact.config';
export * from './contact.module';
