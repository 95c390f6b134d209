export * from './photos.config';
export * from './photos.module';
export { UploadPhoto } from './use-cases/upload-photo';
export { PhotoActions } from './use-cases/photo-actions';
export { SiteAssets } from './use-cases/site-assets';
export { usePublicReadsFastPath } from './controllers/public-reads.fast-path';
export * from './openapi';
export { UploadLeftoversJob } from './upload-admission/upload-leftovers.job';
