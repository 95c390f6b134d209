import { PageHeader } from '../../components/page-header';
import { PlacesMap } from './places-map';

/** /map: where the community's public photos were taken, as generalised places. */
export function MapPage() {
  return (
    <div className="map-page">
      <PageHeader
        title="Map"
        lead="Where the community’s public photos were taken. Each place is shown within a 0.2° square (about 20 km across), never the exact spot; private places and species threatened with extinction are never on the map. Choose a marker to see its photos."
      />
      <PlacesMap label="World map of photo places" />
    </div>
  );
}
