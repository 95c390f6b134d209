import { ArrowLeftOutlined, PictureOutlined, ReloadOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Input, Select } from 'antd';
import { useId, useState } from 'react';
import { Navigate } from 'react-router';
import { useGetCurrentUserQuery } from '../../api/api';
import { LinkButton } from '../../components/link-button';
import { PageHeader } from '../../components/page-header';
import { useGetMyPhotosQuery } from '../photos/api';
import { PhotoCard } from '../photos/photo-card';
import { PhotoDetailDialog } from '../photos/photo-detail-dialog';
import { PhotoGrid, PhotoGridItem, PhotoGridSkeleton } from '../photos/photo-grid';
import { DEFAULT_FILTER, filterMyPhotos, isFiltered, type MyPhotosFilter } from './my-photos-filter';
import '../photos/photos.css';
import './my-photos.css';

const TITLE = 'My Photos';
const LEAD = 'Every photo you have uploaded. Search and filter them, and choose which ones the community can see.';
const SKELETON_COUNT = 9;

const CATEGORY_OPTIONS = [
  { value: 'all', label: 'All categories' },
  { value: 'wildlife', label: 'Wildlife' },
  { value: 'landscape', label: 'Landscape' },
];
const VISIBILITY_OPTIONS = [
  { value: 'all', label: 'All photos' },
  { value: 'public', label: 'Public' },
  { value: 'private', label: 'Private' },
];
const SORT_OPTIONS = [
  { value: 'newest', label: 'Newest' },
  { value: 'oldest', label: 'Oldest' },
  { value: 'most-liked', label: 'Most Liked' },
  { value: 'most-viewed', label: 'Most Viewed' },
];

export function MyPhotosPage() {
  const { data: user, isLoading, isUninitialized, isError } = useGetCurrentUserQuery();
  if (isLoading || isUninitialized) {
    return (
      <div className="my-photos-page">
        <PageHeader title={TITLE} lead={LEAD} />
        <PhotoGridSkeleton count={SKELETON_COUNT} label="Loading your photos" />
      </div>
    );
  }
  // Signed out: sign in first (spec, section 6).
  if (isError || !user) return <Navigate to="/login" replace />;
  return <MyPhotos />;
}

function MyPhotos() {
  const { data: photos, isLoading, isError, refetch } = useGetMyPhotosQuery(undefined, { refetchOnMountOrArgChange: true });
  const [filter, setFilter] = useState<MyPhotosFilter>(DEFAULT_FILTER);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const ids = { category: useId(), visibility: useId(), sort: useId() };

  const shown = photos ? filterMyPhotos(photos, filter) : [];
  const selected = photos?.find((photo) => photo.id === selectedId) ?? null;
  const change = (patch: Partial<MyPhotosFilter>) => setFilter((current) => ({ ...current, ...patch }));

  return (
    <div className="my-photos-page">
      <div className="my-photos-page__top">
        <LinkButton to="/profile" type="link" icon={<ArrowLeftOutlined />} className="my-photos-page__back">
          Back to Profile
        </LinkButton>
      </div>
      <PageHeader title={TITLE} lead={LEAD}>
        <LinkButton to="/upload" type="primary" icon={<UploadOutlined />}>
          Upload Photo
        </LinkButton>
      </PageHeader>

      <div className="my-photos-filters" role="search" aria-label="Filter your photos">
        <Input.Search
          className="my-photos-filters__search"
          placeholder="Search your photos"
          aria-label="Search your photos"
          allowClear
          value={filter.search}
          onChange={(event) => change({ search: event.target.value })}
        />
        <div className="my-photos-filters__field">
          <label htmlFor={ids.category}>Category</label>
          <Select
            id={ids.category}
            value={filter.category}
            options={CATEGORY_OPTIONS}
            onChange={(value: MyPhotosFilter['category']) => change({ category: value })}
          />
        </div>
        <div className="my-photos-filters__field">
          <label htmlFor={ids.visibility}>Visibility</label>
          <Select
            id={ids.visibility}
            value={filter.visibility}
            options={VISIBILITY_OPTIONS}
            onChange={(value: MyPhotosFilter['visibility']) => change({ visibility: value })}
          />
        </div>
        <div className="my-photos-filters__field">
          <label htmlFor={ids.sort}>Sort by</label>
          <Select
            id={ids.sort}
            value={filter.sort}
            options={SORT_OPTIONS}
            onChange={(value: MyPhotosFilter['sort']) => change({ sort: value })}
          />
        </div>
      </div>

      {isLoading && <PhotoGridSkeleton count={SKELETON_COUNT} label="Loading your photos" />}
      {isError && !photos && (
        <div className="empty-state" role="alert">
          <h2 className="empty-state__title">Your photos could not be loaded</h2>
          <p>Check your connection and try again.</p>
          <Button type="primary" icon={<ReloadOutlined />} onClick={() => void refetch()}>
            Try Again
          </Button>
        </div>
      )}
      {photos && photos.length === 0 && (
        <div className="empty-state">
          <PictureOutlined className="empty-state__icon" aria-hidden="true" />
          <h2 className="empty-state__title">No photos yet</h2>
          <p>Upload your first wildlife or landscape photo to get its AI rating and feedback.</p>
          <LinkButton to="/upload" type="primary" icon={<UploadOutlined />}>
            Upload Your First Photo
          </LinkButton>
        </div>
      )}
      {photos && photos.length > 0 && shown.length === 0 && (
        <div className="empty-state">
          <PictureOutlined className="empty-state__icon" aria-hidden="true" />
          <h2 className="empty-state__title">No photos match your filters</h2>
          <p>Try another search or show all of your photos.</p>
          <Button onClick={() => setFilter(DEFAULT_FILTER)}>Clear Filters</Button>
        </div>
      )}
      {shown.length > 0 && (
        <>
          <p className="my-photos-page__count" role="status">
            {isFiltered(filter) ? `${shown.length} of ${photos?.length ?? 0} photos` : `${shown.length} ${shown.length === 1 ? 'photo' : 'photos'}`}
          </p>
          <PhotoGrid label="Your photos">
            {shown.map((photo, index) => (
              <PhotoGridItem key={photo.id}>
                <PhotoCard photo={photo} lazy={index >= 3} onOpen={(card) => setSelectedId(card.id)} showVisibility />
              </PhotoGridItem>
            ))}
          </PhotoGrid>
        </>
      )}
      <PhotoDetailDialog photo={selected} onClose={() => setSelectedId(null)} />
    </div>
  );
}
