import { SearchOutlined } from '@ant-design/icons';
import { Card, Input, Typography } from 'antd';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { useSettings } from '../../stores/settings-store';
import { ManualArticle } from './components/ManualArticle';
import { ManualSearchResults } from './components/ManualSearchResults';
import { useHashScroll } from './hooks/use-hash-scroll';
import { MANUAL } from './manual-files';
import { buildManualSearch } from './model/manual-search';
import './help.css';

/**
 * The usage manual (SPEC §1): chapters per feature in the app's language, searchable, each section
 * linkable as `/help/<chapter>#<section>` (the same address in both languages).
 */
export function HelpPage() {
  const { t } = useTranslation();
  const locale = useSettings((s) => s.locale);
  const { chapter: slug } = useParams();
  const chapters = MANUAL[locale];
  const chapter = slug ? chapters.find((c) => c.slug === slug) : chapters[0];
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const search = useMemo(() => buildManualSearch(chapters, locale), [chapters, locale]);
  const hits = useMemo(() => search(deferredQuery), [search, deferredQuery]);
  useHashScroll(chapter);

  if (!chapter) return <Navigate to="/help" replace />;
  return (
    <div className="help-page">
      <nav className="help-page__chapters" aria-label={t('help.chapters')}>
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder={t('help.search.placeholder')}
          aria-label={t('help.search.label')}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
        {query.trim() ? (
          <ManualSearchResults hits={hits} onOpen={() => setQuery('')} />
        ) : (
          <ol className="help-page__chapter-list">
            {chapters.map((c) => (
              <li key={c.slug}>
                <Link to={`/help/${c.slug}`} aria-current={c.slug === chapter.slug ? 'page' : undefined}>
                  {c.title}
                </Link>
              </li>
            ))}
          </ol>
        )}
      </nav>
      <Card variant="borderless" className="help-page__document">
        <ManualArticle chapter={chapter} locale={locale} />
        <Typography.Paragraph type="secondary" className="help-page__updated">
          {t('help.updated')}
        </Typography.Paragraph>
      </Card>
      <nav className="help-page__outline" aria-label={t('help.onThisPage')}>
        <Typography.Text strong className="help-page__outline-title">
          {t('help.onThisPage')}
        </Typography.Text>
        <ul>
          {chapter.sections.map((section) => (
            <li key={section.id}>
              <Link to={{ hash: section.id }} replace>
                {section.title}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
