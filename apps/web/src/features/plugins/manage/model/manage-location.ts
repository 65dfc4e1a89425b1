/**
 * /pluginsManage keeps what it shows in its address, so a link (or a reload, or coming back from the
 * sign-in page) opens the same view: `?tab=mine|publishing`, `?id=` for the plugin in the drawer and
 * `?q=` for the search.
 */

export const MANAGE_TABS = ['browse', 'mine', 'publishing'] as const;
export type ManageTab = (typeof MANAGE_TABS)[number];

export interface ManageLocation {
  tab: ManageTab;
  /** The plugin open in the detail drawer. */
  id: string | null;
  search: string;
}

export interface ManageAccess {
  signedIn: boolean;
  /** Holds plugin:package:manage. */
  publisher: boolean;
}

/** The tabs a person has: everyone browses, a signed-in person has theirs, publishers publish. */
export function tabsFor(access: ManageAccess): ManageTab[] {
  return MANAGE_TABS.filter((tab) => tab === 'browse' || (tab === 'mine' ? access.signedIn : access.publisher));
}

export function readManageLocation(params: URLSearchParams, access: ManageAccess): ManageLocation {
  const wanted = params.get('tab');
  const tab = tabsFor(access).find((t) => t === wanted) ?? 'browse';
  const id = params.get('id')?.trim() || null;
  return { tab, id, search: params.get('q') ?? '' };
}

/** The query for a location; the defaults stay out of it. */
export function manageQuery(location: ManageLocation): Record<string, string> {
  const query: Record<string, string> = {};
  if (location.tab !== 'browse') query.tab = location.tab;
  if (location.id) query.id = location.id;
  if (location.search.trim()) query.q = location.search;
  return query;
}

/** The address to come back to after signing in, with the plugin one wanted to install open. */
export function returnPath(id: string | null): string {
  return id ? `/pluginsManage?id=${encodeURIComponent(id)}` : '/pluginsManage';
}

/** The /plugin page running one plugin, to try it. */
export function tryItPath(id: string): string {
  return `/plugin?id=${encodeURIComponent(id)}`;
}
