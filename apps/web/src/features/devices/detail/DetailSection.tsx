import { type ReactNode, useId } from 'react';

/** One titled part of the detail page: a region named by its heading, so it can be found by name. */
export function DetailSection({
  title,
  extra,
  className,
  children,
}: {
  title: ReactNode;
  extra?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section className={`device-section${className ? ` ${className}` : ''}`} aria-labelledby={headingId}>
      <header className="device-section__head">
        <h2 id={headingId} className="device-section__title">
          {title}
        </h2>
        {extra ? <div className="device-section__extra">{extra}</div> : null}
      </header>
      {children}
    </section>
  );
}
