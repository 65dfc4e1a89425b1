import type { Bilingual, Locale } from './locale.js';
import { format } from './locale.js';

/**
 * Every message a person can see from the platform's plumbing (SPEC §8), once, in both languages.
 * Feature messages live beside their feature's rules and use the same shape.
 */
export const messages = {
  success: { 'zh-CN': '操作成功', en: 'Success' },
  updated: { 'zh-CN': '修改成功', en: 'Changes saved' },
  created: { 'zh-CN': '新增成功', en: 'Added' },
  deleted: { 'zh-CN': '删除成功', en: 'Deleted' },
  // status mapping (SPEC §8)
  status401: {
    'zh-CN': '认证失败，无法访问系统资源',
    en: 'Authentication failed; system resources cannot be accessed',
  },
  status403: { 'zh-CN': '当前操作没有权限', en: 'You do not have permission for this operation' },
  status404: { 'zh-CN': '访问资源不存在', en: 'The requested resource does not exist' },
  statusDefault: {
    'zh-CN': '系统未知错误，请反馈给管理员',
    en: 'Unknown system error; please report it to the administrator',
  },
  // transport (SPEC §8)
  networkError: { 'zh-CN': '后端接口连接异常', en: 'Cannot connect to the server' },
  timeout: { 'zh-CN': '系统接口请求超时', en: 'The server took too long to answer' },
  httpStatus: { 'zh-CN': '系统接口{0}异常', en: 'The server answered with error {0}' },
  sessionExpired: {
    'zh-CN': '无效的会话，或者会话已过期，请重新登录',
    en: 'Your session is invalid or has expired; please sign in again',
  },
  downloadFailed: {
    'zh-CN': '下载文件出现错误，请联系管理员',
    en: 'The download failed; please contact the administrator',
  },
  decryptFailed: { 'zh-CN': '返回数据错误[secret]', en: 'The server returned unreadable data [secret]' },
  duplicateSubmit: {
    'zh-CN': '数据正在处理，请勿重复提交',
    en: 'Your data is being processed; please do not submit it again',
  },
  notImplemented: { 'zh-CN': '未实现该接口', en: 'This endpoint is not implemented' },
  // validation
  invalidRequest: { 'zh-CN': '请求参数错误：{0}', en: 'Invalid request: {0}' },
  formatError: { 'zh-CN': '格式错误', en: 'Invalid format' },
  payloadTooLarge: { 'zh-CN': '请求内容过大', en: 'The request is too large' },
  tooManyRequests: { 'zh-CN': '请求过于频繁，请稍后再试', en: 'Too many requests; please try again later' },
  serviceUnavailable: {
    'zh-CN': '服务暂不可用，请稍后再试',
    en: 'The service is temporarily unavailable; please try again later',
  },
  nulCharacter: {
    'zh-CN': '请求参数错误：{0} 不能包含空字符（\\u0000）',
    en: 'Invalid request: {0} must not contain the NUL character (\\u0000)',
  },
  multipartMalformed: {
    'zh-CN': '上传内容不完整或格式错误，请重新上传',
    en: 'The upload is incomplete or malformed; please upload it again',
  },
} as const satisfies Record<string, Bilingual>;

export type MessageKey = keyof typeof messages;

/** The text of a catalogue message in one language, with `{n}` placeholders filled. */
export function t(key: MessageKey, locale: Locale, ...args: Array<string | number>): string {
  return format(messages[key][locale], ...args);
}

/** The message a bare HTTP status maps to (SPEC §8 status mapping). */
export function statusMessageKey(status: number): MessageKey {
  switch (status) {
    case 401:
      return 'status401';
    case 403:
      return 'status403';
    case 404:
      return 'status404';
    default:
      return 'statusDefault';
  }
}

/** System parameters (/system/config): the refusals of their management. */
export const configMessages = {
  notFound: { 'zh-CN': '参数不存在', en: 'That parameter does not exist' },
  keyExists: { 'zh-CN': '参数键名已存在', en: 'That parameter key already exists' },
  badKey: {
    'zh-CN': '参数键名只能包含字母、数字、点、横线和下划线',
    en: 'A parameter key holds letters, digits, dots, dashes and underscores only',
  },
  builtinKey: { 'zh-CN': '内置参数的键名不能修改', en: 'The key of a built-in parameter cannot be changed' },
  builtinRemove: { 'zh-CN': '内置参数不能删除', en: 'A built-in parameter cannot be deleted' },
  booleanValue: { 'zh-CN': '该参数的值只能是 true 或 false', en: 'This parameter takes true or false only' },
} as const satisfies Record<string, Bilingual>;

/** The sign-in log (/monitor/logininfor): what an attempt's result and reason say. */
export const loginLogMessages = {
  success: { 'zh-CN': '登录成功', en: 'Signed in' },
  'bad-credentials': { 'zh-CN': '账号或密码错误', en: 'Wrong account or password' },
  'captcha-required': { 'zh-CN': '需要图形验证码', en: 'Picture characters needed' },
  'captcha-wrong': { 'zh-CN': '图形验证码错误', en: 'Wrong picture characters' },
  locked: { 'zh-CN': '账号已锁定', en: 'Account locked' },
  'rate-limited': { 'zh-CN': '尝试过于频繁', en: 'Too many attempts' },
  'address-refused': { 'zh-CN': '该地址暂被拒绝', en: 'Address refused for a while' },
  busy: { 'zh-CN': '系统繁忙，暂被拒绝', en: 'Refused while the system was busy' },
  disabled: { 'zh-CN': '账号已停用', en: 'Account disabled' },
  'ticket-invalid': { 'zh-CN': '微信登录已失效', en: 'WeChat sign-in expired' },
  failure: { 'zh-CN': '登录失败', en: 'Sign-in failed' },
} as const satisfies Record<string, Bilingual>;

/** Sessions online (/monitor/online): the refusals of a forced sign-out. */
export const onlineMessages = {
  notFound: { 'zh-CN': '该会话不存在或已下线', en: 'That session does not exist or has already ended' },
  ownSession: {
    'zh-CN': '不能强退当前会话，请使用退出登录',
    en: 'You cannot force out your own current session; sign out instead',
  },
  forced: { 'zh-CN': '已强制退出', en: 'Signed out by force' },
} as const satisfies Record<string, Bilingual>;
