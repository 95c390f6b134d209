// The gallery's state lives in its URL (/gallery?search=heron&category=wildlife&sort=most-liked&page=2),
// so a search can be linked to (spec: site search URL /gallery?search={term}) and Back works.
import type { GalleryCategory, GalleryRequest, GallerySort } from '../photos/types';

export interface GalleryParams {
  category: 'all' | GalleryCategory;
  search: string;
  sort: GallerySort;
  page: number;
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
  };
}

/** Only what differs from the defaults goes into the URL. */
export function writeGalleryParams(params: GalleryParams): URLSearchParams {
  const out = new URLSearchParams();
  const search = params.search.trim();
  if (search) out.set('search', search);
  if (params.category !== 'all') out.set('category', params.category);
  if (params.sort !== 'newest') out.set('sort', params.sort);
  if (params.page > 1) out.set('page', String(params.page));
  return out;
}

/** The gallery API request for these parameters (the cache key of the page's query). */
export function galleryRequest(params: GalleryParams): GalleryRequest {
  return {
    ...(params.category === 'all' ? {} : { category: params.category }),
    ...(params.search ? { search: params.search } : {}),
    sort: params.sort,
    page: params.page,
  };
}
