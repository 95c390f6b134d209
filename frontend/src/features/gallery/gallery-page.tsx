import { CloseOutlined, PictureOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Checkbox, Input, Segmented, Select, Tag } from 'antd';
import { useDeferredValue, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { NOTICES } from '../../app/notify';
import { LinkButton } from '../../components/link-button';
import { PageHeader } from '../../components/page-header';
import { GALLERY_REFETCH_MS, useGetGalleryQuery } from '../photos/api';
import { useFullscreenViewer } from '../photos/fullscreen-viewer';
import { PhotoCard } from '../photos/photo-card';
import { PhotoGrid, PhotoGridItem, PhotoGridSkeleton } from '../photos/photo-grid';
import type { GalleryCategory, GallerySort } from '../photos/types';
import { GalleryPagination } from './gallery-pagination';
import { galleryRequest, readGalleryParams, writeGalleryParams, type GalleryParams } from './gallery-params';
import '../photos/photos.css';
import './gallery.css';

const SKELETON_COUNT = 6;
/**
 * Cards in the first row (three columns on a desktop) load at once and first; the rest when
 * scrolled near. In server-rendered HTML the browser finds these images before any script runs.
 */
const EAGER_CARDS = 3;

// The spec's All / Wildlife / Landscape, and Other: the photos with the "Other" badge (neither).
const CATEGORY_OPTIONS: Array<{ value: 'all' | GalleryCategory; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'wildlife', label: 'Wildlife' },
  { value: 'landscape', label: 'Landscape' },
  { value: 'others', label: 'Other' },
];

const SORT_OPTIONS: Array<{ value: GallerySort; label: string }> = [
  { value: 'newest', label: 'Newest' },
  { value: 'oldest', label: 'Oldest' },
  { value: 'most-liked', label: 'Most Liked' },
  { value: 'most-viewed', label: 'Most Viewed' },
  { value: 'top-rated', label: 'Top Rated' },
];

export function GalleryPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = readGalleryParams(searchParams);
  const sortId = useId();
  const resultsRef = useRef<HTMLDivElement>(null);
  const [searchText, setSearchText] = useState(params.search);

  // Back and forward change the URL: follow it in the field.
  useEffect(() => setSearchText(params.search), [params.search]);

  const gallery = useGetGalleryQuery(galleryRequest(params), { pollingInterval: GALLERY_REFETCH_MS, skipPollingIfUnfocused: true });
  // The store's answers re-render at once (a long task for twelve cards); deferred, React renders
  // the new photos in slices while the page stays responsive.
  const { data, isLoading, isFetching, isError, refetch } = useDeferredValue(gallery);

  const update = (change: Partial<GalleryParams>) => {
    // Any filter change starts again from page 1.
    const next: GalleryParams = { ...params, page: 1, ...change };
    setSearchParams(writeGalleryParams(next));
  };

  const goToPage = (page: number) => {
    update({ page });
    resultsRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  };

  const photos = useMemo(() => data?.photos ?? [], [data?.photos]);
  // Full screen moves through this page's photos.
  const fullscreen = useFullscreenViewer(photos);
  const openFullscreen = fullscreen.open;
  // The cards change only with the photos: the page's other renders (the visitor's answer coming
  // in, a typed search, the URL) leave the twelve cards as they are, the first one included, which
  // came while the server-drawn page was still being hydrated.
  const cards = useMemo(
    () =>
      data?.photos.map((photo, index) => (
        <PhotoGridItem key={photo.id}>
          <PhotoCard photo={photo} lazy={index >= EAGER_CARDS} priority={index < EAGER_CARDS} likeable naturalShape onFullscreen={openFullscreen} />
        </PhotoGridItem>
      )),
    [data?.photos, openFullscreen],
  );

  return (
    <div className="gallery-page">
      <PageHeader
        title="Gallery"
        lead="Browse wildlife and landscape photos shared by the community. Filter by category, sort by date, likes, views or rating, and open any photo to see its AI critique."
      >
        <p className="gallery-page__map-link">
          <Link to="/map">See where the photos were taken on the map</Link>
        </p>
      </PageHeader>
      <div className="gallery-toolbar" role="search" aria-label="Gallery filters">
        <Segmented
          className="gallery-toolbar__categories"
          options={CATEGORY_OPTIONS}
          value={params.category}
          onChange={(value) => update({ category: value as GalleryParams['category'] })}
          aria-label="Category"
        />
        <Input.Search
          className="gallery-toolbar__search"
          placeholder="Search titles, species and cameras"
          aria-label="Search photos"
          allowClear
          maxLength={100}
          value={searchText}
          onChange={(event) => setSearchText(event.target.value)}
          onSearch={(value) => update({ search: value.trim() })}
        />
        <Checkbox className="gallery-toolbar__wild" checked={params.wild} onChange={(event) => update({ wild: event.target.checked })} data-testid="wild-only">
          Wild only
        </Checkbox>
        <div className="gallery-toolbar__sort">
          <label htmlFor={sortId}>Sort by</label>
          <Select
            id={sortId}
            value={params.sort}
            options={SORT_OPTIONS}
            onChange={(value: GallerySort) => update({ sort: value })}
            popupMatchSelectWidth={false}
          />
        </div>
      </div>

      {(params.species || params.cell) && (
        <p className="gallery-filters" data-testid="gallery-nature-filters">
          {params.species && (
            <Tag closable onClose={() => update({ species: '' })} closeIcon={<CloseOutlined aria-label="Show every species" />}>
              Species: <i>{params.species}</i>
            </Tag>
          )}
          {params.cell && (
            <Tag closable onClose={() => update({ cell: '' })} closeIcon={<CloseOutlined aria-label="Show every place" />}>
              Map square {params.cell.replace(',', ', ')}
            </Tag>
          )}
        </p>
      )}
      <div ref={resultsRef} className="gallery-results" aria-busy={isFetching}>
        {params.search && !isError && (
          <p className="gallery-results__summary" role="status">
            {data ? `${data.total} ${data.total === 1 ? 'photo matches' : 'photos match'} “${params.search}”` : `Searching for “${params.search}”`}
          </p>
        )}
        {isLoading && <PhotoGridSkeleton count={SKELETON_COUNT} label="Loading photos" />}
        {isError && !data && (
          <div className="empty-state" role="alert">
            <h2 className="empty-state__title">{NOTICES.errorLoadingGallery}</h2>
            <p>The photos could not be loaded. Check your connection and try again.</p>
            <Button type="primary" icon={<ReloadOutlined />} onClick={() => void refetch()}>
              Try Again
            </Button>
          </div>
        )}
        {data && photos.length === 0 && (
          <div className="empty-state">
            <PictureOutlined className="empty-state__icon" aria-hidden="true" />
            <h2 className="empty-state__title">{params.search ? 'No photos match your search' : params.category !== 'all' ? 'No photos in this category yet' : 'No photos here yet'}</h2>
            <p>
              {params.search
                ? 'Try other words, or clear the search to see every photo.'
                : params.category !== 'all'
                  ? 'Try another category, or see every photo.'
                  : 'Be the first to share one: upload a photo, then make it public from My Photos.'}
            </p>
            {params.search || params.category !== 'all' || params.species || params.wild || params.cell ? (
              <Button onClick={() => update({ search: '', category: 'all', species: '', wild: false, cell: '' })}>Show All Photos</Button>
            ) : (
              <LinkButton to="/upload" type="primary">
                Upload a Photo
              </LinkButton>
            )}
          </div>
        )}
        {photos.length > 0 && (
          <PhotoGrid label="Photos" masonry>
            {cards}
          </PhotoGrid>
        )}
        {fullscreen.viewer}
        {data && data.totalPages > 1 && (
          <GalleryPagination page={Math.min(params.page, data.totalPages)} totalPages={data.totalPages} onChange={goToPage} />
        )}
      </div>
    </div>
  );
}
