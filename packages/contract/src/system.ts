/**
 * System management (RuoYi's system and monitor modules, under /cloud-api): users, roles, menus,
 * parameters, the login log and the sessions online. Paths and permission strings are shared by the
 * server's routes, the seeded menu tree and the web app's screens.
 */
export const SYSTEM_PATHS = {
  users: '/system/user/list',
  user: '/system/user',
  userById: '/system/user/:id',
  userStatus: '/system/user/changeStatus',
  userResetPwd: '/system/user/resetPwd',
  userQuota: '/system/user/quota',
  userRoles: '/system/user/authRole',
  userExport: '/system/user/export',
  userLogins: '/system/user/:id/logins',
  roles: '/system/role/list',
  role: '/system/role',
  roleById: '/system/role/:id',
  menus: '/system/menu/list',
  menu: '/system/menu',
  menuById: '/system/menu/:id',
  menuTree: '/system/menu/treeselect',
  configs: '/system/config/list',
  config: '/system/config',
  configById: '/system/config/:id',
  loginLogs: '/monitor/logininfor/list',
  loginLogClean: '/monitor/logininfor/clean',
  loginLogExport: '/monitor/logininfor/export',
  online: '/monitor/online/list',
  onlineById: '/monitor/online/:sessionId',
} as const;

export const USER_PERMISSIONS = {
  list: 'system:user:list',
  query: 'system:user:query',
  add: 'system:user:add',
  edit: 'system:user:edit',
  resetPwd: 'system:user:resetPwd',
  export: 'system:user:export',
  unlock: 'system:user:unlock',
} as const;

export const ROLE_PERMISSIONS = {
  list: 'system:role:list',
  query: 'system:role:query',
  add: 'system:role:add',
  edit: 'system:role:edit',
  remove: 'system:role:remove',
} as const;

export const MENU_PERMISSIONS = {
  list: 'system:menu:list',
  add: 'system:menu:add',
  edit: 'system:menu:edit',
  remove: 'system:menu:remove',
} as const;

export const CONFIG_PERMISSIONS = {
  list: 'system:config:list',
  add: 'system:config:add',
  edit: 'system:config:edit',
  remove: 'system:config:remove',
} as const;

export const LOGIN_LOG_PERMISSIONS = {
  list: 'monitor:logininfor:list',
  remove: 'monitor:logininfor:remove',
  export: 'monitor:logininfor:export',
} as const;

export const ONLINE_PERMISSIONS = {
  list: 'monitor:online:list',
  forceLogout: 'monitor:online:forceLogout',
} as const;

/** A system parameter as the /system/config calls answer it. */
export interface ConfigItem {
  id: string;
  configKey: string;
  configValue: string;
  configName: string;
  /** Ships with Kerf: its key stays and it cannot be deleted. */
  builtin: boolean;
  remark: string;
  createdAt: string;
  updatedAt: string;
}

/** One sign-in attempt as /monitor/logininfor/list answers it. */
export interface LoginLogItem {
  id: string;
  userId: string | null;
  /** The person's login and nick name as they are now; empty when the account is unknown. */
  loginName: string;
  nickName: string;
  /** As stored: masked (`a***@example.com`, `139****0000`). */
  account: string;
  grantType: string;
  ip: string;
  browser: string;
  os: string;
  /** `0` signed in, `1` refused (RuoYi's status). */
  status: '0' | '1';
  /** Why a sign-in was refused (`bad-credentials`, `locked`…); empty for a success. */
  reason: string;
  createdAt: string;
}

/** A session in use now, as /monitor/online/list answers it. */
export interface OnlineSession {
  sessionId: string;
  userId: string;
  loginName: string;
  nickName: string;
  loginType: string;
  ip: string;
  browser: string;
  os: string;
  createdAt: string;
  lastSeenAt: string;
  /** The caller's own session (it cannot be forced out; signing out ends it). */
  current: boolean;
}

/** RuoYi's menu types: directory, menu (a page), button (an action inside a page). */
export const MENU_TYPES = ['M', 'C', 'F'] as const;
export type MenuType = (typeof MENU_TYPES)[number];

/** A user's account state (`users.status`). */
export const USER_STATUSES = ['enabled', 'disabled'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/**
 * The parameters Kerf ships (read by the server), with their names and remarks in both languages. The
 * database keeps one name and remark (the English ones when seeded); a page shows the reader's language
 * for as long as an administrator has not reworded them.
 */
export const BUILTIN_CONFIG_TEXTS: Readonly<
  Record<string, { name: { 'zh-CN': string; en: string }; remark: { 'zh-CN': string; en: string } }>
> = {
  'sys.account.captchaEnabled': {
    name: { 'zh-CN': '登录时始终要求图片验证码', en: 'Always require the image captcha at sign-in' },
    remark: {
      'zh-CN': 'true：每次登录都显示图片验证码；false：仅在多次失败后显示',
      en: 'true: every sign-in shows the image captcha; false: only after repeated failures',
    },
  },
  'sys.account.registerUser': {
    name: { 'zh-CN': '允许自助注册', en: 'Allow self-registration' },
    remark: { 'zh-CN': 'false 时隐藏注册页并拒绝注册', en: 'false hides the register page and refuses registrations' },
  },
};

/** A built-in parameter's name or remark in `locale` while it is still the one Kerf shipped; else as stored. */
export function configText(
  item: { configKey: string; builtin: boolean },
  field: 'name' | 'remark',
  stored: string,
  locale: 'zh-CN' | 'en',
): string {
  const shipped = item.builtin ? BUILTIN_CONFIG_TEXTS[item.configKey]?.[field] : undefined;
  return shipped && stored === shipped.en ? shipped[locale] : stored;
}
