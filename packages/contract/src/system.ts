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

/** RuoYi's menu types: directory, menu (a page), button (an action inside a page). */
export const MENU_TYPES = ['M', 'C', 'F'] as const;
export type MenuType = (typeof MENU_TYPES)[number];

/** A user's account state (`users.status`). */
export const USER_STATUSES = ['enabled', 'disabled'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
