import { Menu, type MenuProps } from 'antd';
import { cloneElement, isValidElement, type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';

export interface ContextMenuItem {
  key: string;
  label: string;
  icon?: ReactNode;
  danger?: boolean;
  disabled?: boolean;
  /** Shown as the item's tooltip (why it is disabled). */
  title?: string;
  dividerBefore?: boolean;
}

/**
 * A menu at the pointer (right click) or under a "more" button. Closes on a click outside, Escape,
 * scrolling, resizing or leaving the window (SPEC §4); stays inside the viewport.
 */
export function ContextMenu({
  at,
  items,
  label,
  onPick,
  onClose,
}: {
  at: { x: number; y: number };
  items: ContextMenuItem[];
  label: string;
  onPick(key: string): void;
  onClose(): void;
}) {
  const box = useRef<HTMLDivElement>(null);
  const { x, y } = at;
  const [place, setPlace] = useState({ x, y });

  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const { width, height } = el.getBoundingClientRect();
    const margin = 8;
    setPlace({
      x: Math.max(margin, Math.min(x, window.innerWidth - width - margin)),
      y: Math.max(margin, y + height > window.innerHeight - margin ? y - height : y),
    });
  }, [x, y]);

  useEffect(() => {
    const outside = (event: Event) => {
      if (!box.current?.contains(event.target as Node)) onClose();
      // the browser's own menu never covers ours
      else if (event.type === 'contextmenu') event.preventDefault();
    };
    const key = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        onClose();
      }
    };
    const close = () => onClose();
    document.addEventListener('mousedown', outside, true);
    document.addEventListener('contextmenu', outside, true);
    document.addEventListener('keydown', key, true);
    window.addEventListener('scroll', close, true);
    window.addEventListener('resize', close);
    window.addEventListener('blur', close);
    box.current?.querySelector<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])')?.focus();
    return () => {
      document.removeEventListener('mousedown', outside, true);
      document.removeEventListener('contextmenu', outside, true);
      document.removeEventListener('keydown', key, true);
      window.removeEventListener('scroll', close, true);
      window.removeEventListener('resize', close);
      window.removeEventListener('blur', close);
    };
  }, [onClose]);

  const menuItems: MenuProps['items'] = items.flatMap((item) => [
    ...(item.dividerBefore ? [{ type: 'divider' as const, key: `${item.key}-divider` }] : []),
    {
      key: item.key,
      // the icon is decoration: the item's name is its label alone
      icon: isValidElement<{ 'aria-hidden'?: boolean }>(item.icon)
        ? cloneElement(item.icon, { 'aria-hidden': true })
        : item.icon,
      danger: item.danger,
      disabled: item.disabled,
      label: item.title ? <span title={item.title}>{item.label}</span> : item.label,
    },
  ]);

  return createPortal(
    <div ref={box} className="drive-context-menu" style={{ left: place.x, top: place.y }}>
      <Menu
        aria-label={label}
        selectable={false}
        items={menuItems}
        onClick={({ key }) => {
          onClose();
          onPick(key);
        }}
      />
    </div>,
    document.body,
  );
}
