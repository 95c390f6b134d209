import { categoryLabel } from './category';
import { facebookShareUrl, linkedInShareUrl, photoPageUrl, photoPath } from './share';

describe('share links', () => {
  const photo = { slug: 'grey-heron-at-dawn' };

  it('points at the slug page', () => {
    expect(photoPath(photo)).toBe('/photos/grey-heron-at-dawn');
    expect(photoPageUrl('https://wildframe.example', photo)).toBe('https://wildframe.example/photos/grey-heron-at-dawn');
  });

  it('builds the Facebook and LinkedIn share dialogs with the page URL encoded', () => {
    const url = 'https://wildframe.example/photos/grey-heron-at-dawn';
    expect(facebookShareUrl(url)).toBe(
      'https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fwildframe.example%2Fphotos%2Fgrey-heron-at-dawn',
    );
    expect(linkedInShareUrl(url)).toBe(
      'https://www.linkedin.com/sharing/share-offsite/?url=https%3A%2F%2Fwildframe.example%2Fphotos%2Fgrey-heron-at-dawn',
    );
  });
});

describe('categoryLabel', () => {
  it('uses the spec badge labels', () => {
    expect(categoryLabel('wildlife')).toBe('Wildlife');
    expect(categoryLabel('Landscape')).toBe('Landscape');
    expect(categoryLabel('outdoor scenery')).toBe('Outdoor Scenery');
    expect(categoryLabel('others')).toBe('Other');
    expect(categoryLabel(null)).toBe('Other');
  });
});
