import { CloudDownloadOutlined, DeleteOutlined, PlayCircleOutlined, SyncOutlined } from '@ant-design/icons';
import type { Locale } from '@kerf/contract';
import { Button, Switch, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type PluginActions as Actions, moveOf } from '../hooks/use-plugin-actions';
import { tryItPath } from '../model/manage-location';
import type { CatalogueEntry } from '../model/plugin-catalogue';

interface Props {
  entry: CatalogueEntry;
  actions: Actions;
  locale: Locale;
}

/** The state of a plugin on my account as a small tag: installed, withdrawn, or an update waiting. */
export function StandingTag({ entry }: { entry: CatalogueEntry }) {
  const { t } = useTranslation();
  const { standing } = entry;
  if (standing.kind === 'available') return null;
  if (standing.kind === 'withdrawn') return <Tag color="error">{t('plugins-manage.standing.withdrawn')}</Tag>;
  if (standing.kind === 'updatable') return <Tag color="processing">{t('plugins-manage.standing.updatable')}</Tag>;
  // a built-in is always there, and the switch beside says enabled or disabled
  return entry.builtin ? null : <Tag color="success">{t('plugins-manage.standing.installed')}</Tag>;
}

/** Whether there is a next thing to do (install, update or switch version). */
export function hasPrimaryAction(entry: CatalogueEntry): boolean {
  return entry.standing.kind === 'available' ? !entry.builtin && entry.published : moveOf(entry) !== null;
}

/** The enable switch of an installed plugin. */
export function EnabledSwitch({ entry, actions, locale }: Props) {
  const { t } = useTranslation();
  const { standing } = entry;
  if (standing.kind === 'available') return null;
  return (
    <Switch
      size="small"
      checked={standing.enabled}
      loading={actions.toggling === entry.id}
      aria-label={t('plugins-manage.actions.toggle', { name: entry.name[locale] })}
      checkedChildren={t('plugins-manage.actions.enabled')}
      unCheckedChildren={t('plugins-manage.actions.disabledLabel')}
      onChange={(enabled) => actions.setEnabled(entry, enabled)}
    />
  );
}

/** The one thing to do next: install, or move to the version waiting. */
export function PrimaryAction({ entry, actions, block = false }: Props & { block?: boolean }) {
  const { t } = useTranslation();
  if (entry.standing.kind === 'available') {
    // a built-in is there for everyone already (a visitor runs it without installing); a draft is not offered yet
    if (entry.builtin || !entry.published) return null;
    return (
      <Button
        type="primary"
        icon={<CloudDownloadOutlined />}
        block={block}
        loading={actions.movingId === entry.id}
        disabled={actions.busy && actions.movingId !== entry.id}
        onClick={() => void actions.install(entry)}
      >
        {t('plugins-manage.actions.install')}
      </Button>
    );
  }
  const move = moveOf(entry);
  if (!move) return null;
  return (
    <Button
      type="primary"
      icon={<SyncOutlined />}
      block={block}
      loading={actions.movingId === entry.id}
      disabled={actions.busy && actions.movingId !== entry.id}
      onClick={() => void actions.move(entry)}
    >
      {t(move.kind === 'update' ? 'plugins-manage.actions.updateTo' : 'plugins-manage.actions.switchTo', {
        version: move.version,
      })}
    </Button>
  );
}

/** A link to run the plugin on a page of its own, without installing it. */
export function TryItLink({ entry, quiet = false }: { entry: CatalogueEntry; quiet?: boolean }) {
  const { t } = useTranslation();
  if (!entry.published) return null;
  return (
    <Link to={tryItPath(entry.id)} className="plugins-manage__try">
      <Button type={quiet ? 'link' : 'default'} size={quiet ? 'small' : 'middle'} icon={<PlayCircleOutlined />}>
        {t('plugins-manage.actions.tryIt')}
      </Button>
    </Link>
  );
}

/** Every action of the detail drawer: the primary one, "Try it", the switch and uninstall (built-ins cannot go). */
export function PluginActionsBar(props: Props) {
  const { t } = useTranslation();
  const { entry, actions } = props;
  const mine = entry.standing.kind !== 'available';
  return (
    <div className="plugins-manage__actions-bar">
      <PrimaryAction {...props} />
      <TryItLink entry={entry} />
      {mine ? <EnabledSwitch {...props} /> : null}
      {mine && !entry.builtin ? (
        <Button danger icon={<DeleteOutlined />} disabled={actions.busy} onClick={() => void actions.uninstall(entry)}>
          {t('plugins-manage.actions.uninstall')}
        </Button>
      ) : null}
    </div>
  );
}
