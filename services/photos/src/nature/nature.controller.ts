import { Body, Controller, Get, Param, Put, Query, UseGuards } from '@nestjs/common';
import { CurrentIdentity, idParam, SignedInGuard, valid } from '@wildframe/platform';
import type { Identity } from '@wildframe/platform';
import { photosErrors } from '../domain/photos.errors';
import type { MapCells, PhotoDetail, SpeciesSuggestions } from '../dto/photos.responses';
import { mapCellsQuery, natureBody, speciesQuery } from './nature.dto';
import type { MapCellsQuery, NatureBody, SpeciesQuery } from './nature.dto';
import { NatureDetails } from './nature.service';

@Controller()
export class NatureController {
  constructor(private readonly nature: NatureDetails) {}

  @Get('species')
  species(@Query(valid(speciesQuery)) query: SpeciesQuery): SpeciesSuggestions {
    return this.nature.suggest(query.q, query.limit);
  }

  @Put('photos/:id/nature')
  @UseGuards(SignedInGuard)
  edit(@Param('id', idParam(photosErrors.notFound)) id: string, @CurrentIdentity() identity: Identity, @Body(valid(natureBody)) body: NatureBody): Promise<{ message: string; photo: PhotoDetail }> {
    return this.nature.edit(id, identity, body);
  }

  @Get('map/cells')
  cells(@Query(valid(mapCellsQuery)) query: MapCellsQuery): Promise<MapCells> {
    return this.nature.mapCells(query.photographer);
  }
}
