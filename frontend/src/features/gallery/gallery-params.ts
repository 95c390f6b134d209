// The gallery's state lives in its URL (/gallery?search=heron&category=wildlife&sort=most-liked&page=2),
// so a search can be linked to (spec: site search URL /gallery?search={term}) and Back works. The
// nature layer adds a species (?species=Vulpes%20vulpes, the photo page's link), wild-only (?wild=true)
// and a map cell (?cell=51.4,-0.2, the map's link).
import type { GalleryCategory, GalleryRequest, GallerySort } from '../photos/types';

export interface GalleryParams {
  category: 'all' | GalleryCategory;
  search: string;
  sort: GallerySort;
  page: number;
  /** A scientific name; empty for every species. */
  species: string;
  wild: boolean;
  /** A map cell by its south-west corner ("51.4,-0.2"); empty for everywhere. */
  cell: string;
}

const SORTS: readonly GallerySort[] = ['newest', 'oldest', 'most-liked', 'most-viewed', 'top-rated'];
const CATEGORIES: readonly GalleryCategory[] = ['wildlife', 'landscape', 'others'];

export function readGalleryParams(params: URLSearchParams): GalleryParams {
  const category = params.get('category') as GalleryCategory | null;
  const sort = params.get('sort') as GallerySort | null;
  const page = Number(params.get('page'));
  return {
    category: category && CATEGORIES.includes(category) ? category : 'all',
    search: (params.get('search') ?? '').trim().slice(0, 100),
    sort: sort && SORTS.includes(sort) ? sort : 'newest',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    species: (params.get('species') ?? '').trim().slice(0, 120),
    wild: params.get('wild') === 'true',
    cell: /^-?\d{1,2}(\.\d)?,-?\d{1,3}(\.\d)?$/.test(params.get('cell') ?? '') ? (params.get('cell') ?? '') : '',
  };
}

/** Only what differs from the defaults goes into the URL. */
export function writeGalleryParams(params: GalleryParams): URLSearchParams {
  const out = new URLSearchParams();
  const search = params.search.trim();
  if (search) out.set('search', search);
  if (params.category !== 'all') out.set('category', params.category);
  if (params.sort !== 'newest') out.set('sort', params.sort);
  if (params.species) out.set('species', params.species);
  if (params.wild) out.set('wild', 'true');
  if (params.cell) out.set('cell', params.cell);
  if (params.page > 1) out.set('page', String(params.page));
  return out;
}

/** The gallery API request for these parameters (the cache key of the page's query). */
export function galleryRequest(params: GalleryParams): GalleryRequest {
  return {
    ...(params.category === 'all' ? {} : { category: params.category }),
    ...(params.search ? { search: params.search } : {}),
    ...(params.species ? { species: params.species } : {}),
    ...(params.wild ? { wild: 'true' as const } : {}),
    ...(params.cell ? { cell: params.cell } : {}),
    sort: params.sort,
    page: params.page,
  };
}
