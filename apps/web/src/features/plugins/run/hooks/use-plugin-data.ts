import { useQuery } from '@tanstack/react-query';
import { fetchPluginEntry, getPlugin, listPlugins, myPlugins } from '../../../../api/plugins-api';

/**
 * The plugin calls the run views make, through TanStack Query: lists are kept briefly, an entry script
 * for good (a published version never changes).
 */

export const pluginKeys = {
  list: ['plugins', 'list'] as const,
  mine: ['plugins', 'mine'] as const,
  detail: (id: string) => ['plugins', 'detail', id] as const,
  entry: (id: string, version: string) => ['plugins', 'entry', id, version] as const,
};

export function usePublishedPlugins(enabled = true) {
  return useQuery({ queryKey: pluginKeys.list, queryFn: listPlugins, staleTime: 30_000, enabled });
}

export function useMyPlugins(enabled = true) {
  return useQuery({ queryKey: pluginKeys.mine, queryFn: myPlugins, staleTime: 10_000, enabled });
}

export function usePluginDetail(id: string | null) {
  return useQuery({
    queryKey: pluginKeys.detail(id ?? ''),
    queryFn: () => getPlugin(id ?? ''),
    enabled: Boolean(id),
    staleTime: 30_000,
    retry: false,
  });
}

export function usePluginEntry(id: string, version: string | null) {
  return useQuery({
    queryKey: pluginKeys.entry(id, version ?? ''),
    queryFn: () => fetchPluginEntry(id, version ?? ''),
    enabled: Boolean(version),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 30 * 60_000,
    retry: 1,
  });
}
