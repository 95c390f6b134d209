import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import { idParam } from '@wildframe/platform';
import type { Request, Response } from 'express';
import { authErrors } from '../domain/auth.errors';
import { AvatarsService } from '../use-cases/avatars.service';

/** Public avatar images; URLs carry a content version, so they can be cached for a year. */
@Controller('users')
export class AvatarController {
  constructor(private readonly avatars: AvatarsService) {}

  @Get(':id/avatar')
  async avatar(@Param('id', idParam(authErrors.notFound)) id: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    const object = await this.avatars.current(id);
    const etag = `"${object.etag}"`;
    res.setHeader('ETag', etag);
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.setHeader('Content-Type', object.contentType ?? 'image/webp');
    if (req.headers['if-none-match'] === etag) {
      object.body.destroy();
      res.status(304).end();
      return;
    }
    res.setHeader('Content-Length', String(object.size));
    object.body.pipe(res);
  }
}
