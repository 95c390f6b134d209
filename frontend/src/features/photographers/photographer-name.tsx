import { Link } from 'react-router';
import { photographerPath } from './api';

/**
 * The uploader's name: a link to their page when they made their profile public, plain "shared
 * by" text otherwise (members stay anonymous by default).
 */
export function PhotographerName({ photo }: { photo: { username: string; photographerId?: string | null } }) {
  if (!photo.photographerId) return <span data-testid="photographer-name">{photo.username}</span>;
  return (
    <Link to={photographerPath(photo.photographerId)} className="photographer-link" data-testid="photographer-link">
      {photo.username}
    </Link>
  );
}
