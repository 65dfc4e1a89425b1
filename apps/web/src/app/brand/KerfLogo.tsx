import type { CSSProperties } from 'react';

interface KerfMarkProps {
  size?: number;
  className?: string;
  /** Fill of the badge; follows the theme colour unless given. */
  color?: string;
  title?: string;
}

/**
 * The Kerf mark: a laser nozzle firing a beam that cuts a kerf (the gap) through a sheet, with a spark
 * where it meets the material. Drawn inline so it takes the current theme colour.
 */
export function KerfMark({ size = 32, className, color = 'var(--kerf-primary, #86A500)', title }: KerfMarkProps) {
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox="0 0 32 32"
      role={title ? 'img' : undefined}
      aria-hidden={title ? undefined : true}
      aria-label={title}
      focusable="false"
    >
      <rect width="32" height="32" rx="8" fill={color} />
      <path d="M10.5 5h11l-3 5.5h-5z" fill="#fff" />
      <path d="M16 10.5v9.5" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
      <path d="M5.5 25h6.5M20 25h6.5" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" />
      <path d="M16 20.6l1.1 2.8 2.8 1.1-2.8 1.1-1.1 2.8-1.1-2.8-2.8-1.1 2.8-1.1z" fill="#fff" />
    </svg>
  );
}

interface KerfLogoProps {
  size?: number;
  /** Hide the word and keep the mark (collapsed sidebar). */
  markOnly?: boolean;
  className?: string;
  style?: CSSProperties;
}

export function KerfLogo({ size = 28, markOnly = false, className, style }: KerfLogoProps) {
  return (
    <span className={['kerf-logo', className].filter(Boolean).join(' ')} style={style}>
      <KerfMark size={size} />
      {markOnly ? null : <span className="kerf-logo__word">Kerf</span>}
    </span>
  );
}
