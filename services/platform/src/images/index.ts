export * from './heic-dimensions';
