import { ArrowLeftOutlined, CalendarOutlined, CameraOutlined, EyeOutlined, ReloadOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Skeleton } from 'antd';
import { useEffect, useMemo, useRef } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { errorStatus } from '../../api/server-message';
import { useDocumentMeta } from '../../components/document-meta';
import { MemberCritiques } from '../critiques/member-critiques';
import { PhotographerName } from '../photographers/photographer-name';
import { LabelBadges } from '../nature/label-badges';
import { NatureEditor } from '../nature/nature-editor';
import { PlaceLine } from '../nature/place-line';
import { SpeciesLink } from '../nature/species-link';
import '../nature/nature.css';
import { AiAnalysisPanel } from '../photos/ai-analysis-panel';
import { useGetPhotoQuery, useRecordViewMutation } from '../photos/api';
import { PhotoBadge } from '../photos/category-badge';
import { EditingTips } from '../photos/editing-tips';
import { LikeButton } from '../photos/like-button';
import { FullscreenButton, useFullscreenViewer } from '../photos/fullscreen-viewer';
import { formatPhotoDate } from '../photos/photo-date';
import { PhotoImage } from '../photos/photo-image';
import { ReviewNotice } from '../photos/review-notice';
import { ShareButtons } from '../photos/share-buttons';
import { cameraLine } from '../photos/camera-line';
import type { PhotoDetail } from '../photos/types';
import '../photos/photos.css';
import './photo-page.css';

/** Back where the visitor came from, or to the gallery when the page was opened directly. */
function useGoBack(): () => void {
  const navigate = useNavigate();
  return () => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    void (index > 0 ? navigate(-1) : navigate('/gallery'));
  };
}

/** Shown for both /photo/:idOrSlug and /photos/:slug. */
export function PhotoPage() {
  const { idOrSlug, slug } = useParams();
  const key = idOrSlug ?? slug ?? '';
  const { data: photo, isLoading, isError, error, refetch } = useGetPhotoQuery(key, { skip: !key, refetchOnMountOrArgChange: true });
  const goBack = useGoBack();

  if (!key || (isError && errorStatus(error) === 404)) {
    return (
      <div className="page-header photo-not-found" data-testid="photo-not-found">
        <h1 className="page-header__title">Photo Not Found</h1>
        <p className="page-header__lead">This photo may have been removed or made private.</p>
        <Button type="primary" icon={<ArrowLeftOutlined />} onClick={goBack}>
          Go Back
        </Button>
      </div>
    );
  }
  if (isError && !photo) {
    return (
      <div className="page-header photo-not-found">
        <h1 className="page-header__title">Photo Details</h1>
        <p className="page-header__lead">This photo could not be loaded. Check your connection and try again.</p>
        <Button type="primary" icon={<ReloadOutlined />} onClick={() => void refetch()}>
          Try Again
        </Button>
      </div>
    );
  }
  if (isLoading || !photo) {
    return (
      <div className="photo-page photo-page--loading" role="status" aria-label="Loading photo">
        <div className="photo-viewer photo-viewer--placeholder" />
        <Skeleton active title={{ width: '50%' }} paragraph={{ rows: 3 }} />
      </div>
    );
  }
  return <PhotoView photo={photo} onBack={goBack} />;
}

function PhotoView({ photo, onBack }: { photo: PhotoDetail; onBack: () => void }) {
  useDocumentMeta(photo.title, photo.description || undefined);
  const [recordView] = useRecordViewMutation();
  const recorded = useRef<string | null>(null);

  // One view each time the page loads a photo (spec, section 4); a failure is only logged.
  useEffect(() => {
    if (recorded.current === photo.id) return;
    recorded.current = photo.id;
    recordView(photo.id)
      .unwrap()
      .catch((error: unknown) => console.warn('Could not record the photo view', error));
  }, [photo.id, recordView]);

  const camera = cameraLine(photo.camera);
  const alone = useMemo(() => [photo], [photo]);
  const fullscreen = useFullscreenViewer(alone);

  return (
    <article className="photo-page" aria-labelledby="photo-title">
      <Button type="link" className="photo-page__back" icon={<ArrowLeftOutlined />} onClick={onBack}>
        Back
      </Button>
      <div className="photo-viewer photo-viewer--page">
        <PhotoImage photo={photo} variant="full" lazy={false} />
        <FullscreenButton title={photo.title} onOpen={() => fullscreen.open(photo)} />
      </div>
      {fullscreen.viewer}
      <div className="photo-page__layout">
        <div className="photo-page__main">
          <div className="photo-page__badges">
            <PhotoBadge photo={photo} />
            <LabelBadges labels={photo.labels} />
          </div>
          <h1 id="photo-title" className="photo-page__title">
            {photo.title}
          </h1>
          {photo.species && (
            <p className="photo-page__species">
              <SpeciesLink species={photo.species} />
            </p>
          )}
          {photo.description && <p className="photo-page__description">{photo.description}</p>}
          <ul className="photo-page__facts">
            <li>
              <UserOutlined aria-hidden="true" /> Shared by{' '}
              <strong data-testid="photo-uploader">
                <PhotographerName photo={photo} />
              </strong>
            </li>
            <li>
              <CalendarOutlined aria-hidden="true" /> <time dateTime={photo.uploadedAt}>{formatPhotoDate(photo.uploadedAt)}</time>
            </li>
            <li className="tabular-nums" data-testid="photo-views">
              <EyeOutlined aria-hidden="true" /> {photo.views} {photo.views === 1 ? 'view' : 'views'}
            </li>
          </ul>
          {photo.credit && (
            <p className="photo-page__credit">
              Photo: {photo.credit.author} · {photo.credit.licence}
              {photo.credit.source && (
                <>
                  {' · '}
                  <a href={photo.credit.source} target="_blank" rel="noopener noreferrer">
                    Source
                  </a>
                </>
              )}
            </p>
          )}
          {camera && (
            <p className="photo-page__camera" data-testid="photo-camera">
              <CameraOutlined aria-hidden="true" /> {camera}
              {photo.camera?.takenAt && <> · taken {formatPhotoDate(photo.camera.takenAt)}</>}
            </p>
          )}
          <PlaceLine photo={photo} />
          {photo.isTemporary && photo.expiresAt && (
            <p className="photo-page__note">This guest photo is deleted {new Date(photo.expiresAt).toLocaleTimeString()}.</p>
          )}
          <ReviewNotice photo={photo} className="photo-page__review" />
          {photo.isOwner && (
            <p className="photo-page__note">
              This is your photo. Change its description or visibility in <Link to="/my-photos">My Photos</Link>.
            </p>
          )}
          <div className="photo-page__actions">
            <LikeButton photo={photo} size="large" />
            <ShareButtons photo={photo} />
          </div>
          {photo.isOwner && (
            <section className="photo-page__nature" aria-labelledby="nature-heading">
              <h2 id="nature-heading" className="photo-page__section-title">
                Species, labels and place
              </h2>
              <NatureEditor photo={photo} />
            </section>
          )}
        </div>
        <section className="photo-page__side" aria-label="AI critique">
          {photo.rating ? (
            <AiAnalysisPanel rating={photo.rating} headingLevel={2} />
          ) : (
            <section className="ai-analysis ai-analysis--light">
              <h2 className="ai-analysis__title">AI Analysis</h2>
              <p className="muted-text">This photo has no AI rating yet.</p>
            </section>
          )}
          <MemberCritiques photo={photo} />
          <EditingTips photoId={photo.id} headingLevel={2} />
        </section>
      </div>
    </article>
  );
}
