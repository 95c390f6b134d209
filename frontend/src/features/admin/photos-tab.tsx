import { DeleteOutlined, FundViewOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import { App, Button, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { notify, NOTICES } from '../../app/notify';
import { CategoryBadge } from '../photos/category-badge';
import { PhotoImage } from '../photos/photo-image';
import type { PhotoDetail } from '../photos/types';
import { formatDate } from './admin-dates';
import { useDeleteAdminPhotoMutation, useToggleFeaturedMutation } from './api';
import { failureReason } from './failure-reason';
import { PhotoAnalysisDialog } from './photo-analysis-dialog';

/** Every photo, public or not: open its analysis, feature it on the home page, or delete it. */
export function PhotosTab({ photos }: { photos: PhotoDetail[] }) {
  const { modal } = App.useApp();
  const [toggleFeatured] = useToggleFeaturedMutation();
  const [deletePhoto] = useDeleteAdminPhotoMutation();
  const [busyId, setBusyId] = useState<string | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);
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

  if (photos.length === 0) return <p className="admin-empty">No photos match your search.</p>;

  return (
    <>
      <ul className="admin-photos" aria-label="Photos">
        {photos.map((photo) => (
          <li key={photo.id} className="admin-photo" data-testid="admin-photo">
            <button type="button" className="admin-photo__image" onClick={() => setOpenId(photo.id)} aria-label={`Open the analysis of ${photo.title}`}>
              <PhotoImage photo={photo} variant="card" />
            </button>
            <div className="admin-photo__body">
              <p className="admin-row__title">{photo.title}</p>
              <p className="admin-row__sub">
                {photo.username} · {formatDate(photo.uploadedAt)}
              </p>
              <div className="admin-tags">
                <CategoryBadge category={photo.category} />
                <Tag className={`admin-tag ${photo.isPublic ? 'admin-tag--public' : 'admin-tag--muted'}`}>{photo.isPublic ? 'Public' : 'Private'}</Tag>
                {photo.isFeatured && <Tag className="admin-tag admin-tag--featured">Featured</Tag>}
                {photo.overallRating && <span className="admin-row__meta tabular-nums">{photo.overallRating}/10</span>}
              </div>
              {photo.isFeatured && !photo.isPublic && <p className="admin-photo__note">Private photos stay off the home page until their owner makes them public.</p>}
              <div className="admin-photo__actions">
                <Button icon={<FundViewOutlined aria-hidden="true" />} onClick={() => setOpenId(photo.id)}>
                  Analysis
                </Button>
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
              </div>
            </div>
          </li>
        ))}
      </ul>
      <PhotoAnalysisDialog photo={open} onClose={() => setOpenId(null)} />
    </>
  );
}
