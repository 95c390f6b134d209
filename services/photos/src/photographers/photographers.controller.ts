import { Controller, Get, Param, Query } from '@nestjs/common';
import { idParam, valid } from '@wildframe/platform';
import { photographerPageQuery } from './photographers.dto';
import type { PhotographerPage, PhotographerPageQuery } from './photographers.dto';
import { photographersErrors } from './photographers.errors';
import { PhotographerPages } from './photographer-pages.service';

@Controller('photographers')
export class PhotographersController {
  constructor(private readonly pages: PhotographerPages) {}

  @Get(':id')
  page(@Param('id', idParam(photographersErrors.notFound)) id: string, @Query(valid(photographerPageQuery)) query: PhotographerPageQuery): Promise<PhotographerPage> {
    return this.pages.page(id, query.page);
  }
}
