import type { PhotoDetail } from '../photos/types';
import { DEFAULT_FILTER, filterMyPhotos, isFiltered } from './my-photos-filter';

function photo(id: string, fields: Partial<PhotoDetail>): PhotoDetail {
  return {
    id,
    slug: id,
    title: id,
    description: '',
    category: 'wildlife',
    likes: 0,
    views: 0,
    username: 'Mary Anning',
    userFirstName: 'Mary',
    userLastName: 'Anning',
    overallRating: null,
    thumbnailUrl: '',
    imageUrl: '',
    width: 1600,
    height: 1200,
    dominantColor: '#445566',
    uploadedAt: '2025-06-01T00:00:00.000Z',
    isFeatured: false,
    isPublic: false,
    rating: null,
    credit: null,
    camera: null,
    socialImageUrl: '',
    isOwner: true,
    isTemporary: false,
    expiresAt: null,
    liked: false,
    photographerId: null,
    moderation: null,
    reviewReasons: [],
    species: null,
    labels: [],
    place: null,
    ...fields,
  };
}

const photos = [
  photo('heron', { title: 'Grey heron', description: 'At dawn on the lake', isPublic: true, likes: 3, views: 40, uploadedAt: '2025-06-02T00:00:00Z' }),
  photo('canyon', { title: 'Canyon', description: 'Dusk light', category: 'landscape', likes: 9, views: 5, uploadedAt: '2025-06-03T00:00:00Z' }),
  photo('fox', { title: 'Red fox', description: 'In the snow', isPublic: true, likes: 3, views: 12, uploadedAt: '2025-06-01T00:00:00Z' }),
];

const ids = (list: PhotoDetail[]) => list.map((p) => p.id);

describe('filterMyPhotos', () => {
  it('shows everything newest first by default', () => {
    expect(ids(filterMyPhotos(photos, DEFAULT_FILTER))).toEqual(['canyon', 'heron', 'fox']);
    expect(isFiltered(DEFAULT_FILTER)).toBe(false);
  });

  it('searches titles and descriptions, case-insensitively', () => {
    expect(ids(filterMyPhotos(photos, { ...DEFAULT_FILTER, search: 'DAWN' }))).toEqual(['heron']);
    expect(ids(filterMyPhotos(photos, { ...DEFAULT_FILTER, search: 'fox' }))).toEqual(['fox']);
  });

  it('also searches the species (both names), what the critique saw and the camera', () => {
    const kingfisher = photo('kingfisher', {
      title: 'Perched',
      species: { commonName: 'Common kingfisher', scientificName: 'Alcedo atthis', sensitive: false },
      camera: { make: 'OM System', model: 'OM-1', body: 'OM System OM-1' },
      rating: { overallRating: '7.0', composition: '7.0', lighting: '7.0', clarity: '7.0', creativity: '7.0', feedback: '', subject: 'bird', location: null, aiModel: 'x', category: 'wildlife', createdAt: '' },
    });
    const all = [...photos, kingfisher];
    for (const search of ['kingfisher', 'ALCEDO', 'bird', 'om-1', 'OM System']) expect(ids(filterMyPhotos(all, { ...DEFAULT_FILTER, search }))).toEqual(['kingfisher']);
  });

  it('filters by category and visibility', () => {
    expect(ids(filterMyPhotos(photos, { ...DEFAULT_FILTER, category: 'landscape' }))).toEqual(['canyon']);
    expect(ids(filterMyPhotos(photos, { ...DEFAULT_FILTER, visibility: 'public' }))).toEqual(['heron', 'fox']);
    expect(ids(filterMyPhotos(photos, { ...DEFAULT_FILTER, visibility: 'private' }))).toEqual(['canyon']);
    expect(isFiltered({ ...DEFAULT_FILTER, visibility: 'private' })).toBe(true);
  });

  it('sorts by date, likes or views, newest first on ties', () => {
    expect(ids(filterMyPhotos(photos, { ...DEFAULT_FILTER, sort: 'oldest' }))).toEqual(['fox', 'heron', 'canyon']);
    expect(ids(filterMyPhotos(photos, { ...DEFAULT_FILTER, sort: 'most-liked' }))).toEqual(['canyon', 'heron', 'fox']);
    expect(ids(filterMyPhotos(photos, { ...DEFAULT_FILTER, sort: 'most-viewed' }))).toEqual(['heron', 'fox', 'canyon']);
  });
});
