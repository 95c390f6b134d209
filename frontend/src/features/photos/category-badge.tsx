import { Tag } from 'antd';
import { categoryLabel } from './category';
import { isHeld } from './review';
import { ReviewTag } from './review-notice';
import type { PhotoDetail } from './types';

type Reviewable = Partial<Pick<PhotoDetail, 'moderation'>>;

export function CategoryBadge({ category, className }: { category: string; className?: string }) {
  const label = categoryLabel(category);
  return <Tag className={['category-badge', `category-badge--${label.toLowerCase().replace(/\s+/g, '-')}`, className].filter(Boolean).join(' ')}>{label}</Tag>;
}

/** A photo's badge: its category, or, while it is held for review, the review's tag (no nature badge until approved). */
export function PhotoBadge({ photo, heldLabel }: { photo: Reviewable & { category: string }; heldLabel?: string }) {
  return isHeld(photo) ? <ReviewTag label={heldLabel} /> : <CategoryBadge category={photo.category} />;
}
