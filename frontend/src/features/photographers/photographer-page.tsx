import { ArrowLeftOutlined, EyeOutlined, HeartOutlined, PictureOutlined } from '@ant-design/icons';
import { Avatar, Button, Skeleton } from 'antd';
import { useParams, useSearchParams } from 'react-router';
import { errorStatus } from '../../api/server-message';
import { useDocumentMeta } from '../../components/document-meta';
import { LinkButton } from '../../components/link-button';
import { GalleryPagination } from '../gallery/gallery-pagination';
import { PlacesMap } from '../nature/places-map';
import { PhotoCard } from '../photos/photo-card';
import { PhotoGrid, PhotoGridItem, PhotoGridSkeleton } from '../photos/photo-grid';
import '../photos/photos.css';
import { useGetPhotographerQuery, type PhotographerPage as PhotographerPageData } from './api';
import './photographers.css';

/** Cards above the fold load at once; the rest when scrolled near. */
const EAGER_CARDS = 3;

/** /photographers/:id — a member who made their profile public: name, avatar, counts, public photos. */
export function PhotographerPage() {
  const { id = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Number(search.get('page')) || 1);
  const { data, isLoading, isFetching, isError, error, refetch } = useGetPhotographerQuery({ id, page }, { skip: !id });

  if (!id || (isError && errorStatus(error) === 404)) {
    return (
      <div className="page-header photographer-not-found" data-testid="photographer-not-found">
        <h1 className="page-header__title">Photographer Not Found</h1>
        <p className="page-header__lead">This photographer’s page may have been made private.</p>
        <LinkButton to="/gallery" type="primary" icon={<ArrowLeftOutlined />}>
          Explore Gallery
        </LinkButton>
      </div>
    );
  }
  if (isError && !data) {
    return (
      <div className="page-header photographer-not-found">
        <h1 className="page-header__title">Photographer</h1>
        <p className="page-header__lead">This page could not be loaded. Check your connection and try again.</p>
        <Button type="primary" onClick={() => void refetch()}>
          Try Again
        </Button>
      </div>
    );
  }
  if (isLoading || !data) {
    return (
      <div className="photographer-page" role="status" aria-label="Loading photographer">
        <Skeleton avatar={{ size: 96 }} active paragraph={{ rows: 2 }} />
        <PhotoGridSkeleton count={6} label="Loading photos" />
      </div>
    );
  }
  const goToPage = (next: number) => {
    setSearch(next > 1 ? { page: String(next) } : {});
    window.scrollTo({ top: 0 });
  };
  return <PhotographerView data={data} busy={isFetching} onPage={goToPage} />;
}

function PhotographerView({ data, busy, onPage }: { data: PhotographerPageData; busy: boolean; onPage: (page: number) => void }) {
  useDocumentMeta(data.name, `Nature photos by ${data.name} on Wildframe.`);
  const initial = (data.firstName || data.name).charAt(0).toUpperCase();
  const counts = [
    { label: data.photoCount === 1 ? 'photo' : 'photos', value: data.photoCount, icon: <PictureOutlined aria-hidden="true" />, testId: 'photographer-photos' },
    { label: data.likesReceived === 1 ? 'like' : 'likes', value: data.likesReceived, icon: <HeartOutlined aria-hidden="true" />, testId: 'photographer-likes' },
    { label: data.views === 1 ? 'view' : 'views', value: data.views, icon: <EyeOutlined aria-hidden="true" />, testId: 'photographer-views' },
  ];
  return (
    <div className="photographer-page" aria-busy={busy}>
      <header className="photographer-header">
        <Avatar size={96} src={data.avatarUrl ?? undefined} alt="" className="photographer-header__avatar">
          {initial}
        </Avatar>
        <div className="photographer-header__text">
          <h1 className="photographer-header__name">{data.name}</h1>
          <ul className="photographer-header__counts" aria-label="Counts">
            {counts.map((count) => (
              <li key={count.testId} data-testid={count.testId}>
                {count.icon} <strong className="tabular-nums">{count.value}</strong> {count.label}
              </li>
            ))}
          </ul>
        </div>
      </header>
      {data.photos.length === 0 ? (
        <p className="muted-text">No public photos yet.</p>
      ) : (
        <PhotoGrid label={`Photos by ${data.name}`}>
          {data.photos.map((photo, index) => (
            <PhotoGridItem key={photo.id}>
              <PhotoCard photo={photo} lazy={index >= EAGER_CARDS} />
            </PhotoGridItem>
          ))}
        </PhotoGrid>
      )}
      {data.totalPages > 1 && <GalleryPagination page={Math.min(data.page, data.totalPages)} totalPages={data.totalPages} onChange={onPage} />}
      {data.photos.length > 0 && (
        <section className="photographer-places" aria-labelledby="photographer-places">
          <h2 id="photographer-places" className="photo-page__section-title">
            Where {data.firstName || data.name} photographs
          </h2>
          <PlacesMap photographer={data.id} label={`Map of places photographed by ${data.name}`} />
        </section>
      )}
    </div>
  );
}
