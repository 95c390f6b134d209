export * from './api-document';
export * from './openapi.catalogue';
export * from './merge-documents';
export * from './method-not-allowed.middleware';
