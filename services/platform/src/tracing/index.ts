export * from './tracing';
export * from './trace-context';
export * from './http-spans';
export * from './event-spans';
export * from './synchronous-context';
