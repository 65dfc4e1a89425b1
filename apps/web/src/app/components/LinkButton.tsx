import { Button, type ButtonProps } from 'antd';
import type { MouseEvent } from 'react';
import { type To, useHref, useLinkClickHandler } from 'react-router';

type LinkButtonProps = Omit<ButtonProps, 'href' | 'onClick'> & { to: To };

/**
 * An antd button that is a real link: a plain click navigates inside the app, while a middle or
 * modified click opens a new tab, and the address shows on hover.
 */
export function LinkButton({ to, ...props }: LinkButtonProps) {
  const href = useHref(to);
  const onClick = useLinkClickHandler(to);
  return <Button {...props} href={href} onClick={(event) => onClick(event as MouseEvent<HTMLAnchorElement>)} />;
}
