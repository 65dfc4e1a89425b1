import {
  CONFIG_PERMISSIONS,
  LOGIN_LOG_PERMISSIONS,
  MENU_PERMISSIONS,
  type MenuType,
  ONLINE_PERMISSIONS,
  ROLE_PERMISSIONS,
  USER_PERMISSIONS,
} from './system.js';

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

const SYSTEM_SCREENS: readonly {
  key: string;
  title: MenuSeed['title'];
  permission: string;
  buttons: readonly { action: string; title: MenuSeed['title']; permission: string }[];
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
];

/**
 * The menu tree Kerf ships: the workbench entries as top-level pages, then the System directory with
 * one page per /sysm screen and that screen's buttons. Roles grant the permissions chosen from it.
 */
export const BUILTIN_MENUS: readonly MenuSeed[] = [
  ...WORKBENCH_MENUS.filter((m) => m.key !== 'system').map(
    (m, i): MenuSeed => ({
      key: m.key,
      type: 'C',
      title: m.title,
      path: m.path,
      icon: m.icon,
      order: i + 1,
      permission: m.permission,
    }),
  ),
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
    ...screen.buttons.map(
      (button, j): MenuSeed => ({
        key: `system.${screen.key}.${button.action}`,
        parentKey: `system.${screen.key}`,
        type: 'F',
        title: button.title,
        path: '',
        icon: '',
        order: j + 1,
        permission: button.permission,
      }),
    ),
  ]),
];
