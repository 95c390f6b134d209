import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req, Res, UploadedFiles, UseGuards, UseInterceptors } from '@nestjs/common';
import { AnyFilesInterceptor } from '@nestjs/platform-express';
import { AddressKey, AdminGuard, CurrentIdentity, idParam, SignedInGuard, valid } from '@wildframe/platform';
import type { Identity } from '@wildframe/platform';
import type { Request, Response } from 'express';
import { diskStorage } from 'multer';
import { rm } from 'node:fs/promises';
import { assetQuery, descriptionBody, galleryQuery, imageQuery, listPageQuery, uploadFields } from '../dto/photos.dto';
import type { AssetQuery, GalleryQuery, ImageQuery, ListPageQuery } from '../dto/photos.dto';
import { photosErrors } from '../domain/photos.errors';
import type { PhotoDetail } from '../domain/photo-view';
import { LARGEST_FILE_BYTES } from '../domain/upload-limits';
import type { UploadLimits } from '../domain/upload-limits';
import { PublicReadCache } from '../public-cache/public-read-cache';
import { PhotoActions } from '../use-cases/photo-actions';
import { SiteAssets } from '../use-cases/site-assets';
import { PhotoQueries, UserStats } from '../use-cases/photo-queries';
import { UploadPhoto, UploadResult } from '../use-cases/upload-photo';
import { UploadAdmissionInterceptor } from '../upload-admission/upload-admission.interceptor';
import { uploadTempDir } from '../upload-admission/upload-temp-files';
import { sendJson, stackHeaders } from './send-json';
import { sendObject } from './send-object';
import { UploadErrorsInterceptor } from './upload-errors.interceptor';
import { natureInputOf } from '../nature/nature.dto';

/** How long anyone may cache a public image: a photo made private is gone from caches after it. */
export const PUBLIC_IMAGE_CACHE = 'public, max-age=300, must-revalidate';

/** Photo ids are UUIDs; anything else is a photo that does not exist. */
const photoId = idParam(photosErrors.notFound);

/** Uploads go to a temporary file (never held whole in memory), which is removed afterwards. */
const uploadInterceptor = AnyFilesInterceptor({
  storage: diskStorage({ destination: (_req, _file, done) => void uploadTempDir().then((dir) => done(null, dir), (error: Error) => done(error, '')) }),
  limits: { fileSize: LARGEST_FILE_BYTES, files: 2, fields: 10, fieldSize: 64 * 1024 },
});

@Controller()
export class PhotosController {
  constructor(
    private readonly upload: UploadPhoto,
    private readonly queries: PhotoQueries,
    private readonly actions: PhotoActions,
    private readonly assets: SiteAssets,
    private readonly cache: PublicReadCache,
  ) {}

  @Post('photos/upload')
  @HttpCode(201)
  // In this order: admission before the body is read, then the parser's refusals in the product's words.
  @UseInterceptors(UploadAdmissionInterceptor, UploadErrorsInterceptor, uploadInterceptor)
  async uploadPhoto(
    @UploadedFiles() files: Express.Multer.File[] | undefined,
    @Body() body: unknown,
    @CurrentIdentity() identity: Identity | null,
    @AddressKey() ip: string,
  ): Promise<UploadResult> {
    try {
      const photos = (files ?? []).filter((f) => f.fieldname === 'photo');
      if (photos.length === 0) throw photosErrors.noFile();
      if (files?.length !== 1) throw photosErrors.oneFileOnly();
      const fields = valid(uploadFields).transform(body);
      const file = photos[0] as Express.Multer.File;
      return await this.upload.execute({
        file: { path: file.path, size: file.size, originalName: file.originalname },
        title: fields.title,
        description: fields.description,
        category: fields.category,
        nature: natureInputOf(fields),
        identity,
        ip,
      });
    } finally {
      await Promise.all((files ?? []).map((f) => rm(f.path, { force: true })));
    }
  }

  @Get('photos')
  async gallery(
    @Query(valid(galleryQuery)) query: GalleryQuery,
    @CurrentIdentity() identity: Identity | null,
    @AddressKey() ip: string,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const shared = await this.queries.sharedGallery(query);
    this.cache.rememberUrl(req.originalUrl, shared, stackHeaders(res));
    sendJson(req, res, await this.queries.gallery(query, identity, ip));
  }

  @Get('photos/:slugOrId')
  async detail(
    @Param('slugOrId') slugOrId: string,
    @CurrentIdentity() identity: Identity | null,
    @AddressKey() ip: string,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    if (identity) return sendJson(req, res, await this.queries.detail(slugOrId, identity, ip));
    const shared = await this.queries.sharedDetail(slugOrId);
    this.cache.rememberUrl(req.originalUrl, shared, stackHeaders(res));
    sendJson(req, res, (await this.queries.personalise(shared, null, ip)) ?? { ...shared.page, shared: true });
  }

  @Post('photos/:id/view')
  @HttpCode(200)
  view(@Param('id', photoId) id: string, @CurrentIdentity() identity: Identity | null, @AddressKey() ip: string): Promise<{ views: number }> {
    return this.actions.view(id, identity, ip);
  }

  @Post('photos/:id/like')
  @HttpCode(200)
  like(@Param('id', photoId) id: string, @CurrentIdentity() identity: Identity | null, @AddressKey() ip: string): Promise<{ liked: boolean; totalLikes: number }> {
    return this.actions.like(id, identity, ip);
  }

  @Put('photos/:id/description')
  @UseGuards(SignedInGuard)
  description(@Param('id', photoId) id: string, @CurrentIdentity() identity: Identity, @Body(valid(descriptionBody)) body: { description: string }) {
    return this.actions.updateDescription(id, identity, body.description);
  }

  @Post('photos/:id/toggle-public')
  @HttpCode(200)
  @UseGuards(SignedInGuard)
  togglePublic(@Param('id', photoId) id: string, @CurrentIdentity() identity: Identity): Promise<{ message: string; isPublic: boolean }> {
    return this.actions.togglePublic(id, identity);
  }

  @Delete('photos/:id')
  @UseGuards(SignedInGuard)
  remove(@Param('id', photoId) id: string, @CurrentIdentity() identity: Identity): Promise<{ message: string }> {
    return this.actions.deleteOwn(id, identity);
  }

  @Get('photos/:id/download')
  @UseGuards(SignedInGuard)
  async download(@Param('id', photoId) id: string, @CurrentIdentity() identity: Identity, @Req() req: Request, @Res() res: Response): Promise<void> {
    const { photo, object } = await this.actions.download(id, identity);
    const filename = photo.originalName.replace(/["\\\r\n]/g, '_');
    sendObject(req, res, object, 'private, no-store', {
      'Content-Disposition': `attachment; filename="${filename}"; filename*=UTF-8''${encodeURIComponent(photo.originalName)}`,
    });
  }

  @Get('photos/:id/image')
  async image(
    @Param('id', photoId) id: string,
    @Query(valid(imageQuery)) query: ImageQuery,
    @CurrentIdentity() identity: Identity | null,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const { photo, object } = await this.actions.image(id, query.size, identity, query);
    // A public photo can be made private at any time, and the public URL must then stop working
    // in shared caches too: they may keep it only briefly, then revalidate (a 304 by ETag).
    sendObject(req, res, object, photo.isPublic ? PUBLIC_IMAGE_CACHE : 'private, max-age=3600');
  }

  @Get('user/photos')
  @UseGuards(SignedInGuard)
  mine(@CurrentIdentity() identity: Identity, @Query(valid(listPageQuery)) page: ListPageQuery): Promise<PhotoDetail[]> {
    return this.queries.mine(identity.userId, page);
  }

  @Get('user/stats')
  @UseGuards(SignedInGuard)
  stats(@CurrentIdentity() identity: Identity): Promise<UserStats> {
    return this.queries.stats(identity);
  }

  @Get('upload-limits')
  limits(@CurrentIdentity() identity: Identity | null, @AddressKey() ip: string): Promise<UploadLimits> {
    return this.queries.limits(identity, ip);
  }

  @Get('assets/:name')
  async asset(@Param('name') name: string, @Query(valid(assetQuery)) query: AssetQuery, @Req() req: Request, @Res() res: Response): Promise<void> {
    sendObject(req, res, await this.assets.get(name, query.w ? Number(query.w) : undefined), 'public, max-age=86400');
  }

  @Get('featured-photos')
  async featured(@Req() req: Request, @Res() res: Response): Promise<void> {
    const shared = await this.queries.featured();
    this.cache.rememberUrl(req.originalUrl, shared, stackHeaders(res));
    sendJson(req, res, { ...shared.page, shared: true });
  }

  @Get('admin/photos')
  @UseGuards(AdminGuard)
  adminList(@Query(valid(listPageQuery)) page: ListPageQuery): Promise<PhotoDetail[]> {
    return this.queries.all(page);
  }

  @Delete('admin/photos/:id')
  @UseGuards(AdminGuard)
  adminDelete(@Param('id', photoId) id: string): Promise<{ message: string }> {
    return this.actions.deleteAsAdmin(id);
  }

  @Post('admin/photos/:id/toggle-featured')
  @HttpCode(200)
  @UseGuards(AdminGuard)
  toggleFeatured(@Param('id', photoId) id: string, @CurrentIdentity() identity: Identity): Promise<{ message: string; isFeatured: boolean }> {
    return this.actions.toggleFeatured(id, identity);
  }
}
