import { Link } from 'react-router';
import type { Schemas } from '../../api/schema';

export type PhotoSpecies = Schemas['PhotoSpecies'];

/** The gallery of a species (GET /api/photos?species=…): its scientific name in the URL. */
export function speciesGalleryPath(scientificName: string): string {
  return `/gallery?${new URLSearchParams({ species: scientificName }).toString()}`;
}

/** "Red fox (Vulpes vulpes)", linked to the species' gallery; free text stays plain. */
export function SpeciesLink({ species }: { species: PhotoSpecies | null | undefined }) {
  if (!species) return null;
  if (!species.scientificName) return <span className="species-name">{species.commonName}</span>;
  return (
    <Link className="species-name" to={speciesGalleryPath(species.scientificName)} data-testid="species-link">
      {species.commonName} (<i>{species.scientificName}</i>)
    </Link>
  );
}
