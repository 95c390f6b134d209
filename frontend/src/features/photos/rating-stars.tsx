import { StarFilled } from '@ant-design/icons';
import { formatScore, starValue } from './rating';

/** Five stars with half stars for a score out of 10 (spec, section 9), read out as the score. */
export function RatingStars({ score, size = 'default' }: { score: number; size?: 'small' | 'default' | 'large' }) {
  const stars = starValue(score);
  return (
    <span className={`rating-stars rating-stars--${size}`} role="img" aria-label={`${formatScore(score)} out of 10, ${stars} of 5 stars`}>
      {[0, 1, 2, 3, 4].map((index) => {
        const fill = Math.min(1, Math.max(0, stars - index));
        return (
          <span key={index} className="rating-stars__star" aria-hidden="true">
            <StarFilled className="rating-stars__empty" />
            <span className="rating-stars__fill" style={{ width: `${fill * 100}%` }}>
              <StarFilled />
            </span>
          </span>
        );
      })}
    </span>
  );
}
