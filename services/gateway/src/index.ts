export * from './gateway.config';
export * from './gateway.module';
export * from './gateway.http';
export * from './proxy/route-table';
export * from './openapi';
