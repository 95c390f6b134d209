import { readGalleryParams, writeGalleryParams } from './gallery-params';

describe('gallery URL', () => {
  it('reads the defaults from an empty query', () => {
    expect(readGalleryParams(new URLSearchParams())).toEqual({ category: 'all', search: '', sort: 'newest', page: 1, species: '', wild: false, cell: '' });
  });

  it('reads search, category, sort and page, ignoring values it does not know', () => {
    expect(readGalleryParams(new URLSearchParams('search=%20heron%20&category=wildlife&sort=most-liked&page=3'))).toEqual({
      category: 'wildlife',
      search: 'heron',
      sort: 'most-liked',
      page: 3,
      species: '',
      wild: false,
      cell: '',
    });
    expect(readGalleryParams(new URLSearchParams('category=birds&sort=random&page=-2'))).toEqual({
      category: 'all',
      search: '',
      sort: 'newest',
      page: 1,
      species: '',
      wild: false,
      cell: '',
    });
  });

  it('reads and writes the nature filters: a species, wild only and a map cell', () => {
    const params = readGalleryParams(new URLSearchParams('species=Vulpes%20vulpes&wild=true&cell=51.4,-0.2'));
    expect(params).toMatchObject({ species: 'Vulpes vulpes', wild: true, cell: '51.4,-0.2' });
    expect(writeGalleryParams(params).toString()).toBe('species=Vulpes+vulpes&wild=true&cell=51.4%2C-0.2');
    expect(readGalleryParams(new URLSearchParams('wild=yes&cell=north')).wild).toBe(false);
    expect(readGalleryParams(new URLSearchParams('cell=north')).cell).toBe('');
  });

  it('writes only what differs from the defaults', () => {
    const none = { species: '', wild: false, cell: '' };
    expect(writeGalleryParams({ category: 'all', search: '', sort: 'newest', page: 1, ...none }).toString()).toBe('');
    expect(writeGalleryParams({ category: 'landscape', search: 'fog', sort: 'oldest', page: 2, ...none }).toString()).toBe(
      'search=fog&category=landscape&sort=oldest&page=2',
    );
  });
});
