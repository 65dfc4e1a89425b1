import {
  type Bilingual,
  compareVersions,
  type Locale,
  type MyPlugin,
  type PluginPermission,
  type PluginSummary,
} from '@kerf/contract';

/**
 * What /pluginsManage lists: the published plugins merged with mine, each with the state that decides
 * its buttons. For a signed-in person "mine" is the truth about what is installed; the list's own
 * `installed` only stands in until mine has answered.
 */

/** Where one plugin stands for the person looking. */
export type PluginStanding =
  | { kind: 'available' }
  | { kind: 'installed'; version: string; enabled: boolean }
  /** Installed, and a newer version is published. */
  | { kind: 'updatable'; version: string; latest: string; enabled: boolean }
  /**
   * The installed version was withdrawn: it no longer runs. `latest` is the published version to move
   * to (none when nothing is left); `was` the withdrawn one, from its manifest.
   */
  | { kind: 'withdrawn'; was: string; latest: string | null; enabled: boolean };

export interface CatalogueEntry {
  id: string;
  name: Bilingual;
  description: Bilingual;
  author: string;
  /** The version the card shows: the newest published, else the installed one. */
  version: string;
  builtin: boolean;
  hasIcon: boolean;
  permissions: PluginPermission[];
  standing: PluginStanding;
  /** What the installed version asks for; null when none is installed or it is not known. */
  installedPermissions: PluginPermission[] | null;
  /** Whether it is in the published list (a plugin all of whose versions were withdrawn is not). */
  published: boolean;
}

/**
 * `mine` when the plugin is on my account; `summary` as the list shows it. A withdrawn install runs no
 * version, and mine then shows the newest published manifest: the list's `installed` names the one
 * that was withdrawn.
 */
export function standingOf(mine: MyPlugin | undefined, summary?: PluginSummary): PluginStanding {
  if (mine) {
    if (mine.version === null) {
      const was = summary?.installed?.version ?? mine.manifest.version;
      return { kind: 'withdrawn', was, latest: mine.latest, enabled: mine.enabled };
    }
    if (mine.latest && compareVersions(mine.latest, mine.version) > 0) {
      return { kind: 'updatable', version: mine.version, latest: mine.latest, enabled: mine.enabled };
    }
    return { kind: 'installed', version: mine.version, enabled: mine.enabled };
  }
  const installed = summary?.installed;
  if (!installed) return { kind: 'available' };
  if (summary && compareVersions(summary.version, installed.version) > 0) {
    return { kind: 'updatable', version: installed.version, latest: summary.version, enabled: installed.enabled };
  }
  return { kind: 'installed', version: installed.version, enabled: installed.enabled };
}

/** Whether it is on my account in any form (installed, behind, or withdrawn). */
export function isMine(standing: PluginStanding): boolean {
  return standing.kind !== 'available';
}

/**
 * The published plugins with my standing in each, and mine that are no longer published after them.
 * `mine` undefined: not known (a visitor, or not answered yet).
 */
export function catalogueOf(list: readonly PluginSummary[], mine: readonly MyPlugin[] | undefined): CatalogueEntry[] {
  const mineById = new Map((mine ?? []).map((p) => [p.id, p]));
  const listed = list.map(
    (p): CatalogueEntry => ({
      id: p.id,
      name: p.name,
      description: p.description,
      author: p.author,
      version: p.version,
      builtin: p.builtin,
      hasIcon: p.hasIcon,
      permissions: p.permissions,
      // once mine has answered, a plugin missing from it is not installed, whatever the list said
      standing: mine && !mineById.has(p.id) ? { kind: 'available' } : standingOf(mineById.get(p.id), p),
      installedPermissions: installedPermissionsOf(mineById.get(p.id), p),
      published: true,
    }),
  );
  const listedIds = new Set(list.map((p) => p.id));
  const unlisted = (mine ?? [])
    .filter((p) => !listedIds.has(p.id))
    .map(
      (p): CatalogueEntry => ({
        id: p.id,
        name: p.manifest.name,
        description: p.manifest.description,
        author: p.manifest.author,
        version: p.version ?? p.manifest.version,
        builtin: p.builtin,
        hasIcon: Boolean(p.manifest.icon),
        permissions: p.manifest.permissions,
        standing: standingOf(p),
        installedPermissions: installedPermissionsOf(p),
        published: false,
      }),
    );
  return [...listed, ...unlisted];
}

/** What the installed version asks for, when mine's manifest is that version's (not so once it was withdrawn). */
function installedPermissionsOf(mine: MyPlugin | undefined, summary?: PluginSummary): PluginPermission[] | null {
  if (!mine) return null;
  const standing = standingOf(mine, summary);
  const installed = standing.kind === 'withdrawn' ? standing.was : mine.version;
  return installed === mine.manifest.version ? mine.manifest.permissions : null;
}

/** Built-ins first, then by name in the reader's language. */
export function sortCatalogue(entries: readonly CatalogueEntry[], locale: Locale): CatalogueEntry[] {
  const collator = new Intl.Collator(locale);
  return [...entries].sort(
    (a, b) => Number(b.builtin) - Number(a.builtin) || collator.compare(a.name[locale], b.name[locale]),
  );
}

/**
 * Whether an entry answers a search: every word typed must appear in its name or description (either
 * language), its author or its id, ignoring case.
 */
export function matchesSearch(entry: CatalogueEntry, search: string): boolean {
  const words = search.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = [
    entry.id,
    entry.author,
    entry.name['zh-CN'],
    entry.name.en,
    entry.description['zh-CN'],
    entry.description.en,
  ]
    .join('\n')
    .toLocaleLowerCase();
  return words.every((word) => haystack.includes(word));
}

/** Which of the catalogue's views an entry belongs to. */
export type CatalogueView = 'all' | 'mine';

export function visibleEntries(
  entries: readonly CatalogueEntry[],
  view: CatalogueView,
  search: string,
  locale: Locale,
): CatalogueEntry[] {
  return sortCatalogue(
    entries.filter((e) => (view === 'all' ? e.published : isMine(e.standing)) && matchesSearch(e, search)),
    locale,
  );
}

/** The permissions a version asks for that the installed one did not: what an update must confirm. */
export function addedPermissions(
  before: readonly PluginPermission[],
  after: readonly PluginPermission[],
): PluginPermission[] {
  return after.filter((p) => !before.includes(p));
}

/** What moving a withdrawn plugin to `latest` is called: an update when it is newer, else a switch. */
export function withdrawnMoveKind(
  standing: Extract<PluginStanding, { kind: 'withdrawn' }>,
): 'update' | 'switch' | null {
  if (!standing.latest) return null;
  return compareVersions(standing.latest, standing.was) > 0 ? 'update' : 'switch';
}

/**
 * What moving an installed plugin to its listed version must ask about: the permissions that version
 * adds. Not knowing what the installed one asked for, all of them.
 */
export function permissionsToConfirm(entry: Pick<CatalogueEntry, 'permissions' | 'installedPermissions'>) {
  return entry.installedPermissions
    ? addedPermissions(entry.installedPermissions, entry.permissions)
    : entry.permissions;
}
