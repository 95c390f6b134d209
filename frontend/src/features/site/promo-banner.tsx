import { CloseOutlined, GiftOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useGetCurrentUserQuery } from '../../api/api';
import { readSessionToken } from '../../api/session-token';
import { LinkButton } from '../../components/link-button';
import { readItem, writeItem } from './browser-storage';
import { LAUNCH_PROMO, PROMO_DISMISSED_KEY, shouldShowPromo } from './promo';
import './site.css';

/**
 * The launch offer, on home with its button to /pricing (the spec's 'home' variant; pricing states
 * the offer below its plan cards); dismissible for the browser session, not shown to paying members.
 */
export function PromoBanner() {
  const { data: user, isLoading } = useGetCurrentUserQuery();
  // Without a stored session the visitor is anonymous: no need to wait (the banner would then
  // appear late and push the page down).
  const userLoading = isLoading && readSessionToken() !== null;
  const [dismissed, setDismissed] = useState(() => readItem('session', PROMO_DISMISSED_KEY) === 'true');
  if (!shouldShowPromo({ dismissed, userLoading, user })) return null;

  const dismiss = () => {
    writeItem('session', PROMO_DISMISSED_KEY, 'true');
    setDismissed(true);
  };

  return (
    <section className="promo-banner" aria-label="Launch offer" data-testid="promo-banner">
      <GiftOutlined className="promo-banner__icon" aria-hidden="true" />
      <p className="promo-banner__text">
        <strong>Launch offer: {LAUNCH_PROMO.percentOff}% off.</strong> Use code{' '}
        <code className="promo-banner__code">{LAUNCH_PROMO.code}</code> for {LAUNCH_PROMO.percentOff}% off the first{' '}
        {LAUNCH_PROMO.months} months of any monthly plan.
      </p>
      <LinkButton to="/pricing" type="primary" className="promo-banner__cta">
        {user ? 'View Plans' : 'Get Started Now'}
      </LinkButton>
      <Button
        type="text"
        className="promo-banner__close"
        icon={<CloseOutlined />}
        aria-label="Dismiss launch offer"
        onClick={dismiss}
      />
    </section>
  );
}
