import { useDeferredValue, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { renderMarkdown } from '../model/markdown-render';

/**
 * The rendered markdown, sanitised (see markdown-render.ts). It follows typing a beat behind
 * (useDeferredValue), so a long document never makes the editor lag.
 */
export function MarkdownPreview({
  text,
  label,
  fontSize,
  scrollRatio,
}: {
  text: string;
  label: string;
  fontSize: number;
  /** Beside the text: scroll to the same place, proportionally. */
  scrollRatio?: number;
}) {
  const { t } = useTranslation();
  const deferred = useDeferredValue(text);
  const html = useMemo(() => renderMarkdown(deferred), [deferred]);
  const box = useRef<HTMLElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el || scrollRatio === undefined) return;
    el.scrollTop = scrollRatio * (el.scrollHeight - el.clientHeight);
  }, [scrollRatio]);
  return (
    <section ref={box} className="markdown-preview" aria-label={label} style={{ fontSize: Math.max(14, fontSize + 1) }}>
      {deferred.trim() ? (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify in renderMarkdown
        <article className="markdown-body" dangerouslySetInnerHTML={{ __html: html }} />
      ) : (
        <p className="markdown-preview__empty">{t('editors.markdown.empty')}</p>
      )}
    </section>
  );
}
