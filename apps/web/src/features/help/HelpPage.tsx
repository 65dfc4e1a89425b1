import { Card, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import Markdown, { type Components } from 'react-markdown';
import { Link } from 'react-router';
import { useSettings } from '../../stores/settings-store';
import helpEn from './help.en.md?raw';
import helpZh from './help.zh-CN.md?raw';
import { helpOutline, sectionId } from './help-outline';
import './help.css';

const DOCUMENTS = { 'zh-CN': helpZh, en: helpEn } as const;

/** Our own help text, but still no raw HTML: links inside the app use the router, others open a new tab. */
const components: Components = {
  a: ({ href = '', children }) =>
    href.startsWith('/') ? (
      <Link to={href}>{children}</Link>
    ) : (
      <a href={href} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    ),
  h2: ({ node, children }) => <h2 id={sectionId(node?.position?.start.line ?? 0)}>{children}</h2>,
};

/** The usage help (SPEC §1), written as one markdown file per language beside this page. */
export function HelpPage() {
  const { t } = useTranslation();
  const locale = useSettings((s) => s.locale);
  const markdown = DOCUMENTS[locale];
  const outline = useMemo(() => helpOutline(markdown), [markdown]);
  return (
    <div className="help-page">
      <Card variant="borderless" className="help-page__document">
        <article className="help-markdown" lang={locale}>
          <Markdown skipHtml components={components}>
            {markdown}
          </Markdown>
        </article>
        <Typography.Paragraph type="secondary" className="help-page__updated">
          {t('help.updated')}
        </Typography.Paragraph>
      </Card>
      <nav className="help-page__outline" aria-label={t('help.title')}>
        <Typography.Text strong className="help-page__outline-title">
          {t('help.title')}
        </Typography.Text>
        <ul>
          {outline.map((section) => (
            <li key={section.id}>
              <button
                type="button"
                onClick={() => document.getElementById(section.id)?.scrollIntoView({ behavior: 'smooth' })}
              >
                {section.title}
              </button>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
