import { EnvironmentOutlined } from '@ant-design/icons';
import { Button, Skeleton } from 'antd';
import { useState } from 'react';
import { useGetGalleryQuery } from '../photos/api';
import { PhotoCard } from '../photos/photo-card';
import { PhotoGrid, PhotoGridItem, PhotoGridSkeleton } from '../photos/photo-grid';
import '../photos/photos.css';
import { useGetMapCellsQuery } from './api';
import type { MapCell } from './api';
import { formatPoint } from './place-line';
import { WorldMap } from './world-map';
import './nature.css';

/** A cell's name in the gallery's query: its south-west corner ("51.4,-0.2"). */
export function cellParam(cell: Pick<MapCell, 'lat' | 'lon'>): string {
  return `${cell.lat},${cell.lon}`;
}

/**
 * The map of public places (everyone's, or one photographer's): markers for clustered 0.2° cells;
 * choosing one lists its squares, and a square shows its photos (one photographer's map: theirs only,
 * as its counts say).
 */
export function PlacesMap({ photographer, label }: { photographer?: string; label: string }) {
  const { data, isLoading, isError, refetch } = useGetMapCellsQuery({ photographer });
  const [chosen, setChosen] = useState<MapCell[]>([]);
  const [cell, setCell] = useState<MapCell | null>(null);

  if (isLoading) return <Skeleton.Node active className="world-map world-map--loading" />;
  if (isError || !data) {
    return (
      <div className="empty-state" role="alert">
        <p>The map could not be loaded. Check your connection and try again.</p>
        <Button onClick={() => void refetch()}>Try Again</Button>
      </div>
    );
  }
  const select = (cells: MapCell[]) => {
    setChosen(cells);
    setCell(cells.length === 1 ? (cells[0] ?? null) : null);
  };
  return (
    <div className="places-map">
      <WorldMap cells={data.cells} cellDegrees={data.cellDegrees} onSelect={select} label={label} />
      {data.cells.length === 0 && <p className="muted-text">No public places yet.</p>}
      {chosen.length > 1 && (
        <ul className="places-map__cells" aria-label="Squares here">
          {chosen.map((c) => (
            <li key={cellParam(c)}>
              <Button type={cell === c ? 'primary' : 'default'} icon={<EnvironmentOutlined />} onClick={() => setCell(c)} data-cell={cellParam(c)}>
                Near {formatPoint({ lat: c.lat + data.cellDegrees / 2, lon: c.lon + data.cellDegrees / 2 })} · {c.count} {c.count === 1 ? 'photo' : 'photos'}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {cell && <CellPhotos cell={cell} cellDegrees={data.cellDegrees} photographer={photographer} />}
    </div>
  );
}

function CellPhotos({ cell, cellDegrees, photographer }: { cell: MapCell; cellDegrees: number; photographer?: string }) {
  const { data, isLoading } = useGetGalleryQuery({ cell: cellParam(cell), photographer, sort: 'most-liked', page: 1 });
  const centre = formatPoint({ lat: cell.lat + cellDegrees / 2, lon: cell.lon + cellDegrees / 2 });
  return (
    <section className="map-page__cell-photos" aria-label={`Photos near ${centre}`} data-testid="cell-photos">
      <h2 className="photo-page__section-title">Photos near {centre}</h2>
      {isLoading && <PhotoGridSkeleton count={3} label="Loading photos" />}
      {data && (
        <PhotoGrid label={`Photos near ${centre}`}>
          {data.photos.map((photo) => (
            <PhotoGridItem key={photo.id}>
              <PhotoCard photo={photo} headingLevel={3} />
            </PhotoGridItem>
          ))}
        </PhotoGrid>
      )}
    </section>
  );
}
