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
