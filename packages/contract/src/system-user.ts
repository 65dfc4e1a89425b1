import type { Bilingual } from './locale.js';
import type { UserStatus } from './system.js';

/**
 * User management (/sysm/user, RuoYi's system user screen), under /cloud-api (paths and permissions in
 * system.ts SYSTEM_PATHS and USER_PERMISSIONS):
 * - `GET /system/user/list` `{keyword, status, roleKey, from, to, page, limit}`: keyword matches login
 *   name, nick name, mobile and e-mail, ignoring case; from/to bound the registration time.
 * - `GET /system/user/{id}`; `POST /system/user`; `PUT /system/user` (nick name, mobile, e-mail).
 * - `PUT /system/user/changeStatus` `{userId, status}`: a disabled user's sessions end at once.
 * - `PUT /system/user/resetPwd` `{userId, password}`: the user's sessions end.
 * - `PUT /system/user/quota` `{userId, quotaBytes}`; `PUT /system/user/authRole` `{userId, roleKeys}`.
 * - `GET /system/user/export` (the filters, `format` xlsx or csv, `lang`); `GET /system/user/{id}/logins`.
 * Sign-in is by mobile or e-mail (SPEC §5); the login name is a unique handle staff know a person by.
 */

/** A role as the user list shows it. */
export interface SystemUserRole {
  roleKey: string;
  roleName: string;
}

export interface SystemUser {
  id: string;
  loginName: string;
  nickName: string;
  mobile: string | null;
  email: string | null;
  status: UserStatus;
  roles: SystemUserRole[];
  createdAt: string;
  lastLoginAt: string | null;
  lastLoginIp: string | null;
  /** The drive quota: the user's own, or the default for someone who has not used the drive yet. */
  quotaBytes: number;
  usedBytes: number;
}

/** One sign-in attempt of a user, from the login log. */
export interface SystemUserLogin {
  id: string;
  createdAt: string;
  ip: string | null;
  userAgent: string | null;
  grantType: string;
  success: boolean;
  reason: string | null;
}

export interface SystemUserInput {
  loginName: string;
  nickName: string;
  mobile?: string | null;
  email?: string | null;
  password: string;
  roleKeys?: string[];
  quotaBytes?: number;
}

export interface SystemUserChanges {
  userId: string;
  nickName: string;
  mobile?: string | null;
  email?: string | null;
}

/** Letters, digits and underscores, starting with a letter, 2 to 30 characters (a generated one fits). */
export const LOGIN_NAME_PATTERN = /^[A-Za-z]\w{1,29}$/;

export const SYSTEM_USER_LIMITS = {
  keywordMax: 100,
  /** A quota may be set up to 1 PiB. */
  quotaMaxBytes: 2 ** 50,
  /** Rows in one export. */
  exportMax: 50_000,
  roleKeysMax: 50,
} as const;

export const systemUserMessages = {
  notFound: { 'zh-CN': '用户不存在', en: 'That user does not exist' },
  loginNameFormat: {
    'zh-CN': '登录名以字母开头，长度2~30位，只能包含字母、数字和下划线',
    en: 'A login name starts with a letter and has 2 to 30 letters, digits or underscores',
  },
  loginNameTaken: { 'zh-CN': '登录名已存在', en: 'That login name is already taken' },
  contactRequired: { 'zh-CN': '手机号和邮箱至少填写一项', en: 'Enter a mobile number, an e-mail address or both' },
  mobileFormat: { 'zh-CN': '请输入正确的手机号', en: 'Enter a valid mainland China mobile number' },
  emailFormat: { 'zh-CN': '请输入正确的邮箱', en: 'Enter a valid e-mail address' },
  unknownRole: { 'zh-CN': '角色不存在：{0}', en: 'No such role: {0}' },
  disableSelf: { 'zh-CN': '不能停用当前登录的账号', en: 'You cannot disable the account you are signed in with' },
  lastAdminDisable: {
    'zh-CN': '不能停用最后一个启用的管理员',
    en: 'This is the last enabled administrator: it cannot be disabled',
  },
  lastAdminRole: {
    'zh-CN': '不能取消最后一个启用的管理员的管理员角色',
    en: 'This is the last enabled administrator: the administrator role cannot be taken away',
  },
  enabled: { 'zh-CN': '已启用', en: 'Enabled' },
  disabled: { 'zh-CN': '已停用，该用户的会话已全部结束', en: 'Disabled; all of the user’s sessions have ended' },
  passwordReset: {
    'zh-CN': '密码已重置，该用户需重新登录',
    en: 'The password has been reset; the user must sign in again',
  },
  rolesSaved: { 'zh-CN': '授权成功', en: 'Roles saved' },
  quotaBelowUsed: {
    'zh-CN': '修改成功；已用空间超过新配额，该用户暂时不能上传',
    en: 'Changes saved; the user already uses more than the new quota and cannot upload until under it',
  },
} as const satisfies Record<string, Bilingual>;
