import { LockOutlined } from '@ant-design/icons';
import { Switch, Tag } from 'antd';
import { useId } from 'react';
import { COOKIE_CATEGORIES, type CookieCategory } from './cookie-categories';
import type { CookiePreferences, OptionalCookieCategory } from './cookie-consent';

interface CookieTogglesProps {
  value: CookiePreferences;
  onChange: (category: OptionalCookieCategory, enabled: boolean) => void;
  /** 'cards' on the preferences page, 'compact' rows in the banner's dialog. */
  layout: 'cards' | 'compact';
}

function CookieToggle({
  category,
  checked,
  onChange,
  layout,
}: {
  category: CookieCategory;
  checked: boolean;
  onChange: (enabled: boolean) => void;
  layout: CookieTogglesProps['layout'];
}) {
  const id = useId();
  const titleId = `${id}-title`;
  const descriptionId = `${id}-description`;
  const Title = layout === 'cards' ? 'h2' : 'span';
  return (
    <li className={`cookie-toggle cookie-toggle--${layout}`} data-testid={`cookie-toggle-${category.key}`}>
      <div className="cookie-toggle__text">
        <div className="cookie-toggle__heading">
          <Title id={titleId} className="cookie-toggle__title">
            {category.title}
          </Title>
          {category.locked && (
            <Tag icon={<LockOutlined aria-hidden="true" />} className="cookie-toggle__always">
              Always on
            </Tag>
          )}
        </div>
        <p id={descriptionId} className="cookie-toggle__description">
          {category.description}
        </p>
      </div>
      <Switch
        checked={checked}
        disabled={category.locked}
        onChange={onChange}
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
      />
    </li>
  );
}

/** One switch per cookie category; Necessary is shown on and locked. */
export function CookieToggles({ value, onChange, layout }: CookieTogglesProps) {
  return (
    <ul className={`cookie-toggles cookie-toggles--${layout}`}>
      {COOKIE_CATEGORIES.map((category) => (
        <CookieToggle
          key={category.key}
          category={category}
          layout={layout}
          checked={category.key === 'necessary' ? true : value[category.key]}
          onChange={(enabled) => {
            if (category.key !== 'necessary') onChange(category.key, enabled);
          }}
        />
      ))}
    </ul>
  );
}
