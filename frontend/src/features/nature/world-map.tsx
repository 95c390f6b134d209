import { geoEqualEarth, geoPath } from 'd3-geo';
import { useEffect, useMemo, useRef, useState } from 'react';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
// Natural Earth's land at 1:110m (public domain), as the npm package world-atlas ships it: drawn
// here, offline, with no tile server.
import landAtlas from 'world-atlas/land-110m.json';
import type { MapCell } from './api';
import { clusterCells, markerRadius } from './map-clusters';
import type { Cluster } from './map-clusters';

const WIDTH = 960;
const HEIGHT = 470;
/** Cells drawn closer than this (px on a map drawn 960 px wide) share a marker. */
const CLUSTER_RADIUS = 28;
/** A marker's smallest target, in screen px (WCAG 2.2 asks for 24 at least): a finger finds it on a phone. */
const MIN_TARGET = 28;

const atlas = landAtlas as unknown as Topology<{ land: GeometryCollection }>;
const land = feature(atlas, atlas.objects.land);
const projection = geoEqualEarth().fitSize([WIDTH, HEIGHT], land);
const landPath = geoPath(projection)(land) ?? '';

interface WorldMapProps {
  cells: readonly MapCell[];
  cellDegrees: number;
  /** A marker was chosen: the cells it stands for. */
  onSelect?: (cells: MapCell[]) => void;
  label: string;
  /** Picking a place: a click on the map answers the point under it. */
  onPick?: (point: { lat: number; lon: number }) => void;
  /** The point picked, drawn as a pin. */
  picked?: { lat: number; lon: number } | null;
}

/** The map point under a click, in degrees rounded to 0.0001° (about 11 m), or null off the globe. */
function pointAt(event: React.MouseEvent<SVGSVGElement>): { lat: number; lon: number } | null {
  const svg = event.currentTarget;
  const matrix = svg.getScreenCTM();
  if (!matrix) return null;
  const at = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
  const inverted = projection.invert?.([at.x, at.y]);
  if (!inverted || !Number.isFinite(inverted[0]) || !Number.isFinite(inverted[1]) || Math.abs(inverted[0]) > 180 || Math.abs(inverted[1]) > 90) return null;
  return { lat: Math.round(inverted[1] * 1e4) / 1e4, lon: Math.round(inverted[0] * 1e4) / 1e4 };
}

/**
 * Map units per screen pixel, at least 1: the world shrinks to fit a phone (960 units in ~380 px),
 * and markers, their counts and their clustering are scaled back up so they keep their size on
 * screen instead of shrinking to dots a finger cannot hit.
 */
function useUnitsPerPixel(ref: React.RefObject<SVGSVGElement | null>): number {
  const [units, setUnits] = useState(1);
  useEffect(() => {
    const svg = ref.current;
    if (!svg) return undefined;
    const measure = () => {
      const width = svg.getBoundingClientRect().width;
      if (width > 0) setUnits(Math.max(1, WIDTH / width));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(measure);
    observer.observe(svg);
    return () => observer.disconnect();
  }, [ref]);
  return units;
}

/** The world with a marker per cluster of public places; a marker is a button (click, tap or Enter). */
export function WorldMap({ cells, cellDegrees, onSelect, label, onPick, picked }: WorldMapProps) {
  const svgRef = useRef<SVGSVGElement>(null);
  const units = useUnitsPerPixel(svgRef);
  const clusters = useMemo<Array<Cluster<MapCell>>>(() => {
    const projected = cells.flatMap((cell) => {
      // The cell's centre stands for it.
      const point = projection([cell.lon + cellDegrees / 2, cell.lat + cellDegrees / 2]);
      return point ? [{ cell, x: point[0], y: point[1], count: cell.count }] : [];
    });
    return clusterCells(projected, CLUSTER_RADIUS * units);
  }, [cells, cellDegrees, units]);

  return (
    <svg
      ref={svgRef}
      className={['world-map', onPick ? 'world-map--picking' : ''].filter(Boolean).join(' ')}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="group"
      aria-label={label}
      data-testid="world-map"
      onClick={
        onPick
          ? (event) => {
              const point = pointAt(event);
              if (point) onPick(point);
            }
          : undefined
      }
    >
      <path className="world-map__land" d={landPath} />
      {picked && <PickedPin point={picked} units={units} />}
      {clusters.map((cluster) => {
        const name = `${cluster.count} ${cluster.count === 1 ? 'photo' : 'photos'} here`;
        return (
          <g
            key={`${cluster.x}:${cluster.y}`}
            role="button"
            tabIndex={0}
            aria-label={name}
            className="world-map__marker"
            data-testid="map-marker"
            data-cells={cluster.cells.map((cell) => `${cell.lat},${cell.lon}`).join(' ')}
            onClick={() => onSelect?.(cluster.cells)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' || event.key === ' ') {
                event.preventDefault();
                onSelect?.(cluster.cells);
              }
            }}
          >
            <title>{name}</title>
            <circle className="world-map__target" cx={cluster.x} cy={cluster.y} r={Math.max(markerRadius(cluster.count), MIN_TARGET / 2) * units} />
            <circle className="world-map__cell" cx={cluster.x} cy={cluster.y} r={markerRadius(cluster.count) * units} />
            <text className="world-map__count" x={cluster.x} y={cluster.y} fontSize={10 * units}>
              {cluster.count}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

function PickedPin({ point, units }: { point: { lat: number; lon: number }; units: number }) {
  const at = projection([point.lon, point.lat]);
  if (!at) return null;
  return <circle className="world-map__pin" cx={at[0]} cy={at[1]} r={5 * units} data-testid="map-pin" />;
}
