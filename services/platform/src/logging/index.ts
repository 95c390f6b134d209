export * from './logging';
