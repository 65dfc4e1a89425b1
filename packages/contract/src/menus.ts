import { CRAFT_PERMISSIONS } from './craft.js';
import { DEVICE_PERMISSIONS } from './device.js';
import { FEEDBACK_PERMISSIONS } from './feedback.js';
import { GALLERY_PERMISSIONS } from './gallery.js';
import type { Bilingual } from './locale.js';
import { PLUGIN_PERMISSIONS } from './plugins.js';
import { SUPPORT_PERMISSIONS } from './support.js';
import {
  CONFIG_PERMISSIONS,
  LOGIN_LOG_PERMISSIONS,
  MENU_PERMISSIONS,
  type MenuType,
  ONLINE_PERMISSIONS,
  ROLE_PERMISSIONS,
  USER_PERMISSIONS,
} from './system.js';
import { TRADE_PERMISSIONS } from './trade.js';

/**
 * The workbench menu (SPEC §2: home, gallery, trade centre, recommend, store, craft, device, dashboard,
 * operation log). `available` turns true as each feature lands; the server returns only available
 * entries the caller may see, and the web app draws what it gets.
 */
export interface MenuEntry {
  key: string;
  path: string;
  icon: string;
  title: { 'zh-CN': string; en: string };
  permission: string;
  available: boolean;
}

export const WORKBENCH_MENUS: readonly MenuEntry[] = [
  {
    key: 'home',
    path: '/workbench?fileType=0',
    icon: 'home',
    title: { 'zh-CN': '首页', en: 'Home' },
    permission: 'drive:file:list',
    available: true,
  },
  // The drive's views (SPEC §2 fileType): "home" above is the drive's full list (fileType 0).
  {
    key: 'driveImages',
    path: '/workbench?fileType=1',
    icon: 'fileImage',
    title: { 'zh-CN': '图片', en: 'Images' },
    permission: 'drive:file:list',
    available: true,
  },
  {
    key: 'driveVideo',
    path: '/workbench?fileType=3',
    icon: 'video',
    title: { 'zh-CN': '视频', en: 'Videos' },
    permission: 'drive:file:list',
    available: true,
  },
  {
    key: 'driveAudio',
    path: '/workbench?fileType=4',
    icon: 'audio',
    title: { 'zh-CN': '音频', en: 'Audio' },
    permission: 'drive:file:list',
    available: true,
  },
  {
    key: 'myShares',
    path: '/workbench?fileType=8',
    icon: 'share',
    title: { 'zh-CN': '我的分享', en: 'My shares' },
    permission: 'share:link:list',
    available: true,
  },
  {
    key: 'recycleBin',
    path: '/workbench?fileType=6',
    icon: 'recycle',
    title: { 'zh-CN': '回收站', en: 'Recycle bin' },
    permission: 'drive:file:list',
    available: true,
  },
  {
    key: 'gallery',
    path: '/store/gallery',
    icon: 'picture',
    title: { 'zh-CN': '图库', en: 'Gallery' },
    permission: 'gallery:item:list',
    available: true,
  },
  {
    key: 'trade',
    path: '/trade',
    icon: 'transaction',
    title: { 'zh-CN': '交易中心', en: 'Trade centre' },
    permission: 'trade:order:list',
    available: true,
  },
  {
    key: 'recommend',
    path: '/store',
    icon: 'like',
    title: { 'zh-CN': '推荐', en: 'Recommended' },
    permission: 'gallery:item:list',
    available: true,
  },
  {
    key: 'store',
    path: '/store/record',
    icon: 'shop',
    title: { 'zh-CN': '商店', en: 'Store' },
    permission: 'trade:order:list',
    available: true,
  },
  {
    key: 'craft',
    path: '/craft',
    icon: 'experiment',
    title: { 'zh-CN': '工艺', en: 'Craft' },
    permission: 'craft:library:list',
    available: true,
  },
  {
    key: 'device',
    path: '/device',
    icon: 'cluster',
    title: { 'zh-CN': '设备', en: 'Devices' },
    permission: 'device:machine:list',
    available: true,
  },
  {
    key: 'dashboard',
    path: '/databoard',
    icon: 'dashboard',
    title: { 'zh-CN': '数据看板', en: 'Dashboard' },
    permission: 'device:stats:view',
    available: true,
  },
  {
    key: 'plugins',
    path: '/pluginsManage',
    icon: 'plugins',
    title: { 'zh-CN': '插件管理', en: 'Plugins' },
    // every signed-in person holds editor:*:* (DEFAULT_USER_PERMISSIONS); the page itself is public
    permission: 'editor:plugin:list',
    available: true,
  },
  {
    key: 'operationLog',
    path: '/account?tab=log',
    icon: 'history',
    title: { 'zh-CN': '操作日志', en: 'Operation log' },
    permission: 'account:log:list',
    available: true,
  },
  {
    key: 'system',
    path: '/sysm/dict',
    icon: 'setting',
    title: { 'zh-CN': '系统管理', en: 'System' },
    permission: 'system:dict:list',
    available: true,
  },
];

/** What a newly registered person may do; admins hold `*:*:*`. */
export const DEFAULT_USER_PERMISSIONS = [
  'account:*:*',
  'drive:*:*',
  'share:*:*',
  'gallery:*:*',
  'trade:*:*',
  // Not craft:*:* — the standard library is edited only by those granted craft:standard:edit.
  'craft:library:*',
  'craft:personal:*',
  // Not device:*:* — the maker's registry and the whole fleet are for administrators.
  'device:machine:*',
  'device:activation:*',
  'device:stats:*',
  'editor:*:*',
] as const;

/**
 * One row of the menu tree Kerf ships (RuoYi's sys_menu): seeded at start by `key` when missing, so an
 * administrator's later edits (order, visibility, titles) are kept across upgrades.
 */
export interface MenuSeed {
  key: string;
  /** The directory or page this entry sits under; none for a top-level entry. */
  parentKey?: string;
  type: MenuType;
  title: { 'zh-CN': string; en: string };
  path: string;
  icon: string;
  /** Seeded order among siblings; the administrator can change it. */
  order: number;
  /** What a role must grant for the entry (a page) or the action (a button) to be offered. */
  permission: string;
}

/** A button under a page in the menu tree: one grant a role can be given. */
interface MenuButton {
  action: string;
  title: MenuSeed['title'];
  permission: string;
}

const SYSTEM_SCREENS: readonly {
  key: string;
  title: MenuSeed['title'];
  permission: string;
  buttons: readonly MenuButton[];
}[] = [
  {
    key: 'user',
    title: { 'zh-CN': '用户管理', en: 'Users' },
    permission: USER_PERMISSIONS.list,
    buttons: [
      { action: 'query', title: { 'zh-CN': '用户查询', en: 'View user' }, permission: USER_PERMISSIONS.query },
      { action: 'add', title: { 'zh-CN': '用户新增', en: 'Add user' }, permission: USER_PERMISSIONS.add },
      { action: 'edit', title: { 'zh-CN': '用户修改', en: 'Edit user' }, permission: USER_PERMISSIONS.edit },
      {
        action: 'resetPwd',
        title: { 'zh-CN': '重置密码', en: 'Reset password' },
        permission: USER_PERMISSIONS.resetPwd,
      },
      { action: 'export', title: { 'zh-CN': '用户导出', en: 'Export users' }, permission: USER_PERMISSIONS.export },
      { action: 'unlock', title: { 'zh-CN': '账户解锁', en: 'Unlock account' }, permission: USER_PERMISSIONS.unlock },
    ],
  },
  {
    key: 'role',
    title: { 'zh-CN': '角色管理', en: 'Roles' },
    permission: ROLE_PERMISSIONS.list,
    buttons: [
      { action: 'query', title: { 'zh-CN': '角色查询', en: 'View role' }, permission: ROLE_PERMISSIONS.query },
      { action: 'add', title: { 'zh-CN': '角色新增', en: 'Add role' }, permission: ROLE_PERMISSIONS.add },
      { action: 'edit', title: { 'zh-CN': '角色修改', en: 'Edit role' }, permission: ROLE_PERMISSIONS.edit },
      { action: 'remove', title: { 'zh-CN': '角色删除', en: 'Delete role' }, permission: ROLE_PERMISSIONS.remove },
    ],
  },
  {
    key: 'menu',
    title: { 'zh-CN': '菜单管理', en: 'Menus' },
    permission: MENU_PERMISSIONS.list,
    buttons: [
      { action: 'add', title: { 'zh-CN': '菜单新增', en: 'Add menu' }, permission: MENU_PERMISSIONS.add },
      { action: 'edit', title: { 'zh-CN': '菜单修改', en: 'Edit menu' }, permission: MENU_PERMISSIONS.edit },
      { action: 'remove', title: { 'zh-CN': '菜单删除', en: 'Delete menu' }, permission: MENU_PERMISSIONS.remove },
    ],
  },
  {
    key: 'dict',
    title: { 'zh-CN': '字典管理', en: 'Dictionaries' },
    permission: 'system:dict:list',
    buttons: [
      { action: 'query', title: { 'zh-CN': '字典查询', en: 'View dictionary' }, permission: 'system:dict:query' },
      { action: 'add', title: { 'zh-CN': '字典新增', en: 'Add dictionary' }, permission: 'system:dict:add' },
      { action: 'edit', title: { 'zh-CN': '字典修改', en: 'Edit dictionary' }, permission: 'system:dict:edit' },
      { action: 'remove', title: { 'zh-CN': '字典删除', en: 'Delete dictionary' }, permission: 'system:dict:remove' },
    ],
  },
  {
    key: 'config',
    title: { 'zh-CN': '参数设置', en: 'Parameters' },
    permission: CONFIG_PERMISSIONS.list,
    buttons: [
      { action: 'add', title: { 'zh-CN': '参数新增', en: 'Add parameter' }, permission: CONFIG_PERMISSIONS.add },
      { action: 'edit', title: { 'zh-CN': '参数修改', en: 'Edit parameter' }, permission: CONFIG_PERMISSIONS.edit },
      {
        action: 'remove',
        title: { 'zh-CN': '参数删除', en: 'Delete parameter' },
        permission: CONFIG_PERMISSIONS.remove,
      },
    ],
  },
  {
    key: 'operlog',
    title: { 'zh-CN': '操作日志', en: 'Operation log' },
    permission: 'system:operlog:list',
    buttons: [
      { action: 'query', title: { 'zh-CN': '操作查询', en: 'View entry' }, permission: 'system:operlog:query' },
      { action: 'remove', title: { 'zh-CN': '日志清空', en: 'Clean log' }, permission: 'system:operlog:remove' },
      { action: 'export', title: { 'zh-CN': '日志导出', en: 'Export log' }, permission: 'system:operlog:export' },
    ],
  },
  {
    key: 'logininfor',
    title: { 'zh-CN': '登录日志', en: 'Sign-in log' },
    permission: LOGIN_LOG_PERMISSIONS.list,
    buttons: [
      { action: 'remove', title: { 'zh-CN': '日志清空', en: 'Clean log' }, permission: LOGIN_LOG_PERMISSIONS.remove },
      { action: 'export', title: { 'zh-CN': '日志导出', en: 'Export log' }, permission: LOGIN_LOG_PERMISSIONS.export },
    ],
  },
  {
    key: 'online',
    title: { 'zh-CN': '在线用户', en: 'Online sessions' },
    permission: ONLINE_PERMISSIONS.list,
    buttons: [
      {
        action: 'forceLogout',
        title: { 'zh-CN': '强制退出', en: 'Force sign-out' },
        permission: ONLINE_PERMISSIONS.forceLogout,
      },
    ],
  },
  {
    key: 'support',
    title: { 'zh-CN': '在线客服', en: 'Customer service' },
    permission: SUPPORT_PERMISSIONS.chat,
    buttons: [],
  },
  {
    key: 'feedback',
    title: { 'zh-CN': '反馈处理', en: 'Feedback' },
    permission: FEEDBACK_PERMISSIONS.triage,
    buttons: [],
  },
];

/**
 * Grants on workbench pages that no new account holds, as buttons under their page so a role can be
 * given them from the menu tree (a publisher of plugins, an editor of the standard craft library…).
 */
export const WORKBENCH_BUTTONS: Readonly<Record<string, readonly MenuButton[]>> = {
  recommend: [
    {
      action: 'curate',
      title: { 'zh-CN': '推荐编辑', en: 'Edit recommendations' },
      permission: GALLERY_PERMISSIONS.curate,
    },
  ],
  trade: [
    { action: 'refund', title: { 'zh-CN': '订单退款', en: 'Refund orders' }, permission: TRADE_PERMISSIONS.refund },
  ],
  craft: [
    {
      action: 'standard',
      title: { 'zh-CN': '标准工艺库编辑', en: 'Edit the standard library' },
      permission: CRAFT_PERMISSIONS.standard,
    },
  ],
  device: [
    {
      action: 'registry',
      title: { 'zh-CN': '设备名录导入', en: 'Import the machine registry' },
      permission: DEVICE_PERMISSIONS.registryImport,
    },
    {
      action: 'fleet',
      title: { 'zh-CN': '查看全部设备', en: 'View every machine' },
      permission: DEVICE_PERMISSIONS.fleet,
    },
  ],
  plugins: [
    {
      action: 'manage',
      title: { 'zh-CN': '插件包管理', en: 'Manage plugin packages' },
      permission: PLUGIN_PERMISSIONS.manage,
    },
  ],
};

/** A page's buttons as menu seeds under it. */
function buttonSeeds(pageKey: string, buttons: readonly MenuButton[]): MenuSeed[] {
  return buttons.map((button, j) => ({
    key: `${pageKey}.${button.action}`,
    parentKey: pageKey,
    type: 'F',
    title: button.title,
    path: '',
    icon: '',
    order: j + 1,
    permission: button.permission,
  }));
}

/**
 * The menu tree Kerf ships: the workbench entries as top-level pages, then the System directory with
 * one page per /sysm screen and that screen's buttons. Roles grant the permissions chosen from it.
 */
export const BUILTIN_MENUS: readonly MenuSeed[] = [
  ...WORKBENCH_MENUS.filter((m) => m.key !== 'system').flatMap((m, i): MenuSeed[] => [
    {
      key: m.key,
      type: 'C',
      title: m.title,
      path: m.path,
      icon: m.icon,
      order: i + 1,
      permission: m.permission,
    },
    ...buttonSeeds(m.key, WORKBENCH_BUTTONS[m.key] ?? []),
  ]),
  {
    key: 'system',
    type: 'M',
    title: { 'zh-CN': '系统管理', en: 'System' },
    path: '/sysm',
    icon: 'setting',
    order: 100,
    permission: '',
  },
  ...SYSTEM_SCREENS.flatMap((screen, i): MenuSeed[] => [
    {
      key: `system.${screen.key}`,
      parentKey: 'system',
      type: 'C',
      title: screen.title,
      path: `/sysm/${screen.key}`,
      icon: '',
      order: i + 1,
      permission: screen.permission,
    },
    ...buttonSeeds(`system.${screen.key}`, screen.buttons),
  ]),
];

/* ---- menus as data and roles (RuoYi's sys_menu and sys_role) ---- */

/** A permission string: `module:resource:action`, each segment a name or `*`. */
export const PERMISSION_PATTERN = /^(\*|[A-Za-z0-9_-]+):(\*|[A-Za-z0-9_-]+):(\*|[A-Za-z0-9_-]+)$/;
/** A role's key (RuoYi's role_key): lower-case letters, digits, `_` and `-`, starting with a letter. */
export const ROLE_KEY_PATTERN = /^[a-z][a-z0-9_-]*$/;
export const ROLE_STATUSES = ['enabled', 'disabled'] as const;
export type RoleStatus = (typeof ROLE_STATUSES)[number];

export const MENU_LIMITS = { titleMax: 64, pathMax: 200, iconMax: 64, permissionMax: 100, keyMax: 100 } as const;
export const ROLE_LIMITS = { keyMax: 64, nameMax: 64, remarkMax: 500, permissionsMax: 500 } as const;

/** One row of the menu tree as the management calls answer it. */
export interface SysMenu {
  id: string;
  menuKey: string;
  parentId: string | null;
  menuType: MenuType;
  titleCn: string;
  titleEn: string;
  path: string;
  icon: string;
  orderNum: number;
  visible: boolean;
  permission: string;
  builtin: boolean;
  createdAt: string;
  updatedAt: string;
}
export type SysMenuInput = Pick<SysMenu, 'parentId' | 'menuType' | 'titleCn' | 'titleEn' | 'path' | 'icon'> &
  Partial<Pick<SysMenu, 'orderNum' | 'visible' | 'permission'>>;

/** A node of the tree a role's permissions are picked from (GET /system/menu/treeselect). */
export interface MenuTreeNode {
  id: string;
  key: string;
  type: MenuType;
  title: Bilingual;
  permission: string;
  visible: boolean;
  children: MenuTreeNode[];
}

/** An entry of `user_routers`: a page, or a directory with the pages of it the caller may see. */
export interface RouterMenu {
  key: string;
  path: string;
  icon: string;
  title: Bilingual;
  children?: RouterMenu[];
}

export interface Role {
  id: string;
  roleKey: string;
  roleName: string;
  orderNum: number;
  status: RoleStatus;
  builtin: boolean;
  remark: string;
  permissions: string[];
  /** How many people hold the role. */
  userCount: number;
  createdAt: string;
  updatedAt: string;
}
export type RoleInput = Pick<Role, 'roleKey' | 'roleName' | 'permissions'> &
  Partial<Pick<Role, 'orderNum' | 'status' | 'remark'>>;

export const roleMessages = {
  notFound: { 'zh-CN': '角色不存在', en: 'That role does not exist' },
  keyExists: { 'zh-CN': '角色权限字符已存在', en: 'That role key is already taken' },
  nameExists: { 'zh-CN': '角色名称已存在', en: 'That role name is already taken' },
  badKey: {
    'zh-CN': '角色权限字符只能包含小写字母、数字、下划线和连字符，并以字母开头',
    en: 'A role key holds lower-case letters, digits, underscores and hyphens, and starts with a letter',
  },
  badPermission: {
    'zh-CN': '权限字符格式应为 模块:资源:操作（可用 *）：{0}',
    en: 'A permission reads module:resource:action (* allowed): {0}',
  },
  assigned: { 'zh-CN': '角色已分配，不能删除', en: 'The role is assigned to users and cannot be deleted' },
  builtinRemove: { 'zh-CN': '内置角色不能删除', en: 'A built-in role cannot be deleted' },
  builtinKey: { 'zh-CN': '内置角色的权限字符不能修改', en: 'The key of a built-in role cannot be changed' },
  adminLocked: {
    'zh-CN': '不允许修改超级管理员角色的权限字符、权限和状态',
    en: 'The key, permissions and state of the administrator role cannot be changed',
  },
} as const satisfies Record<string, Bilingual>;

export const menuMessages = {
  notFound: { 'zh-CN': '菜单不存在', en: 'That menu does not exist' },
  hasChildren: { 'zh-CN': '存在子菜单，不允许删除', en: 'The menu has sub-menus and cannot be deleted' },
  builtinRemove: {
    'zh-CN': '内置菜单不能删除，可以将其隐藏',
    en: 'A built-in menu cannot be deleted; hide it instead',
  },
  builtinLocked: {
    'zh-CN': '内置菜单只能修改标题、图标、排序和显示状态',
    en: 'Only the titles, icon, order and visibility of a built-in menu can be changed',
  },
  parentNotFound: { 'zh-CN': '上级菜单不存在', en: 'The parent menu does not exist' },
  parentCycle: {
    'zh-CN': '上级菜单不能是自己或自己的下级',
    en: 'A menu cannot sit under itself or under one of its own sub-menus',
  },
  badParent: {
    'zh-CN': '目录和菜单只能放在目录下，按钮只能放在菜单或目录下',
    en: 'Directories and pages go under a directory; buttons go under a page or a directory',
  },
  badPermission: {
    'zh-CN': '权限字符格式应为 模块:资源:操作（可用 *）',
    en: 'A permission reads module:resource:action (* allowed)',
  },
  permissionRequired: {
    'zh-CN': '菜单和按钮必须填写权限字符',
    en: 'A page or a button needs a permission',
  },
  badPath: {
    'zh-CN': '菜单的路由地址必须以 / 开头',
    en: "A page's path starts with /",
  },
} as const satisfies Record<string, Bilingual>;

/** A node's title in a language: English falls back to Chinese when none was given. */
export function menuTitle(title: { titleCn: string; titleEn: string }, locale: 'zh-CN' | 'en'): string {
  return locale === 'en' && title.titleEn ? title.titleEn : title.titleCn;
}
