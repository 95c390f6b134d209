export * from './photos.config';
export * from './photos.module';
