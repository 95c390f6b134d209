import { formatScore, starValue } from './rating';

/** antd's StarFilled outline (@ant-design/icons-svg), drawn as a plain SVG. */
const STAR_PATH =
  'M908.1 353.1l-253.9-36.9L540.7 86.1c-3.1-6.3-8.2-11.4-14.5-14.5-15.8-7.8-35-1.3-42.9 14.5L369.8 316.2l-253.9 36.9c-7 1-13.4 4.3-18.3 9.3a32.05 32.05 0 00.6 45.3l183.7 179.1-43.4 252.9a31.95 31.95 0 0046.4 33.7L512 754l227.1 119.4c6.2 3.3 13.4 4.4 20.3 3.2 17.4-3 29.1-19.5 26.1-36.9l-43.4-252.9 183.7-179.1c5-4.9 8.3-11.3 9.3-18.3 2.7-17.5-9.5-33.7-27-36.3z';

/**
 * A star as a plain element rather than antd's icon component: a gallery page has ten per card,
 * 120 in all, and each icon component was React work when the page starts (hydration included).
 */
function Star({ className }: { className?: string }) {
  return (
    <svg className={className ? `rating-stars__icon ${className}` : 'rating-stars__icon'} viewBox="64 64 896 896" width="1em" height="1em" fill="currentColor" focusable="false">
      <path d={STAR_PATH} />
    </svg>
  );
}

/** Five stars with half stars for a score out of 10 (spec, section 9), read out as the score. */
export function RatingStars({ score, size = 'default' }: { score: number; size?: 'small' | 'default' | 'large' }) {
  const stars = starValue(score);
  return (
    <span className={`rating-stars rating-stars--${size}`} role="img" aria-label={`${formatScore(score)} out of 10, ${stars} of 5 stars`}>
      {[0, 1, 2, 3, 4].map((index) => {
        const fill = Math.min(1, Math.max(0, stars - index));
        return (
          <span key={index} className="rating-stars__star" aria-hidden="true">
            <Star className="rating-stars__empty" />
            <span className="rating-stars__fill" style={{ width: `${fill * 100}%` }}>
              <Star />
            </span>
          </span>
        );
      })}
    </span>
  );
}
