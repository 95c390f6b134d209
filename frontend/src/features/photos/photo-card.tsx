import { EyeOutlined, HeartOutlined, LockOutlined, GlobalOutlined } from '@ant-design/icons';
import { Tag } from 'antd';
import { Link } from 'react-router';
import { LabelBadges } from '../nature/label-badges';
import { PhotographerName } from '../photographers/photographer-name';
import { PhotoBadge } from './category-badge';
import { FullscreenButton } from './fullscreen-viewer';
import { LikeButton } from './like-button';
import { PhotoImage } from './photo-image';
import { isHeld, reviewReason } from './review';
import { formatScore, parseScore } from './rating';
import { RatingStars } from './rating-stars';
import { photoPath } from './share';
import type { PhotoCard as PhotoCardData } from './types';

interface PhotoCardProps {
  photo: PhotoCardData;
  /** Below the fold: the image loads when scrolled near. */
  lazy?: boolean;
  /** Among the first cards the page shows: its image is fetched first. */
  priority?: boolean;
  /** Opens the photo in a dialog instead of going to its page (profile, my photos). */
  onOpen?: (photo: PhotoCardData) => void;
  /** Like button instead of a plain count (gallery). */
  likeable?: boolean;
  /** Public/Private tag (own photos). */
  showVisibility?: boolean;
  headingLevel?: 2 | 3;
  /** The frame takes the photo's own proportions (within limits) instead of 4:3 (masonry grid). */
  naturalShape?: boolean;
  /** Adds the button that opens the photo full screen (gallery). */
  onFullscreen?: (photo: PhotoCardData) => void;
}

/** Frames for the masonry grid: from a 4:5 portrait to a 2:1 panorama; beyond, cover crops the ends. */
function frameRatio(width: number, height: number): number {
  const ratio = width > 0 && height > 0 ? width / height : 4 / 3;
  return Math.min(2, Math.max(0.8, ratio));
}

/** A photo in a grid: thumbnail, title, category, uploader, rating, likes and views. */
export function PhotoCard({ photo, lazy = true, priority = false, onOpen, likeable = false, showVisibility = false, headingLevel = 2, naturalShape = false, onFullscreen }: PhotoCardProps) {
  const Heading = `h${headingLevel}` as const;
  const score = parseScore(photo.overallRating);
  const image = <PhotoImage photo={photo} variant="card" lazy={lazy} priority={priority} alt="" />;
  const frameStyle = naturalShape ? { aspectRatio: String(frameRatio(photo.width, photo.height)) } : undefined;
  return (
    <article className="photo-card" data-testid="photo-card" aria-label={photo.title}>
      {onOpen ? (
        <button type="button" className="photo-card__frame" style={frameStyle} onClick={() => onOpen(photo)} aria-label={`Open ${photo.title}`}>
          {image}
        </button>
      ) : (
        <Link to={photoPath(photo)} className="photo-card__frame" style={frameStyle} aria-hidden="true" tabIndex={-1}>
          {image}
        </Link>
      )}
      {onFullscreen && <FullscreenButton title={photo.title} onOpen={() => onFullscreen(photo)} />}
      <div className="photo-card__tags">
        <PhotoBadge photo={photo} />
        <LabelBadges labels={photo.labels} />
        {showVisibility &&
          (photo.isPublic ? (
            <Tag className="visibility-tag visibility-tag--public" icon={<GlobalOutlined />}>
              Public
            </Tag>
          ) : (
            <Tag className="visibility-tag visibility-tag--private" icon={<LockOutlined />}>
              Private
            </Tag>
          ))}
      </div>
      <div className="photo-card__body">
        <Heading className="photo-card__title">
          {onOpen ? (
            <button type="button" className="photo-card__title-button" onClick={() => onOpen(photo)}>
              {photo.title}
            </button>
          ) : (
            <Link to={photoPath(photo)}>{photo.title}</Link>
          )}
        </Heading>
        <p className="photo-card__by">
          by <PhotographerName photo={photo} />
        </p>
        {isHeld(photo) && reviewReason(photo) && <p className="photo-card__review-reason">{reviewReason(photo)}</p>}
        <div className="photo-card__meta">
          {score !== null ? (
            <span className="photo-card__rating">
              <RatingStars score={score} size="small" />
              <span className="tabular-nums">{formatScore(score)}</span>
            </span>
          ) : (
            <span className="photo-card__unrated">Not rated</span>
          )}
          <span className="photo-card__counts">
            <span className="photo-card__count tabular-nums" aria-label={`${photo.views} views`}>
              <EyeOutlined aria-hidden="true" /> {photo.views}
            </span>
            {likeable ? (
              <LikeButton photo={photo} size="small" />
            ) : (
              <span className="photo-card__count tabular-nums" aria-label={`${photo.likes} likes`}>
                <HeartOutlined aria-hidden="true" /> {photo.likes}
              </span>
            )}
          </span>
        </div>
      </div>
    </article>
  );
}
