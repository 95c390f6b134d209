import type { MouseEvent } from 'react';
import { Button, type ButtonProps } from 'antd';
import { useHref, useLinkClickHandler } from 'react-router';

type LinkButtonProps = Omit<ButtonProps, 'href' | 'htmlType'> & { to: string };

/**
 * An antd button that is a real link (an <a> with an href, so it can be opened in a new tab) and
 * navigates inside the app on a plain click.
 */
export function LinkButton({ to, onClick, target, ...buttonProps }: LinkButtonProps) {
  const href = useHref(to);
  const navigateOnClick = useLinkClickHandler<HTMLAnchorElement>(to, { target });
  return (
    <Button
      {...buttonProps}
      href={href}
      target={target}
      onClick={(event: MouseEvent<HTMLElement>) => {
        onClick?.(event);
        if (!event.defaultPrevented) navigateOnClick(event as MouseEvent<HTMLAnchorElement>);
      }}
    />
  );
}
