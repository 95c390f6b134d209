import type { Cell } from './geoprivacy';

/** A map cell with the public places in it, and the photo that stands for it (most liked, then newest). */
export interface MapCell extends Cell {
  count: number;
  cover: { id: string; slug: string; title: string };
}

/**
 * The map's cells (adapters: `postgres/`, `mongo/`), read from the photos as stored: only public
 * photos whose place everyone may see (open, not a sensitive species, with its generalised point)
 * count, so a private place or a CITES Appendix I species never shows on the map.
 */
export abstract class MapCellsRepository {
  /** Every cell with at least one such photo; one uploader's only, when given. */
  abstract cells(userId?: string): Promise<MapCell[]>;
}
