import type { Locale } from '@kerf/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { PluginIcon } from '../../run/components/PluginIcon';
import type { PluginActions } from '../hooks/use-plugin-actions';
import type { CatalogueEntry } from '../model/plugin-catalogue';
import { EnabledSwitch, hasPrimaryAction, PrimaryAction, StandingTag, TryItLink } from './PluginActions';

interface Props {
  entry: CatalogueEntry;
  actions: PluginActions;
  locale: Locale;
  onOpen(id: string): void;
}

/**
 * One plugin in the grid: icon, name, author and version, a built-in badge and the short description;
 * at its foot where it stands (or "Try it") and the next thing to do (or "Try it"). The card opens the
 * details; its controls act.
 */
export function PluginCard({ entry, actions, locale, onOpen }: Props) {
  const { t } = useTranslation();
  const name = entry.name[locale];
  const available = entry.standing.kind === 'available';
  return (
    <article className="plugins-manage__card" data-plugin={entry.id} aria-label={name}>
      <button
        type="button"
        className="plugins-manage__card-open"
        onClick={() => onOpen(entry.id)}
        aria-label={t('plugins-manage.catalogue.details', { name })}
      >
        <span className="plugins-manage__card-head">
          <PluginIcon id={entry.id} version={entry.version} hasIcon={entry.hasIcon} size={44} />
          <span className="plugins-manage__card-name">
            <span className="plugins-manage__card-title">{name}</span>
            <span className="plugins-manage__card-meta">
              <span className="plugins-manage__card-author">{entry.author}</span>
              <span aria-hidden>·</span>
              <span>{entry.version}</span>
            </span>
          </span>
          {entry.builtin ? (
            <Tag className="plugins-manage__builtin" color="green">
              {t('plugins-manage.standing.builtin')}
            </Tag>
          ) : null}
        </span>
        <span className="plugins-manage__card-text">{entry.description[locale]}</span>
      </button>
      <div className="plugins-manage__card-foot">
        {available ? (
          <TryItLink entry={entry} quiet />
        ) : (
          <span className="plugins-manage__card-standing">
            <StandingTag entry={entry} />
            <EnabledSwitch entry={entry} actions={actions} locale={locale} />
          </span>
        )}
        {hasPrimaryAction(entry) ? (
          <PrimaryAction entry={entry} actions={actions} locale={locale} />
        ) : available ? null : (
          <TryItLink entry={entry} quiet />
        )}
      </div>
    </article>
  );
}
