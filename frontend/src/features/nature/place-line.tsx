import { EnvironmentOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import type { Schemas } from '../../api/schema';

type PlaceFields = Pick<Schemas['PhotoDetail'], 'place' | 'exactPlace' | 'placeNotice' | 'isOwner'>;

function degrees(value: number, positive: string, negative: string): string {
  return `${Math.abs(value).toFixed(2)}° ${value >= 0 ? positive : negative}`;
}

/** "46.58° N, 6.70° E". */
export function formatPoint(point: { lat: number; lon: number }): string {
  return `${degrees(point.lat, 'N', 'S')}, ${degrees(point.lon, 'E', 'W')}`;
}

/**
 * Where the photo was taken: for everyone, the generalised point (within its 0.2° square); for its
 * owner also the exact point and who sees what (the notice says why a place is hidden).
 */
export function PlaceLine({ photo }: { photo: PlaceFields }) {
  if (photo.isOwner && photo.exactPlace) {
    return (
      <div className="photo-page__place" data-testid="photo-place">
        <p>
          <EnvironmentOutlined aria-hidden="true" /> Taken at {formatPoint(photo.exactPlace)} (only you see this point)
        </p>
        {photo.placeNotice && <p className="muted-text" data-testid="place-notice">{photo.placeNotice}</p>}
      </div>
    );
  }
  if (!photo.place) return null;
  return (
    <p className="photo-page__place" data-testid="photo-place">
      <EnvironmentOutlined aria-hidden="true" /> Taken near {formatPoint(photo.place)} (somewhere within about 20 km) · <Link to="/map">See the map</Link>
    </p>
  );
}
