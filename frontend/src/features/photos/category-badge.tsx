import { Tag } from 'antd';
import { categoryLabel } from './category';

export function CategoryBadge({ category, className }: { category: string; className?: string }) {
  const label = categoryLabel(category);
  return <Tag className={['category-badge', `category-badge--${label.toLowerCase().replace(/\s+/g, '-')}`, className].filter(Boolean).join(' ')}>{label}</Tag>;
}
