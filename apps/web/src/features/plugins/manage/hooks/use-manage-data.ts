import type { PluginVersionStatus } from '@kerf/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import {
  installPlugin,
  managedPlugins,
  setPluginEnabled,
  setPluginVersionStatus,
  uninstallPlugin,
  uploadPluginPackage,
} from '../../../../api/plugins-api';
import { useSettings } from '../../../../stores/settings-store';
import { pluginKeys, useMyPlugins, usePublishedPlugins } from '../../run/hooks/use-plugin-data';
import { catalogueOf } from '../model/plugin-catalogue';

/**
 * The manager's server state, through TanStack Query under the same `plugins` keys the run views use,
 * so installing, disabling or publishing here refreshes the editor's plugins menu and /plugin too.
 */

export const MANAGE_KEY = ['plugins', 'manage'] as const;

/** The published plugins merged with mine (for a signed-in person). */
export function usePluginCatalogue(signedIn: boolean) {
  const list = usePublishedPlugins();
  const mine = useMyPlugins(signedIn);
  const locale = useSettings((s) => s.locale);
  const entries = useMemo(
    () => catalogueOf(list.data ?? [], signedIn ? mine.data : undefined),
    [list.data, mine.data, signedIn],
  );
  return {
    entries,
    locale,
    /** Nothing to show yet. */
    pending: list.isPending || (signedIn && mine.isPending),
    error: list.error ?? (signedIn ? mine.error : null),
    refetch: () => {
      void list.refetch();
      if (signedIn) void mine.refetch();
    },
  };
}

export function useManagedPlugins(enabled: boolean) {
  return useQuery({ queryKey: MANAGE_KEY, queryFn: managedPlugins, enabled });
}

/** After any change every plugin view asks again: lists, mine, details (the entry scripts stay cached). */
function useRefreshPlugins() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['plugins'], predicate: (query) => query.queryKey[1] !== 'entry' });
}

export function useInstallPlugin() {
  const refresh = useRefreshPlugins();
  return useMutation({
    mutationFn: ({ id, version }: { id: string; version?: string }) => installPlugin(id, version),
    onSettled: refresh,
  });
}

export function useUninstallPlugin() {
  const refresh = useRefreshPlugins();
  return useMutation({ mutationFn: (id: string) => uninstallPlugin(id), onSettled: refresh });
}

export function useSetPluginEnabled() {
  const client = useQueryClient();
  const refresh = useRefreshPlugins();
  return useMutation({
    mutationFn: ({ id, enabled }: { id: string; enabled: boolean }) => setPluginEnabled(id, enabled),
    // the switch moves at once; a refusal puts it back when mine is asked again
    onMutate: ({ id, enabled }) => {
      client.setQueryData(pluginKeys.mine, (mine: { id: string; enabled: boolean }[] | undefined) =>
        mine?.map((p) => (p.id === id ? { ...p, enabled } : p)),
      );
    },
    onSettled: refresh,
  });
}

export function useUploadPackage() {
  const refresh = useRefreshPlugins();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress?: (fraction: number) => void }) =>
      uploadPluginPackage(file, file.name, onProgress),
    onSuccess: refresh,
  });
}

export function useSetVersionStatus() {
  const refresh = useRefreshPlugins();
  return useMutation({
    mutationFn: ({
      id,
      version,
      status,
    }: {
      id: string;
      version: string;
      status: Exclude<PluginVersionStatus, 'draft'>;
    }) => setPluginVersionStatus(id, version, status),
    onSettled: refresh,
  });
}
