export * from './api-document';
export * from './openapi.catalogue';
export * from './merge-documents';
