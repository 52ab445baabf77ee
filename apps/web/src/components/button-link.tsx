import { Button, type ButtonProps } from 'antd';
import type { MouseEvent } from 'react';
import { useHref, useLinkClickHandler } from 'react-router';

/**
 * A link that looks like a button: one `<a>` (a button inside a link would be two nested controls
 * for assistive technology), navigating inside the app like a router Link.
 */
export function ButtonLink({
  to,
  replace,
  ...props
}: Omit<ButtonProps, 'href'> & { to: string; replace?: boolean }) {
  const href = useHref(to);
  const onNavigate = useLinkClickHandler<HTMLAnchorElement>(to, replace ? { replace } : {});
  return (
    <Button
      {...props}
      href={href}
      onClick={(event: MouseEvent<HTMLElement>) => {
        props.onClick?.(event);
        if (!event.defaultPrevented) onNavigate(event as MouseEvent<HTMLAnchorElement>);
      }}
    />
  );
}
