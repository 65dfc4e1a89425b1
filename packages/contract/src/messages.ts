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
