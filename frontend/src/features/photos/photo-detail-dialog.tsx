import { CalendarOutlined, CameraOutlined, DeleteOutlined, DownloadOutlined, EyeOutlined, HeartOutlined } from '@ant-design/icons';
import { App, Button, Input, Modal, Switch } from 'antd';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { errorStatus, serverMessage } from '../../api/server-message';
import { notify, NOTICES } from '../../app/notify';
import { AiAnalysisPanel } from './ai-analysis-panel';
import {
  useDeletePhotoMutation,
  useDownloadPhotoMutation,
  useTogglePublicMutation,
  useUpdateDescriptionMutation,
} from './api';
import { LabelBadges } from '../nature/label-badges';
import { NatureEditor } from '../nature/nature-editor';
import { PlaceLine } from '../nature/place-line';
import { SpeciesLink } from '../nature/species-link';
import { cameraLine } from './camera-line';
import { PhotoBadge } from './category-badge';
import { EditingTips } from './editing-tips';
import { DESCRIPTION_MAX } from './limits';
import { formatPhotoDate } from './photo-date';
import { PhotoImage } from './photo-image';
import { isHeld } from './review';
import { ReviewNotice } from './review-notice';
import { photoPath } from './share';
import type { PhotoDetail } from './types';

const VISIBILITY_FAILED = 'The visibility could not be changed. Please try again.';

interface PhotoDetailDialogProps {
  /** The photo to show; null closes the dialog. */
  photo: PhotoDetail | null;
  onClose: () => void;
}

/**
 * An own photo in a dialog (profile, my photos): the whole frame on a dark surface, its facts, the
 * editable description, visibility, species, labels and place (the photo page's editor), download,
 * delete, the AI breakdown and editing tips. Escape closes it.
 */
export function PhotoDetailDialog({ photo, onClose }: PhotoDetailDialogProps) {
  return (
    <Modal
      open={photo !== null}
      onCancel={onClose}
      footer={null}
      width={1100}
      centered
      destroyOnHidden
      keyboard
      className="photo-dialog"
      title={photo ? <span className="photo-dialog__title">{photo.title}</span> : null}
      aria-label={photo?.title}
    >
      {/* The body confirms with App.useApp's modal; the app's root has no antd App (first view). */}
      {photo && (
        <App component={false}>
          <PhotoDialogBody photo={photo} onClose={onClose} />
        </App>
      )}
    </Modal>
  );
}

function PhotoDialogBody({ photo, onClose }: { photo: PhotoDetail; onClose: () => void }) {
  const { modal } = App.useApp();
  const descriptionId = useId();
  const [description, setDescription] = useState(photo.description);
  const [updateDescription, descriptionState] = useUpdateDescriptionMutation();
  const [togglePublic, visibilityState] = useTogglePublicMutation();
  const [download, downloadState] = useDownloadPhotoMutation();
  const [deletePhoto] = useDeletePhotoMutation();

  // A refetched photo (after a save) brings the stored text back into the field.
  useEffect(() => setDescription(photo.description), [photo.description]);

  const held = isHeld(photo);
  const trimmed = description.trim();
  const changed = trimmed !== photo.description.trim();

  const saveDescription = async () => {
    if (!changed) return;
    try {
      await updateDescription({ id: photo.id, description: trimmed }).unwrap();
      setDescription(trimmed);
      notify.success(NOTICES.descriptionUpdated);
    } catch {
      notify.error(NOTICES.updateFailed, 'Your description could not be saved. Please try again.');
    }
  };

  const toggleVisibility = async () => {
    try {
      const result = await togglePublic(photo.id).unwrap();
      notify.success(NOTICES.photoVisibilityUpdated, result.message);
    } catch (error) {
      // A hold that came after the dialog opened: say why, as the server does.
      notify.error(NOTICES.updateFailed, errorStatus(error) === 409 ? (serverMessage(error) ?? VISIBILITY_FAILED) : VISIBILITY_FAILED);
    }
  };

  const downloadOriginal = async () => {
    try {
      await download({ id: photo.id, fallbackName: photo.originalName ?? `${photo.slug}.jpg` }).unwrap();
      notify.success(NOTICES.downloadStarted);
    } catch {
      notify.error(NOTICES.downloadFailed, NOTICES.downloadFailedDescription);
    }
  };

  const confirmDelete = () => {
    modal.confirm({
      title: `Delete “${photo.title}”?`,
      content: 'The photo, its AI rating, likes and views are removed for good. This cannot be undone.',
      okText: 'Delete Photo',
      okButtonProps: { danger: true },
      cancelText: 'Keep Photo',
      onOk: async () => {
        try {
          await deletePhoto(photo.id).unwrap();
          notify.success(NOTICES.photoDeleted);
          onClose();
        } catch {
          notify.error(NOTICES.deletePhotoFailed, 'Please try again.');
        }
      },
    });
  };

  const camera = cameraLine(photo.camera);
  return (
    <div className="photo-dialog__layout">
      <div className="photo-viewer photo-viewer--dialog">
        <PhotoImage photo={photo} variant="full" lazy={false} />
      </div>
      <div className="photo-dialog__side">
        <div className="photo-facts">
          <PhotoBadge photo={photo} />
          <LabelBadges labels={photo.labels} />
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
        {camera && (
          <p className="photo-dialog__camera" data-testid="dialog-camera">
            <CameraOutlined aria-hidden="true" /> {camera}
          </p>
        )}
        <PlaceLine photo={photo} />

        <ReviewNotice photo={photo} />

        <p className="photo-dialog__share-note">
          {held ? (
            'You can make it public once an admin has approved it.'
          ) : photo.isPublic ? (
            <>
              Public: anyone can see it in the gallery and at <Link to={photoPath(photo)}>its own page</Link>.
            </>
          ) : (
            'Private: only you can see it. Make it public to share it in the gallery.'
          )}
        </p>

        <div className="photo-dialog__visibility">
          <Switch
            id={`${descriptionId}-visibility`}
            checked={photo.isPublic}
            disabled={held}
            loading={visibilityState.isLoading}
            onChange={() => void toggleVisibility()}
          />
          <label htmlFor={`${descriptionId}-visibility`}>Public</label>
        </div>

        <div className="photo-dialog__description">
          <label htmlFor={descriptionId} className="photo-dialog__label">
            Description
          </label>
          <Input.TextArea
            id={descriptionId}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
            maxLength={DESCRIPTION_MAX}
            showCount
            autoSize={{ minRows: 3, maxRows: 8 }}
          />
          <Button
            type="primary"
            onClick={() => void saveDescription()}
            disabled={!changed}
            loading={descriptionState.isLoading}
            className="photo-dialog__save"
          >
            Save Description
          </Button>
        </div>

        <section className="photo-dialog__nature" aria-labelledby={`${descriptionId}-nature`}>
          <h3 id={`${descriptionId}-nature`} className="photo-dialog__nature-title">
            Species, labels and place
          </h3>
          <NatureEditor photo={photo} />
        </section>

        <div className="photo-dialog__actions">
          <Button icon={<DownloadOutlined />} onClick={() => void downloadOriginal()} loading={downloadState.isLoading}>
            Download
          </Button>
          <Button danger icon={<DeleteOutlined />} onClick={confirmDelete}>
            Delete
          </Button>
        </div>

        {photo.rating ? (
          <AiAnalysisPanel rating={photo.rating} headingLevel={3} />
        ) : (
          <p className="photo-dialog__no-rating">This photo has no AI rating: AI analysis was unavailable when it was uploaded.</p>
        )}
        <EditingTips photoId={photo.id} headingLevel={3} />
      </div>
    </div>
  );
}
