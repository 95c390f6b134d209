import { CheckOutlined, CloseOutlined, DeleteOutlined, FundViewOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import { App, Button, Segmented, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { notify, NOTICES } from '../../app/notify';
import { LabelBadges } from '../nature/label-badges';
import { SpeciesLink } from '../nature/species-link';
import { PhotoBadge } from '../photos/category-badge';
import { PhotoImage } from '../photos/photo-image';
import { isHeld, reviewReason } from '../photos/review';
import type { PhotoDetail } from '../photos/types';
import { formatDate } from './admin-dates';
import { NEEDS_REVIEW, type PhotoFilter } from './admin-search';
import { useApprovePhotoMutation, useDeleteAdminPhotoMutation, useRejectPhotoMutation, useToggleFeaturedMutation } from './api';
import { failureReason } from './failure-reason';
import { PhotoAnalysisDialog } from './photo-analysis-dialog';
import { ReasonDialog } from './reason-dialog';

interface PhotosTabProps {
  /** The page of photos to draw (already searched and filtered). */
  photos: PhotoDetail[];
  filter: PhotoFilter;
  onFilterChange: (filter: PhotoFilter) => void;
  /** Photos held for review among those the search matches. */
  needsReview: number;
}

/**
 * Every photo, public or not: open its analysis, feature it on the home page, or delete it. Photos
 * the AI engine held for review ("Needs review") are approved or rejected (deleted, with a reason).
 */
export function PhotosTab({ photos, filter, onFilterChange, needsReview }: PhotosTabProps) {
  const { modal } = App.useApp();
  const [toggleFeatured] = useToggleFeaturedMutation();
  const [deletePhoto] = useDeleteAdminPhotoMutation();
  const [approvePhoto] = useApprovePhotoMutation();
  const [rejectPhoto, rejectState] = useRejectPhotoMutation();
  const [busyId, setBusyId] = useState<string | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState<PhotoDetail | null>(null);
  // The open photo follows refetches (a featured change shows in the dialog too).
  const open = photos.find((p) => p.id === openId) ?? null;

  const feature = async (photo: PhotoDetail) => {
    setBusyId(photo.id);
    try {
      const result = await toggleFeatured(photo.id).unwrap();
      notify.success(NOTICES.featuredStatusUpdated, result.isFeatured ? `“${photo.title}” is featured on the home page.` : `“${photo.title}” is no longer featured.`);
    } catch (error) {
      notify.error(NOTICES.updateFeaturedStatusFailed, failureReason(error));
    } finally {
      setBusyId(null);
    }
  };

  const approve = async (photo: PhotoDetail) => {
    setBusyId(photo.id);
    try {
      await approvePhoto(photo.id).unwrap();
      notify.success(NOTICES.photoApproved, `“${photo.title}” may now be made public by its owner.`);
    } catch (error) {
      notify.error(NOTICES.approvePhotoFailed, failureReason(error));
    } finally {
      setBusyId(null);
    }
  };

  const reject = async (photo: PhotoDetail, reason: string) => {
    try {
      await rejectPhoto({ id: photo.id, reason }).unwrap();
      if (openId === photo.id) setOpenId(null);
      setRejecting(null);
      notify.success(NOTICES.photoRejected, `“${photo.title}” was deleted.`);
    } catch (error) {
      notify.error(NOTICES.rejectPhotoFailed, failureReason(error));
    }
  };

  const confirmDelete = (photo: PhotoDetail) => {
    modal.confirm({
      title: `Delete “${photo.title}”?`,
      content: `${photo.username}’s photo, its AI rating, likes and views are removed for good. This cannot be undone.`,
      okText: 'Delete Photo',
      okButtonProps: { danger: true },
      cancelText: 'Keep Photo',
      onOk: async () => {
        try {
          await deletePhoto(photo.id).unwrap();
          if (openId === photo.id) setOpenId(null);
          notify.success(NOTICES.photoDeleted);
        } catch (error) {
          notify.error(NOTICES.deletePhotoFailed, failureReason(error));
        }
      },
    });
  };

  return (
    <>
      <Segmented<PhotoFilter>
        className="admin-photo-filter"
        aria-label="Which photos"
        value={filter}
        onChange={onFilterChange}
        options={[
          { value: 'all', label: 'All photos' },
          { value: 'review', label: `${NEEDS_REVIEW} (${needsReview})` },
        ]}
      />
      {photos.length === 0 ? (
        <p className="admin-empty">{filter === 'review' ? 'No photos need review.' : 'No photos match your search.'}</p>
      ) : (
        <ul className="admin-photos" aria-label="Photos">
          {photos.map((photo) => {
            const held = isHeld(photo);
            return (
              <li key={photo.id} className={held ? 'admin-photo admin-photo--held' : 'admin-photo'} data-testid="admin-photo">
                <button type="button" className="admin-photo__image" onClick={() => setOpenId(photo.id)} aria-label={`Open the analysis of ${photo.title}`}>
                  <PhotoImage photo={photo} variant="card" />
                </button>
                <div className="admin-photo__body">
                  <p className="admin-row__title">{photo.title}</p>
                  <p className="admin-row__sub">
                    {photo.username} · {formatDate(photo.uploadedAt)}
                  </p>
                  <div className="admin-tags">
                    <PhotoBadge photo={photo} heldLabel={NEEDS_REVIEW} />
                    <LabelBadges labels={photo.labels} />
                    <Tag className={`admin-tag ${photo.isPublic ? 'admin-tag--public' : 'admin-tag--muted'}`}>{photo.isPublic ? 'Public' : 'Private'}</Tag>
                    {photo.isFeatured && <Tag className="admin-tag admin-tag--featured">Featured</Tag>}
                    {photo.overallRating && <span className="admin-row__meta tabular-nums">{photo.overallRating}/10</span>}
                  </div>
                  {photo.species && (
                    <p className="admin-row__sub">
                      <SpeciesLink species={photo.species} />
                    </p>
                  )}
                  {held && reviewReason(photo) && <p className="admin-photo__reason">{reviewReason(photo)}</p>}
                  {photo.isFeatured && !photo.isPublic && <p className="admin-photo__note">Private photos stay off the home page until their owner makes them public.</p>}
                  <div className="admin-photo__actions">
                    <Button icon={<FundViewOutlined aria-hidden="true" />} onClick={() => setOpenId(photo.id)}>
                      Analysis
                    </Button>
                    {held ? (
                      <>
                        <Button type="primary" icon={<CheckOutlined aria-hidden="true" />} loading={busyId === photo.id} onClick={() => void approve(photo)} aria-label={`Approve ${photo.title}`}>
                          Approve
                        </Button>
                        <Button danger icon={<CloseOutlined aria-hidden="true" />} onClick={() => setRejecting(photo)} aria-label={`Reject ${photo.title}`}>
                          Reject
                        </Button>
                      </>
                    ) : (
                      <>
                        <Button
                          icon={photo.isFeatured ? <StarFilled aria-hidden="true" /> : <StarOutlined aria-hidden="true" />}
                          aria-pressed={photo.isFeatured}
                          loading={busyId === photo.id}
                          onClick={() => void feature(photo)}
                          className={photo.isFeatured ? 'admin-photo__featured' : undefined}
                        >
                          Featured
                        </Button>
                        <Tooltip title="Delete">
                          <Button danger icon={<DeleteOutlined aria-hidden="true" />} onClick={() => confirmDelete(photo)} aria-label={`Delete ${photo.title}`} className="admin-photo__delete" />
                        </Tooltip>
                      </>
                    )}
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <PhotoAnalysisDialog photo={open} onClose={() => setOpenId(null)} />
      <ReasonDialog
        open={rejecting !== null}
        title={`Reject “${rejecting?.title ?? ''}”?`}
        okText="Reject Photo"
        danger
        reasonRequired
        busy={rejectState.isLoading}
        onConfirm={(reason) => rejecting && void reject(rejecting, reason)}
        onCancel={() => setRejecting(null)}
      >
        <p>{rejecting?.username}’s photo, its AI rating, likes and views are deleted for good. This cannot be undone.</p>
      </ReasonDialog>
    </>
  );
}
