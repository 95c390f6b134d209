export * from './standalone';
export * from './standalone.config';
export * from './data-dir-lock';
