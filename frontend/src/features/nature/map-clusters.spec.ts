import { clusterCells, markerRadius } from './map-clusters';

describe('map clusters', () => {
  it('joins cells drawn close together and keeps far ones apart, whatever their order', () => {
    const cells = [
      { cell: 'a', x: 101, y: 101, count: 1 },
      { cell: 'b', x: 105, y: 109, count: 3 },
      { cell: 'c', x: 400, y: 50, count: 2 },
    ];
    const clusters = clusterCells(cells, 24);
    expect(clusters).toEqual([
      { x: 104, y: 107, count: 4, cells: ['a', 'b'] },
      { x: 400, y: 50, count: 2, cells: ['c'] },
    ]);
    expect(clusterCells([...cells].reverse(), 24).map((c) => c.count)).toEqual([4, 2]);
  });

  it('grows markers with the count, within limits', () => {
    expect(markerRadius(1)).toBe(9);
    expect(markerRadius(100)).toBe(22);
  });
});
