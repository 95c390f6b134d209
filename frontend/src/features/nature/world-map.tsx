import { geoEqualEarth, geoPath } from 'd3-geo';
import { useMemo } from 'react';
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
/** Cells drawn closer than this (px, in the map's own units) share a marker. */
const CLUSTER_RADIUS = 28;

const atlas = landAtlas as unknown as Topology<{ land: GeometryCollection }>;
const land = feature(atlas, atlas.objects.land);
const projection = geoEqualEarth().fitSize([WIDTH, HEIGHT], land);
const landPath = geoPath(projection)(land) ?? '';

interface WorldMapProps {
  cells: readonly MapCell[];
  cellDegrees: number;
  /** A marker was chosen: the cells it stands for. */
  onSelect: (cells: MapCell[]) => void;
  label: string;
}

/** The world with a marker per cluster of public places; a marker is a button (click or Enter). */
export function WorldMap({ cells, cellDegrees, onSelect, label }: WorldMapProps) {
  const clusters = useMemo<Array<Cluster<MapCell>>>(() => {
    const projected = cells.flatMap((cell) => {
      // The cell's centre stands for it.
      const point = projection([cell.lon + cellDegrees / 2, cell.lat + cellDegrees / 2]);
      return point ? [{ cell, x: point[0], y: point[1], count: cell.count }] : [];
    });
    return clusterCells(projected, CLUSTER_RADIUS);
  }, [cells, cellDegrees]);

  return (
    <svg className="world-map" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="group" aria-label={label} data-testid="world-map">
      <path className="world-map__land" d={landPath} />
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
            onClick={() => onSelect(cluster.cells)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' || event.key === ' ') {
                event.preventDefault();
                onSelect(cluster.cells);
              }
            }}
          >
            <title>{name}</title>
            <circle className="world-map__cell" cx={cluster.x} cy={cluster.y} r={markerRadius(cluster.count)} />
            <text className="world-map__count" x={cluster.x} y={cluster.y}>
              {cluster.count}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
