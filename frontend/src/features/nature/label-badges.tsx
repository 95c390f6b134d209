import { Tag, Tooltip } from 'antd';
import { labelText } from './nature-texts';
import type { PhotoLabel } from './nature-texts';
import './nature.css';

/** The owner's ethics and provenance labels as badges, each explained on hover and focus. */
export function LabelBadges({ labels, className }: { labels: readonly PhotoLabel[] | undefined; className?: string }) {
  if (!labels || labels.length === 0) return null;
  return (
    <span className={['label-badges', className].filter(Boolean).join(' ')} data-testid="label-badges">
      {labels.map((label) => {
        const text = labelText(label);
        return (
          <Tooltip key={label} title={text.meaning}>
            <Tag className={`label-badge label-badge--${label}`} tabIndex={0} aria-label={`${text.name}: ${text.meaning}`}>
              {text.name}
            </Tag>
          </Tooltip>
        );
      })}
    </span>
  );
}
