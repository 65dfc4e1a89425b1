import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type ManualHit, markTerms } from '../model/manual-search';

function Marked({ text, terms }: { text: string; terms: string[] }) {
  return (
    <>
      {markTerms(text, terms).map((piece, i) =>
        // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one text, in their fixed order
        piece.marked ? <mark key={i}>{piece.text}</mark> : <span key={i}>{piece.text}</span>,
      )}
    </>
  );
}

/** What a manual search found: each place with its chapter, the matching words marked. */
export function ManualSearchResults({ hits, onOpen }: { hits: ManualHit[]; onOpen(): void }) {
  const { t } = useTranslation();
  if (!hits.length) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('help.search.none')} />;
  }
  return (
    <ol className="help-results" aria-label={t('help.search.results', { count: hits.length })}>
      {hits.map((hit) => (
        <li key={`${hit.chapter}#${hit.sectionId ?? ''}`} className="help-results__item">
          <Link to={`/help/${hit.chapter}${hit.sectionId ? `#${hit.sectionId}` : ''}`} onClick={onOpen}>
            <span className="help-results__title">
              <Marked text={hit.title} terms={hit.terms} />
            </span>
            {hit.sectionId ? <span className="help-results__chapter">{hit.chapterTitle}</span> : null}
            <span className="help-results__snippet">
              <Marked text={hit.snippet} terms={hit.terms} />
            </span>
          </Link>
        </li>
      ))}
    </ol>
  );
}
