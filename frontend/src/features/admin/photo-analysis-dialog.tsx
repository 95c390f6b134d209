import { CalendarOutlined, CameraOutlined, EyeOutlined, HeartOutlined, UserOutlined } from '@ant-design/icons';
import { Modal, Tag } from 'antd';
import { LabelBadges } from '../nature/label-badges';
import { PlaceLine } from '../nature/place-line';
import { SpeciesLink } from '../nature/species-link';
import { AiAnalysisPanel } from '../photos/ai-analysis-panel';
import { cameraLine } from '../photos/camera-line';
import { PhotoBadge } from '../photos/category-badge';
import { formatPhotoDate } from '../photos/photo-date';
import { PhotoImage } from '../photos/photo-image';
import type { PhotoDetail } from '../photos/types';
import '../photos/photos.css';

interface PhotoAnalysisDialogProps {
  /** The photo to show; null closes the dialog. */
  photo: PhotoDetail | null;
  onClose: () => void;
}

/**
 * Any member's photo as the admin reviews it, in the photos feature's dark dialog: the whole frame,
 * its facts (with the species, the owner's labels, the camera and the place as others see it) and
 * the AI analysis. Read-only: the owner's own dialog (photos/photo-detail-dialog)
 * edits through owner-only endpoints; the admin acts from the list. Escape closes it.
 */
export function PhotoAnalysisDialog({ photo, onClose }: PhotoAnalysisDialogProps) {
  const camera = photo ? cameraLine(photo.camera) : null;
  return (
    <Modal
      open={photo !== null}
      onCancel={onClose}
      footer={null}
      width={1100}
      centered
      destroyOnHidden
      keyboard
      className="photo-dialog admin-photo-dialog"
      title={photo ? <span className="photo-dialog__title">{photo.title}</span> : null}
    >
      {photo && (
        <div className="photo-dialog__layout">
          <div className="photo-viewer photo-viewer--dialog">
            <PhotoImage photo={photo} variant="full" lazy={false} />
          </div>
          <div className="photo-dialog__side">
            <div className="photo-facts">
              <PhotoBadge photo={photo} />
              <LabelBadges labels={photo.labels} />
              <Tag className={`admin-tag ${photo.isPublic ? 'admin-tag--public' : 'admin-tag--muted'}`}>{photo.isPublic ? 'Public' : 'Private'}</Tag>
              {photo.isFeatured && <Tag className="admin-tag admin-tag--featured">Featured</Tag>}
            </div>
            <div className="photo-facts">
              <span className="photo-facts__item">
                <UserOutlined aria-hidden="true" /> Shared by {photo.username}
              </span>
              <span className="photo-facts__item">
                <CalendarOutlined aria-hidden="true" /> <time dateTime={photo.uploadedAt}>{formatPhotoDate(photo.uploadedAt)}</time>
              </span>
              <span className="photo-facts__item tabular-nums">
                <EyeOutlined aria-hidden="true" /> {photo.views} {photo.views === 1 ? 'view' : 'views'}
              </span>
              <span className="photo-facts__item tabular-nums">
                <HeartOutlined aria-hidden="true" /> {photo.likes} {photo.likes === 1 ? 'like' : 'likes'}
              </span>
            </div>
            {photo.species && (
              <p className="photo-dialog__species">
                <SpeciesLink species={photo.species} />
              </p>
            )}
            {photo.description && <p className="admin-photo-dialog__description">{photo.description}</p>}
            {camera && (
              <p className="photo-dialog__camera" data-testid="dialog-camera">
                <CameraOutlined aria-hidden="true" /> {camera}
              </p>
            )}
            <PlaceLine photo={photo} />
            {photo.rating ? (
              <AiAnalysisPanel rating={photo.rating} headingLevel={3} />
            ) : (
              <p className="photo-dialog__no-rating">This photo has no AI rating: analysis was unavailable when it was uploaded.</p>
            )}
          </div>
        </div>
      )}
    </Modal>
  );
}
