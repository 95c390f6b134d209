// The photos feature's parts of the profile page: the plan usage card and the latest 8 photos
// with View All. Rendered by features/profile/profile-page.tsx.
import { PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { Card, Skeleton } from 'antd';
import { useState } from 'react';
import type { CurrentUser } from '../../api/types';
import { LinkButton } from '../../components/link-button';
import { USER_STATS_STALE_S, useGetMyPhotosQuery, useGetUserStatsQuery } from './api';
import { PhotoCard } from './photo-card';
import { PhotoDetailDialog } from './photo-detail-dialog';
import { PhotoGrid, PhotoGridItem, PhotoGridSkeleton } from './photo-grid';
import { UsageMeters } from './usage-meters';
import { useUploadLimits } from './use-upload-limits';
import './photos.css';

const LATEST_COUNT = 8;

interface SlotProps {
  user: CurrentUser;
}

/** Storage and today's uploads against the plan's limits, with the user's photo totals. */
export function PlanUsageSlot(_props: SlotProps) {
  const { data: limits, isLoading, isError } = useUploadLimits();
  const { data: stats } = useGetUserStatsQuery(undefined, { refetchOnMountOrArgChange: USER_STATS_STALE_S });
  return (
    <Card className="profile-card plan-usage-card" title={<h2 className="profile-card__title">Plan Usage</h2>}>
      {isLoading && <Skeleton active title={false} paragraph={{ rows: 3 }} />}
      {!isLoading && (isError || !limits) && <p className="profile-card__muted">Your usage could not be loaded. Please try again later.</p>}
      {limits && <UsageMeters limits={limits} />}
      {stats && (
        <dl className="plan-usage-card__stats">
          <div>
            <dt>Photos</dt>
            <dd className="tabular-nums">{stats.totalPhotos}</dd>
          </div>
          <div>
            <dt>Public</dt>
            <dd className="tabular-nums">{stats.publicPhotos}</dd>
          </div>
          <div>
            <dt>Likes</dt>
            <dd className="tabular-nums">{stats.totalLikes}</dd>
          </div>
          <div>
            <dt>Views</dt>
            <dd className="tabular-nums">{stats.totalViews}</dd>
          </div>
        </dl>
      )}
    </Card>
  );
}

/** The user's 8 latest photos, each opening the photo dialog, with View All to /my-photos. */
export function LatestPhotosSlot(_props: SlotProps) {
  const { data: photos, isLoading, isError, refetch } = useGetMyPhotosQuery(undefined, { refetchOnMountOrArgChange: true });
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const latest = (photos ?? []).slice(0, LATEST_COUNT);
  const selected = photos?.find((photo) => photo.id === selectedId) ?? null;
  return (
    <Card
      className="profile-card latest-photos-card"
      title={<h2 className="profile-card__title">Your Latest Photos</h2>}
      extra={
        photos && photos.length > 0 ? (
          <LinkButton to="/my-photos" type="link">
            View All
          </LinkButton>
        ) : null
      }
    >
      {isLoading && <PhotoGridSkeleton count={LATEST_COUNT} label="Loading your photos" compact />}
      {isError && (
        <p className="profile-card__muted">
          Your photos could not be loaded.{' '}
          <button type="button" className="text-button" onClick={() => void refetch()}>
            Try again
          </button>
        </p>
      )}
      {photos && photos.length === 0 && (
        <div className="empty-state empty-state--compact">
          <PictureOutlined className="empty-state__icon" aria-hidden="true" />
          <p>You haven&apos;t uploaded any photos yet. Upload one to get its AI rating.</p>
          <LinkButton to="/upload" type="primary" icon={<UploadOutlined />}>
            Upload a Photo
          </LinkButton>
        </div>
      )}
      {latest.length > 0 && (
        <PhotoGrid label="Your latest photos" compact>
          {latest.map((photo) => (
            <PhotoGridItem key={photo.id}>
              <PhotoCard photo={photo} onOpen={(card) => setSelectedId(card.id)} showVisibility headingLevel={3} />
            </PhotoGridItem>
          ))}
        </PhotoGrid>
      )}
      <PhotoDetailDialog photo={selected} onClose={() => setSelectedId(null)} />
    </Card>
  );
}
