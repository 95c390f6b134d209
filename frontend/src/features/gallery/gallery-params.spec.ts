import { readGalleryParams, writeGalleryParams } from './gallery-params';

describe('gallery URL', () => {
  it('reads the defaults from an empty query', () => {
    expect(readGalleryParams(new URLSearchParams())).toEqual({ category: 'all', search: '', sort: 'newest', page: 1 });
  });

  it('reads search, category, sort and page, ignoring values it does not know', () => {
    expect(readGalleryParams(new URLSearchParams('search=%20heron%20&category=wildlife&sort=most-liked&page=3'))).toEqual({
      category: 'wildlife',
      search: 'heron',
      sort: 'most-liked',
      page: 3,
    });
    expect(readGalleryParams(new URLSearchParams('category=birds&sort=random&page=-2'))).toEqual({
      category: 'all',
      search: '',
      sort: 'newest',
      page: 1,
    });
  });

  it('writes only what differs from the defaults', () => {
    expect(writeGalleryParams({ category: 'all', search: '', sort: 'newest', page: 1 }).toString()).toBe('');
    expect(writeGalleryParams({ category: 'landscape', search: 'fog', sort: 'oldest', page: 2 }).toString()).toBe(
      'search=fog&category=landscape&sort=oldest&page=2',
    );
  });
});
