import { ClockCircleOutlined } from '@ant-design/icons';
import { Alert, Tag } from 'antd';
import { isHeld, reviewReason, WAITING_FOR_REVIEW } from './review';
import type { PhotoDetail } from './types';

type Reviewable = Partial<Pick<PhotoDetail, 'moderation' | 'reviewReasons'>>;

/** Shown in place of the category badge while a photo is held: it gets no nature badge until approved. */
export function ReviewTag({ label = WAITING_FOR_REVIEW }: { label?: string }) {
  return (
    <Tag className="review-tag" icon={<ClockCircleOutlined aria-hidden="true" />}>
      {label}
    </Tag>
  );
}

/** The owner's notice on a held photo (upload result, photo page, own photo dialog). */
export function ReviewNotice({ photo, className }: { photo: Reviewable; className?: string }) {
  if (!isHeld(photo)) return null;
  const reason = reviewReason(photo);
  return (
    <Alert
      className={['review-notice', className].filter(Boolean).join(' ')}
      type="info"
      showIcon
      icon={<ClockCircleOutlined aria-hidden="true" />}
      title={WAITING_FOR_REVIEW}
      description={
        <>
          {reason && <p className="review-notice__reason">{reason}</p>}
          <p className="review-notice__next">An admin will look at it soon. Until then it stays private and cannot be featured.</p>
        </>
      }
      data-testid="review-notice"
    />
  );
}
