import {
  ApiOutlined,
  AppstoreOutlined,
  ClusterOutlined,
  CustomerServiceOutlined,
  DashboardOutlined,
  DeleteOutlined,
  DesktopOutlined,
  ExperimentOutlined,
  FileImageOutlined,
  HistoryOutlined,
  HomeOutlined,
  LikeOutlined,
  PictureOutlined,
  QuestionCircleOutlined,
  SettingOutlined,
  ShareAltOutlined,
  ShopOutlined,
  TransactionOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import type { Bilingual } from '@kerf/contract';
import type { ReactNode } from 'react';
import type { ServerMenu } from '../../api/account-api';
import type { TranslationKey } from '../../i18n/i18n';

/** One entry of the sidebar menu: titled by a catalogue key (our entries) or in both languages (the server's). */
export interface MenuEntry {
  key: string;
  /** App path (no /web prefix), with a query where the entry opens a view (`/workbench?fileType=0`). */
  path: string;
  titleKey?: TranslationKey;
  title?: Bilingual;
  icon: ReactNode;
  /** Permission that shows the entry (SPEC §6); entries without one are always shown. */
  permission?: string;
  /** Other paths that light the entry up: a directory's pages (it opens the first of them). */
  also?: readonly string[];
}

const HELP_ENTRY: MenuEntry = {
  key: 'help',
  path: '/help',
  titleKey: 'route.help',
  icon: <QuestionCircleOutlined />,
};

/** The sidebar of a signed-out visitor: the public workbench, the plugins (public too) and the help. */
export const MENU: readonly MenuEntry[] = [
  { key: 'workbench', path: '/workbench', titleKey: 'route.workbench', icon: <DesktopOutlined /> },
  { key: 'plugins', path: '/pluginsManage', titleKey: 'plugins-manage.route.title', icon: <ApiOutlined /> },
  HELP_ENTRY,
];

/** Icon names of the workbench menu (@kerf/contract WORKBENCH_MENUS) to antd icons. */
export const MENU_ICONS: Record<string, ReactNode> = {
  home: <HomeOutlined />,
  picture: <PictureOutlined />,
  transaction: <TransactionOutlined />,
  like: <LikeOutlined />,
  shop: <ShopOutlined />,
  experiment: <ExperimentOutlined />,
  cluster: <ClusterOutlined />,
  dashboard: <DashboardOutlined />,
  history: <HistoryOutlined />,
  fileImage: <FileImageOutlined />,
  video: <VideoCameraOutlined />,
  audio: <CustomerServiceOutlined />,
  recycle: <DeleteOutlined />,
  share: <ShareAltOutlined />,
  setting: <SettingOutlined />,
  plugins: <ApiOutlined />,
};

/** A directory's pages, however deep, in order: what it opens and what lights it up. */
function pagesOf(menu: ServerMenu): ServerMenu[] {
  return menu.children?.length ? menu.children.flatMap(pagesOf) : [menu];
}

/**
 * A signed-in person's sidebar: what user_routers returned (already filtered by permission on the
 * server), then the help, which is always there. A directory (System) is one entry that opens its
 * first page and is lit on any of its pages.
 */
export function menuFromServer(menus: readonly ServerMenu[]): MenuEntry[] {
  const entries = menus.map(
    (menu): MenuEntry => ({
      key: menu.key,
      path: menu.path,
      title: menu.title,
      icon: MENU_ICONS[menu.icon] ?? <AppstoreOutlined />,
      ...(menu.children?.length ? { also: pagesOf(menu).map((page) => page.path) } : {}),
    }),
  );
  return entries.some((entry) => entry.key === HELP_ENTRY.key) ? entries : [...entries, HELP_ENTRY];
}

/** Decides whether a permission-guarded entry is shown: the session's check. */
export type PermissionCheck = (permission: string) => boolean;

export function visibleMenu(entries: readonly MenuEntry[], can: PermissionCheck): MenuEntry[] {
  return entries.filter((entry) => !entry.permission || can(entry.permission));
}

function splitPath(path: string): { pathname: string; query: URLSearchParams } {
  const at = path.indexOf('?');
  return at < 0
    ? { pathname: path, query: new URLSearchParams() }
    : { pathname: path.slice(0, at), query: new URLSearchParams(path.slice(at + 1)) };
}

/**
 * What a page shows when its address has no query: the workbench lists all files (fileType 0), the
 * account page opens on the profile. A menu entry naming the default lights up for the bare address.
 */
export const PAGE_QUERY_DEFAULTS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  '/workbench': { fileType: '0' },
  '/account': { tab: 'profile' },
};

/**
 * The entry to highlight: the longest path prefix of the current path wins. An entry with a query
 * (`/account?tab=log`) is a view of its page and lights up only when the address shows that view.
 */
export function activeMenuKey(
  entries: readonly MenuEntry[],
  pathname: string,
  search = '',
  defaults: typeof PAGE_QUERY_DEFAULTS = PAGE_QUERY_DEFAULTS,
): string | undefined {
  const current = new URLSearchParams(search);
  let best: { key: string; score: number } | undefined;
  for (const entry of entries) {
    for (const path of [entry.path, ...(entry.also ?? [])]) {
      const target = splitPath(path);
      const onPath = pathname === target.pathname || pathname.startsWith(`${target.pathname}/`);
      const shown = (name: string) => current.get(name) ?? defaults[target.pathname]?.[name] ?? null;
      const queryMatches = [...target.query].every(([name, value]) => shown(name) === value);
      if (!onPath || !queryMatches) continue;
      // on the same page, the entry naming more of the query is the more specific one
      const score = target.pathname.length * 16 + [...target.query].length;
      if (!best || score > best.score) best = { key: entry.key, score };
    }
  }
  return best?.key;
}

/** The key of the System directory in user_routers (@kerf/contract BUILTIN_MENUS). */
export const SYSTEM_MENU_KEY = 'system';

/**
 * The /sysm screens the server's menu offers the caller: the System entry's pages, in order (a role
 * change or a hidden page changes them). Null when the menu has no System entry with pages.
 */
export function systemPagesFromServer(menus: readonly ServerMenu[]): ServerMenu[] | null {
  const system = menus.find((menu) => menu.key === SYSTEM_MENU_KEY);
  const pages = system?.children?.length ? pagesOf(system) : [];
  return pages.length ? pages : null;
}
