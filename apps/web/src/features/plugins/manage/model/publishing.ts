import {
  compareVersions,
  PLUGIN_LIMITS,
  type PluginDetail,
  type PluginVersionStatus,
  type PluginVersionView,
} from '@kerf/contract';

/** The administrators' side of /pluginsManage: which package may go up, and what each version offers. */

export type PackageIssue = { kind: 'notZip' } | { kind: 'tooLarge'; maxBytes: number } | { kind: 'empty' };

/**
 * Why a picked file cannot be a plugin package before it is sent (the server checks the rest: the
 * manifest, the entry, the icon). Null when it may go.
 */
export function packageFileIssue(file: { name: string; size: number }): PackageIssue | null {
  if (!/\.zip$/i.test(file.name)) return { kind: 'notZip' };
  if (file.size === 0) return { kind: 'empty' };
  if (file.size > PLUGIN_LIMITS.packageMaxBytes) return { kind: 'tooLarge', maxBytes: PLUGIN_LIMITS.packageMaxBytes };
  return null;
}

export type VersionAction = 'publish' | 'withdraw';

/**
 * A draft or a withdrawn version can be published (again); a published one withdrawn. Built-ins ship
 * with Kerf and are never published or withdrawn here.
 */
export function versionActions(status: PluginVersionStatus, builtin = false): VersionAction[] {
  if (builtin) return [];
  return status === 'published' ? ['withdraw'] : ['publish'];
}

export function newestFirst(versions: readonly PluginVersionView[]): PluginVersionView[] {
  return [...versions].sort((a, b) => compareVersions(b.version, a.version));
}

export interface PublishingRow {
  plugin: PluginDetail;
  /** Newest first. */
  versions: PluginVersionView[];
  newest: PluginVersionView | undefined;
  /** The version users get: the newest published. */
  live: PluginVersionView | undefined;
  drafts: number;
}

export function publishingRowOf(plugin: PluginDetail): PublishingRow {
  const versions = newestFirst(plugin.versions);
  return {
    plugin,
    versions,
    newest: versions[0],
    live: versions.find((v) => v.status === 'published'),
    drafts: versions.filter((v) => v.status === 'draft').length,
  };
}

/**
 * The uploaded plugins (built-ins come with Kerf's releases, nothing to publish), those with something
 * waiting (a draft) first, then by when their newest version arrived, latest
 * first: where an administrator's attention goes after an upload.
 */
export function publishingRows(plugins: readonly PluginDetail[]): PublishingRow[] {
  return plugins
    .filter((p) => !p.builtin)
    .map(publishingRowOf)
    .sort(
      (a, b) =>
        Number(b.drafts > 0) - Number(a.drafts > 0) ||
        (b.newest?.createdAt ?? '').localeCompare(a.newest?.createdAt ?? '') ||
        a.plugin.id.localeCompare(b.plugin.id),
    );
}

/** Publishing a version older than the live one leaves users on the newer one: worth saying first. */
export function publishesBelowLive(row: PublishingRow, version: string): boolean {
  return row.live !== undefined && compareVersions(version, row.live.version) < 0;
}
