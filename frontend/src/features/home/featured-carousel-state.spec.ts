import { groupCount, nextGroup, previousGroup, visibleItems } from './featured-carousel-state';

describe('featured carousel', () => {
  const items = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];

  it('shows three at a time', () => {
    expect(groupCount(7)).toBe(3);
    expect(visibleItems(items, 0)).toEqual(['a', 'b', 'c']);
    expect(visibleItems(items, 1)).toEqual(['d', 'e', 'f']);
    expect(visibleItems(items, 2)).toEqual(['g']);
  });

  it('advances by three and wraps around both ways', () => {
    expect(nextGroup(0, 7)).toBe(1);
    expect(nextGroup(2, 7)).toBe(0);
    expect(previousGroup(0, 7)).toBe(2);
    expect(nextGroup(0, 3)).toBe(0);
  });

  it('copes with no photos', () => {
    expect(groupCount(0)).toBe(1);
    expect(visibleItems([], 0)).toEqual([]);
  });
});
