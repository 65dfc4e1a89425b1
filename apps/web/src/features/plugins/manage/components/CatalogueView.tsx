import { AppstoreAddOutlined, SearchOutlined } from '@ant-design/icons';
import type { Locale } from '@kerf/contract';
import { Alert, Button, Empty, Input, Skeleton } from 'antd';
import { type ReactNode, useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../../api/request';
import type { PluginActions } from '../hooks/use-plugin-actions';
import { type CatalogueEntry, type CatalogueView as View, visibleEntries } from '../model/plugin-catalogue';
import { PluginCard } from './PluginCard';

interface Props {
  view: View;
  entries: readonly CatalogueEntry[];
  pending: boolean;
  error: unknown;
  onRetry(): void;
  /** The words in the address when the view opens. */
  search: string;
  onSearch(search: string): void;
  onOpen(id: string): void;
  /** From "my plugins" when it is empty: go and browse. */
  onBrowse?(): void;
  actions: PluginActions;
  locale: Locale;
}

/**
 * A searchable grid of plugins: all published ones, or mine. The box keeps what is typed itself and the
 * address follows: were it bound to the address, it would show the old words until the router has run,
 * and a keystroke (or an input method's composition) landing in between would be lost.
 */
export function CatalogueView(props: Props) {
  const { t } = useTranslation();
  const { view, entries, locale } = props;
  const [typed, setTyped] = useState(props.search);
  const search = useDeferredValue(typed);
  const searchFor = (words: string) => {
    setTyped(words);
    props.onSearch(words);
  };
  const shown = visibleEntries(entries, view, search, locale);
  const anyAtAll = visibleEntries(entries, view, '', locale).length > 0;

  let body: ReactNode;
  if (props.error && entries.length === 0) {
    body = (
      <Alert
        type="error"
        showIcon
        title={t('plugins-manage.catalogue.loadFailed', { reason: messageOf(props.error) })}
        action={
          <Button size="small" onClick={props.onRetry}>
            {t('plugins-manage.catalogue.retry')}
          </Button>
        }
      />
    );
  } else if (props.pending) {
    body = <Skeleton active avatar paragraph={{ rows: 3 }} />;
  } else if (!anyAtAll) {
    body =
      view === 'mine' ? (
        <Empty
          className="plugins-manage__empty"
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            <>
              <div>{t('plugins-manage.catalogue.emptyMine')}</div>
              <div className="plugins-manage__empty-hint">{t('plugins-manage.catalogue.emptyMineHint')}</div>
            </>
          }
        >
          {props.onBrowse ? (
            <Button type="primary" icon={<AppstoreAddOutlined />} onClick={props.onBrowse}>
              {t('plugins-manage.catalogue.browse')}
            </Button>
          ) : null}
        </Empty>
      ) : (
        <Empty className="plugins-manage__empty" description={t('plugins-manage.catalogue.empty')} />
      );
  } else if (shown.length === 0) {
    body = (
      <Empty
        className="plugins-manage__empty"
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={t('plugins-manage.catalogue.noMatch', { search: search.trim() })}
      >
        <Button onClick={() => searchFor('')}>{t('plugins-manage.catalogue.clearSearch')}</Button>
      </Empty>
    );
  } else {
    body = (
      <div className="plugins-manage__grid">
        {shown.map((entry) => (
          <PluginCard key={entry.id} entry={entry} actions={props.actions} locale={locale} onOpen={props.onOpen} />
        ))}
      </div>
    );
  }

  return (
    <section className="plugins-manage__catalogue">
      <div className="plugins-manage__toolbar">
        <Input
          allowClear
          className="plugins-manage__search"
          prefix={<SearchOutlined aria-hidden />}
          aria-label={t('plugins-manage.catalogue.search')}
          placeholder={t('plugins-manage.catalogue.searchPlaceholder')}
          value={typed}
          onChange={(event) => searchFor(event.target.value)}
        />
        {anyAtAll ? (
          <span className="plugins-manage__count">{t('plugins-manage.catalogue.count', { count: shown.length })}</span>
        ) : null}
      </div>
      {body}
    </section>
  );
}
