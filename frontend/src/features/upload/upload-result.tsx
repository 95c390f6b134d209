import { AppstoreOutlined, CheckCircleFilled, PlusOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { LinkButton } from '../../components/link-button';
import { AiAnalysisPanel } from '../photos/ai-analysis-panel';
import { PhotoBadge } from '../photos/category-badge';
import { EditingTips } from '../photos/editing-tips';
import { PhotoImage } from '../photos/photo-image';
import { isHeld } from '../photos/review';
import { LabelBadges } from '../nature/label-badges';
import { SpeciesLink } from '../nature/species-link';
import { ReviewNotice } from '../photos/review-notice';
import type { UploadResult } from '../photos/types';

/** Shown when the server saved the photo without a rating and sent no text of its own. */
const AI_UNAVAILABLE = 'AI analysis is temporarily unavailable. Your photo was saved without a rating.';

interface UploadResultViewProps {
  result: UploadResult;
  isGuest: boolean;
  onUploadAnother: () => void;
}

/** The uploaded photo with its AI analysis, and what to do next. */
export function UploadResultView({ result, isGuest, onUploadAnother }: UploadResultViewProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { photo } = result;
  const rating = result.rating ?? photo.rating ?? null;

  // The form the keyboard was on is gone: continue from the result's heading.
  useEffect(() => headingRef.current?.focus(), []);

  return (
    <section className="upload-result" aria-labelledby="upload-result-heading" data-testid="upload-result">
      <h2 id="upload-result-heading" className="upload-result__heading" ref={headingRef} tabIndex={-1}>
        <CheckCircleFilled className="upload-result__icon" aria-hidden="true" /> Upload Complete
      </h2>
      <div className="upload-result__layout">
        <div className="upload-result__photo">
          <div className="photo-viewer">
            <PhotoImage photo={photo} variant="full" lazy={false} />
          </div>
          <div className="upload-result__caption">
            <PhotoBadge photo={photo} />
            <LabelBadges labels={photo.labels} />
            <h3 className="upload-result__title">{photo.title}</h3>
            {photo.species && (
              <p className="upload-result__species">
                <SpeciesLink species={photo.species} />
              </p>
            )}
            <p className="upload-result__description">{photo.description}</p>
            {/* Who sees where it was taken, and why not when a CITES Appendix I species hides it. */}
            {photo.placeNotice && (
              <p className="upload-muted" data-testid="upload-place-notice">
                {photo.placeNotice}
              </p>
            )}
          </div>
        </div>
        <div className="upload-result__analysis">
          <ReviewNotice photo={photo} className="upload-result__review" />
          {rating ? (
            <AiAnalysisPanel rating={rating} headingLevel={3} />
          ) : (
            <Alert
              type="warning"
              showIcon
              title="AI analysis is temporarily unavailable"
              description={result.error ?? AI_UNAVAILABLE}
              data-testid="ai-unavailable"
            />
          )}
          {isGuest ? (
            <Alert
              className="upload-result__note"
              type="info"
              showIcon
              title="This guest photo is deleted after 15 minutes"
              description={
                <div className="upload-guest-prompt__body">
                  <p>Sign up free to keep your photos, share them in the gallery and see them on your profile.</p>
                  <LinkButton to="/signup" type="primary">
                    Sign Up Free
                  </LinkButton>
                </div>
              }
            />
          ) : (
            <p className="upload-result__note upload-muted">
              {isHeld(photo) ? (
                <>
                  Your photo is private. Once an admin has approved it, you can make it public from <Link to="/my-photos">My Photos</Link>.
                </>
              ) : photo.isPublic ? (
                'Your photo is public and appears in the gallery.'
              ) : (
                <>
                  Your photo is private. To share it in the gallery, make it public from <Link to="/my-photos">My Photos</Link>.
                </>
              )}
            </p>
          )}
          <EditingTips photoId={photo.id} headingLevel={3} />
        </div>
      </div>
      <div className="upload-result__actions">
        <Button type="primary" size="large" icon={<PlusOutlined />} onClick={onUploadAnother}>
          Upload Another Photo
        </Button>
        <LinkButton to="/gallery" size="large" icon={<AppstoreOutlined />}>
          View Gallery
        </LinkButton>
      </div>
    </section>
  );
}
