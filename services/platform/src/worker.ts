/**
 * `@wildframe/platform/worker`: what code running inside a work-pool worker process imports.
 * Light modules only (no Nest, database, bus or storage), so a worker starts quickly and small.
 */
export * from './work-pool/worker';
export * from './images/heic-dimensions';
export * from './images/heic-decode';
