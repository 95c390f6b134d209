// Cells near one another on the drawn map are clustered, so a region with many places shows one
// marker with their total instead of overlapping dots (the world is drawn ~1000 px wide: a 0.2°
// cell is under a pixel).

export interface ProjectedCell<C> {
  cell: C;
  x: number;
  y: number;
  count: number;
}

export interface Cluster<C> {
  /** The count-weighted centre of its cells. */
  x: number;
  y: number;
  count: number;
  cells: C[];
}

/**
 * Greedy clustering on a grid of `radius` pixels: each cell joins the cluster of its grid square,
 * so the result does not depend on the order of the cells. Clusters come out largest first.
 */
export function clusterCells<C>(cells: ReadonlyArray<ProjectedCell<C>>, radius: number): Array<Cluster<C>> {
  const squares = new Map<string, { sx: number; sy: number; count: number; cells: C[] }>();
  for (const { cell, x, y, count } of cells) {
    const key = `${Math.floor(x / radius)}:${Math.floor(y / radius)}`;
    const square = squares.get(key) ?? { sx: 0, sy: 0, count: 0, cells: [] };
    square.sx += x * count;
    square.sy += y * count;
    square.count += count;
    square.cells.push(cell);
    squares.set(key, square);
  }
  return [...squares.values()]
    .map((square) => ({ x: square.sx / square.count, y: square.sy / square.count, count: square.count, cells: square.cells }))
    .sort((a, b) => b.count - a.count || a.x - b.x || a.y - b.y);
}

/** A marker's radius grows with the square root of its count (its area with the count). */
export function markerRadius(count: number): number {
  return Math.min(22, 6 + 3 * Math.sqrt(count));
}
