import type { PluginPermission } from '@kerf/contract';
import { App } from 'antd';
import { type ReactNode, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isShownByClient, messageOf } from '../../../../api/request';
import { preRoute } from '../../../../app/guards/pre-route';
import { useSession } from '../../../../stores/session-store';
import { useSettings } from '../../../../stores/settings-store';
import { PermissionList } from '../components/PermissionList';
import { returnPath } from '../model/manage-location';
import { type CatalogueEntry, permissionsToConfirm, withdrawnMoveKind } from '../model/plugin-catalogue';
import { useInstallPlugin, useSetPluginEnabled, useUninstallPlugin } from './use-manage-data';

/** The version an entry can move to, and whether that is called an update or a switch. */
export function moveOf(entry: CatalogueEntry): { version: string; kind: 'update' | 'switch' } | null {
  const { standing } = entry;
  if (standing.kind === 'updatable') return { version: standing.latest, kind: 'update' };
  if (standing.kind === 'withdrawn') {
    const kind = withdrawnMoveKind(standing);
    return kind && standing.latest ? { version: standing.latest, kind } : null;
  }
  return null;
}

/**
 * What a person does to a plugin, with the questions first: a visitor is asked to sign in, an install
 * shows the permissions it asks for, an update the ones it adds, an uninstall is confirmed.
 */
export function usePluginActions() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const locale = useSettings((s) => s.locale);
  const signedIn = useSession((s) => Boolean(s.token));
  const install = useInstallPlugin();
  const uninstall = useUninstallPlugin();
  const toggle = useSetPluginEnabled();

  const ask = useCallback(
    (title: string, content: ReactNode, okText: string, danger = false) =>
      new Promise<boolean>((resolve) => {
        modal.confirm({
          title,
          content,
          okText,
          cancelText: t('plugins-manage.confirm.cancel'),
          okButtonProps: danger ? { danger: true } : undefined,
          onOk: () => resolve(true),
          onCancel: () => resolve(false),
        });
      }),
    [modal, t],
  );

  const failed = useCallback(
    (error: unknown) => {
      if (!isShownByClient(error)) void message.error(messageOf(error));
    },
    [message],
  );

  const done = useCallback((msg: string) => (msg ? void message.success(msg) : undefined), [message]);

  const permissionsNote = (permissions: readonly PluginPermission[], heading: string) => (
    <div className="plugins-manage__confirm">
      {permissions.length ? (
        <>
          <p>{heading}</p>
          <PermissionList permissions={permissions} locale={locale} />
        </>
      ) : (
        <p>{t('plugins-manage.confirm.noPermissions')}</p>
      )}
    </div>
  );

  const signInFirst = async (entry: CatalogueEntry) => {
    const go = await ask(
      t('plugins-manage.confirm.signInTitle'),
      t('plugins-manage.confirm.signInText'),
      t('plugins-manage.confirm.signInOk'),
    );
    if (!go) return;
    preRoute.save(returnPath(entry.id));
    void navigate('/login');
  };

  return {
    busy: install.isPending || uninstall.isPending,
    /** The id whose switch is on its way. */
    toggling: toggle.isPending ? toggle.variables?.id : undefined,
    movingId: install.isPending ? install.variables?.id : undefined,

    async install(entry: CatalogueEntry) {
      if (!signedIn) return signInFirst(entry);
      const name = entry.name[locale];
      const ok = await ask(
        t('plugins-manage.confirm.installTitle', { name }),
        permissionsNote(entry.permissions, t('plugins-manage.confirm.permissions')),
        t('plugins-manage.confirm.installOk'),
      );
      if (!ok) return;
      await install.mutateAsync({ id: entry.id, version: entry.version }).then(({ msg }) => done(msg), failed);
    },

    async move(entry: CatalogueEntry) {
      const target = moveOf(entry);
      if (!target) return;
      const name = entry.name[locale];
      const added = permissionsToConfirm(entry);
      if (added.length) {
        const update = target.kind === 'update';
        const ok = await ask(
          t(update ? 'plugins-manage.confirm.updateTitle' : 'plugins-manage.confirm.switchTitle', {
            name,
            version: target.version,
          }),
          permissionsNote(added, t('plugins-manage.confirm.newPermissions')),
          t(update ? 'plugins-manage.confirm.updateOk' : 'plugins-manage.confirm.switchOk'),
        );
        if (!ok) return;
      }
      await install.mutateAsync({ id: entry.id, version: target.version }).then(({ msg }) => done(msg), failed);
    },

    async uninstall(entry: CatalogueEntry) {
      const ok = await ask(
        t('plugins-manage.confirm.uninstallTitle', { name: entry.name[locale] }),
        t('plugins-manage.confirm.uninstallText'),
        t('plugins-manage.confirm.uninstallOk'),
        true,
      );
      if (!ok) return;
      await uninstall.mutateAsync(entry.id).then(({ msg }) => done(msg), failed);
    },

    setEnabled(entry: CatalogueEntry, enabled: boolean) {
      // the switch itself shows the outcome; only a refusal says more
      toggle.mutateAsync({ id: entry.id, enabled }).catch(failed);
    },
  };
}

export type PluginActions = ReturnType<typeof usePluginActions>;
