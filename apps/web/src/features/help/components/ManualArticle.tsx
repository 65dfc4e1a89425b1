import type { Locale } from '@kerf/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import Markdown, { type Components, defaultUrlTransform } from 'react-markdown';
import { Link } from 'react-router';
import { manualShotSize, manualShotUrl } from '../manual-files';
import type { ManualChapter } from '../model/manual-chapter';

/**
 * A chapter as a page. Our own text, but still no raw HTML: links inside the app use the router,
 * others open a new tab; `shot:NAME` pictures are the screenshots the end-to-end suite takes.
 */
export function ManualArticle({ chapter, locale }: { chapter: ManualChapter; locale: Locale }) {
  const { t } = useTranslation();
  const components = useMemo<Components>(
    () => ({
      a: ({ href = '', children }) =>
        href.startsWith('/') ? (
          <Link to={href}>{children}</Link>
        ) : (
          <a href={href} target="_blank" rel="noopener noreferrer">
            {children}
          </a>
        ),
      h2: ({ node, children }) => {
        const id = chapter.headingIds.get(node?.position?.start.line ?? 0);
        return (
          <h2 id={id}>
            {children}
            {id ? (
              <a className="help-markdown__anchor" href={`#${id}`} aria-label={t('help.sectionLink')}>
                #
              </a>
            ) : null}
          </h2>
        );
      },
      img: ({ src = '', alt = '' }) => {
        const shot = typeof src === 'string' && src.startsWith('shot:') ? src.slice('shot:'.length) : null;
        const size = shot ? manualShotSize(shot, locale) : undefined;
        return (
          <img
            className="help-markdown__shot"
            src={shot ? manualShotUrl(shot, locale) : String(src)}
            alt={alt}
            width={size?.[0]}
            height={size?.[1]}
            loading="lazy"
          />
        );
      },
    }),
    [chapter, locale, t],
  );
  return (
    <article className="help-markdown" lang={locale}>
      <Markdown
        skipHtml
        components={components}
        // `shot:` addresses are ours; react-markdown would otherwise drop them as an unknown scheme
        urlTransform={(url) => (url.startsWith('shot:') ? url : defaultUrlTransform(url))}
      >
        {chapter.markdown}
      </Markdown>
    </article>
  );
}
