// My Photos filters (spec, section 9): search in title and description (and, with the nature layer,
// species, the critique's subject and the camera, as the gallery's search), category all / wildlife /
// landscape, visibility all / public / private, and the gallery's four sorts. Applied in the
// browser: GET /api/user/photos answers with all of the user's photos.
import type { GallerySort, PhotoDetail } from '../photos/types';

export interface MyPhotosFilter {
  search: string;
  category: 'all' | 'wildlife' | 'landscape';
  visibility: 'all' | 'public' | 'private';
  sort: GallerySort;
}

export const DEFAULT_FILTER: MyPhotosFilter = { search: '', category: 'all', visibility: 'all', sort: 'newest' };

export function isFiltered(filter: MyPhotosFilter): boolean {
  return filter.search.trim() !== '' || filter.category !== 'all' || filter.visibility !== 'all';
}

/** What the search matches, as the gallery's does: title, description, species, the critique's subject, the camera. */
function searchText(photo: PhotoDetail): string {
  const { species, rating, camera } = photo;
  return [photo.title, photo.description, species?.commonName, species?.scientificName, rating?.subject, camera?.body ?? camera?.make, camera?.model, camera?.lens]
    .filter(Boolean)
    .join('\n')
    .toLowerCase();
}

const byDateDesc = (a: PhotoDetail, b: PhotoDetail) => Date.parse(b.uploadedAt) - Date.parse(a.uploadedAt);

export function filterMyPhotos(photos: readonly PhotoDetail[], filter: MyPhotosFilter): PhotoDetail[] {
  const needle = filter.search.trim().toLowerCase();
  const kept = photos.filter((photo) => {
    if (filter.category !== 'all' && photo.category.toLowerCase() !== filter.category) return false;
    if (filter.visibility === 'public' && !photo.isPublic) return false;
    if (filter.visibility === 'private' && photo.isPublic) return false;
    if (needle && !searchText(photo).includes(needle)) return false;
    return true;
  });
  const sorted = [...kept];
  switch (filter.sort) {
    case 'oldest':
      return sorted.sort((a, b) => -byDateDesc(a, b));
    case 'most-liked':
      return sorted.sort((a, b) => b.likes - a.likes || byDateDesc(a, b));
    case 'most-viewed':
      return sorted.sort((a, b) => b.views - a.views || byDateDesc(a, b));
    default:
      return sorted.sort(byDateDesc);
  }
}
