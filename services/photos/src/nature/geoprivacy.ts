import { randomInt } from 'node:crypto';

/**
 * Places shown to everyone but the owner are generalised the way iNaturalist obscures them: the
 * point is rounded down to a cell of 0.2° and a random point inside that cell is shown instead.
 * The random point is drawn once and kept (drawn again only when the place changes), so repeated
 * reads cannot be averaged back to the true point.
 */
export const CELL_DEGREES = 0.2;
/** Cells per degree: 0.2° cells are indexed as whole numbers (lat × 5), free of float error. */
const PER_DEGREE = 5;

export interface GeoPoint {
  lat: number;
  lon: number;
}

export interface Cell {
  row: number;
  col: number;
}

export function isValidPoint(point: GeoPoint): boolean {
  return Number.isFinite(point.lat) && Number.isFinite(point.lon) && point.lat >= -90 && point.lat <= 90 && point.lon >= -180 && point.lon <= 180;
}

/** The cell holding a point (the poles and the antimeridian fold into the last row and column). */
export function cellOf(point: GeoPoint): Cell {
  const row = Math.min(Math.floor(point.lat * PER_DEGREE), 90 * PER_DEGREE - 1);
  const col = Math.min(Math.floor(point.lon * PER_DEGREE), 180 * PER_DEGREE - 1);
  return { row, col };
}

/** The south-west corner of a cell, in degrees. */
export function cellCorner(cell: Cell): GeoPoint {
  return { lat: round(cell.row / PER_DEGREE, 1), lon: round(cell.col / PER_DEGREE, 1) };
}

/** A cell named by its south-west corner ("51.4,-0.2"), or undefined when that is not a cell corner. */
export function parseCell(text: string): Cell | undefined {
  const match = /^\s*(-?\d{1,2}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)\s*$/.exec(text);
  if (!match) return undefined;
  const row = Number(match[1]) * PER_DEGREE;
  const col = Number(match[2]) * PER_DEGREE;
  if (Math.abs(row - Math.round(row)) > 1e-6 || Math.abs(col - Math.round(col)) > 1e-6) return undefined;
  const cell = { row: Math.round(row), col: Math.round(col) };
  return cell.row >= -90 * PER_DEGREE && cell.row < 90 * PER_DEGREE && cell.col >= -180 * PER_DEGREE && cell.col < 180 * PER_DEGREE ? cell : undefined;
}

function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

/** Positions inside a cell on a grid of 0.0001° (about 11 m), never on its edge. */
const STEPS = (CELL_DEGREES * 10_000) | 0;

/** A point drawn uniformly inside the point's cell (the cryptographic generator: not guessable). */
export function drawPublicPoint(point: GeoPoint, draw: (max: number) => number = randomInt): GeoPoint {
  const { row, col } = cellOf(point);
  const lat = round(row / PER_DEGREE + (1 + draw(STEPS - 1)) / 10_000, 4);
  const lon = round(col / PER_DEGREE + (1 + draw(STEPS - 1)) / 10_000, 4);
  return { lat, lon };
}
