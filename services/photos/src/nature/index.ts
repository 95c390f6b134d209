import type { Provider, Type } from '@nestjs/common';
import type { DatabaseDriver } from '@wildframe/platform';
import { MapCellsRepository } from './map-cells.repository';
import { MongoMapCellsRepository } from './mongo/mongo-map-cells.repository';
import { NatureController } from './nature.controller';
import { NatureDetails } from './nature.service';
import { PostgresMapCellsRepository } from './postgres/postgres-map-cells.repository';
import { SpeciesChecklist } from './species-checklist';

/**
 * What the photos module adds for the nature layer (species, places, labels, the map), with the
 * adapter for its database. The nature fields live on the photo itself (`PhotosRepository`); only
 * the map's aggregate has a port of its own. No MongoDB models of its own: its indexes are the
 * photos collection's.
 */
export function natureParts(driver: DatabaseDriver): { controllers: Type[]; providers: Provider[] } {
  return {
    controllers: [NatureController],
    providers: [
      { provide: MapCellsRepository, useClass: driver === 'mongo' ? MongoMapCellsRepository : PostgresMapCellsRepository },
      // Read once at start-up: about 1 MB of JSON, a few MB in memory.
      { provide: SpeciesChecklist, useFactory: () => SpeciesChecklist.load() },
      NatureDetails,
    ],
  };
}
