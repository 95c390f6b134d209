import { Injectable } from '@nestjs/common';
import { liveOnly, MongoServiceDatabase } from '@wildframe/platform';
import type { FilterQuery } from 'mongoose';
import { SHOWN_PLACE } from '../../repositories/mongo/mongo-photos.repository';
import { PhotoDocument, photosModels } from '../../repositories/mongo/schemas';
import { cellOf } from '../geoprivacy';
import { MapCell, MapCellsRepository } from '../map-cells.repository';

type PlaceDoc = Pick<PhotoDocument, '_id' | 'slug' | 'title' | 'likes' | 'uploadedAt' | 'publicPlace'>;

/**
 * The public places are read (a few fields each) and grouped by cell here: FerretDB 1.24's
 * `$group` computes one accumulator only, and a cell needs its count and its cover.
 */
@Injectable()
export class MongoMapCellsRepository extends MapCellsRepository {
  private readonly photos;

  constructor(database: MongoServiceDatabase) {
    super();
    this.photos = photosModels(database).photos;
  }

  async cells(userId?: string): Promise<MapCell[]> {
    const filter: FilterQuery<PhotoDocument> = { isPublic: true, ...liveOnly, ...SHOWN_PLACE, ...(userId ? { userId } : {}) };
    const docs = await this.photos.find(filter, { _id: 1, slug: 1, title: 1, likes: 1, uploadedAt: 1, publicPlace: 1 }).lean<PlaceDoc[]>();
    const cells = new Map<string, { cell: MapCell; best: PlaceDoc }>();
    for (const doc of docs) {
      if (!doc.publicPlace) continue;
      const { row, col } = cellOf(doc.publicPlace);
      const key = `${row}:${col}`;
      const found = cells.get(key);
      if (!found) {
        cells.set(key, { cell: { row, col, count: 1, cover: cover(doc) }, best: doc });
        continue;
      }
      found.cell.count++;
      if (better(doc, found.best)) {
        found.best = doc;
        found.cell.cover = cover(doc);
      }
    }
    return [...cells.values()].map(({ cell }) => cell).sort((a, b) => a.row - b.row || a.col - b.col);
  }
}

function cover(doc: PlaceDoc): MapCell['cover'] {
  return { id: doc._id, slug: doc.slug, title: doc.title };
}

/** Most liked, then newest, then the larger id (the PostgreSQL adapter's order). */
function better(a: PlaceDoc, b: PlaceDoc): boolean {
  if (a.likes !== b.likes) return a.likes > b.likes;
  if (a.uploadedAt.getTime() !== b.uploadedAt.getTime()) return a.uploadedAt.getTime() > b.uploadedAt.getTime();
  return a._id > b._id;
}
