import type { Bilingual } from './locale.js';

/** SPEC §5 Account: starts with a letter, 6 to 18 characters, only letters, digits and underscore. */
export const PASSWORD_PATTERN = /^[A-Za-z]\w{5,17}$/;
/** Mainland China mobile numbers: 11 digits starting 13-19. An optional +86/0086 prefix is accepted. */
export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;
/** A practical e-mail check (one @, a dotted domain, no spaces); the mail server has the last word. */
export const EMAIL_PATTERN = /^[^\s@]{1,64}@[^\s@]{1,253}\.[^\s@.]{2,}$/;
/** SPEC §5 Links: the external link check accepts these schemes only. */
export const EXTERNAL_LINK_PATTERN = /^(https?:|mailto:|tel:)/i;

export const NICK_NAME_MAX = 30;
/** Avatars: these image types, at most 2 MB. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_MIME_TYPES = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp', gif: 'image/gif' } as const;
export const VERIFICATION_CODE_LENGTH = 6;
export const VERIFICATION_CODE_TTL_SECONDS = 300;
export const VERIFICATION_RESEND_SECONDS = 60;
export const VERIFICATION_MAX_TRIES = 5;
/**
 * Limits on sending verification codes (defaults; the server's CODE_SENDS_* settings may change them).
 * From one client address: this many sends an hour without the image captcha, then each send needs one,
 * and never more than the hourly cap. To one address: at most so many a day. From the whole platform:
 * at most so many an hour, so a flood from many addresses still cannot run up the mail and SMS bill.
 */
export const CODE_SENDS_BEFORE_CAPTCHA = 3;
export const CODE_SENDS_PER_CLIENT_HOUR = 20;
export const CODE_SENDS_PER_RECIPIENT_DAY = 10;
export const CODE_SENDS_PER_HOUR = 1000;
export const CODE_SCENES = ['register', 'login', 'reset', 'bind'] as const;
export type CodeScene = (typeof CODE_SCENES)[number];

export type AccountKind = 'mobile' | 'email';

/** Reads an account as typed by a person: trims, drops a +86 prefix and separators from numbers, lower-cases e-mail. */
export function parseAccount(raw: string | null | undefined): { kind: AccountKind; value: string } | null {
  const text = (raw ?? '').trim();
  if (!text) return null;
  if (text.includes('@')) {
    const email = text.toLowerCase();
    return EMAIL_PATTERN.test(email) && email.length <= 254 ? { kind: 'email', value: email } : null;
  }
  const digits = text.replace(/[\s-]/g, '').replace(/^(\+86|0086)/, '');
  return MOBILE_PATTERN.test(digits) ? { kind: 'mobile', value: digits } : null;
}

export function isValidPassword(password: string | null | undefined): boolean {
  return PASSWORD_PATTERN.test(password ?? '');
}

/** Shows enough of an account to recognise it in a log, not enough to harvest it. */
export function maskAccount(account: string): string {
  const parsed = parseAccount(account);
  if (parsed?.kind === 'mobile') return `${parsed.value.slice(0, 3)}****${parsed.value.slice(7)}`;
  if (parsed?.kind === 'email') {
    const [name = '', domain = ''] = parsed.value.split('@');
    return `${name.slice(0, 1)}***@${domain}`;
  }
  return account.length <= 2 ? '***' : `${account.slice(0, 2)}***`;
}

export const accountMessages = {
  accountFormat: {
    'zh-CN': '请输入正确的手机号或邮箱',
    en: 'Enter a valid mainland China mobile number or e-mail address',
  },
  passwordFormat: {
    'zh-CN': '密码以字母开头，长度6~18位，只能包含字母、数字和下划线',
    en: 'The password must start with a letter and be 6 to 18 letters, digits or underscores',
  },
  alreadyRegistered: { 'zh-CN': '已被注册', en: 'is already registered' },
  registerFailed: { 'zh-CN': '注册失败', en: 'Registration failed' },
  registerSuccess: { 'zh-CN': '注册成功', en: 'Registration successful' },
  codeSendFailed: { 'zh-CN': '验证码获取失败', en: 'Could not send the verification code' },
  codeWrong: { 'zh-CN': '验证码错误', en: 'The verification code is wrong or has expired' },
  codeTooSoon: { 'zh-CN': '验证码发送过于频繁，请{0}秒后再试', en: 'Please wait {0} s before requesting another code' },
  formatError: { 'zh-CN': '格式错误', en: 'Invalid format' },
  badCredentials: { 'zh-CN': '账号或密码错误', en: 'The account or password is incorrect' },
  accountLocked: {
    'zh-CN': '登录失败次数过多，账号已锁定，请{0}分钟后再试',
    en: 'Too many failed sign-ins; the account is locked. Try again in {0} min',
  },
  accountDisabled: {
    'zh-CN': '账号已停用，请联系管理员',
    en: 'This account is disabled; please contact the administrator',
  },
  captchaRequired: { 'zh-CN': '请输入图形验证码', en: 'Please enter the characters in the picture' },
  captchaWrong: { 'zh-CN': '图形验证码错误', en: 'The picture characters do not match' },
  clientInvalid: { 'zh-CN': '客户端认证失败', en: 'Client authentication failed' },
  grantUnsupported: { 'zh-CN': '不支持的登录方式', en: 'This sign-in method is not supported' },
  loginTooFrequent: {
    'zh-CN': '登录尝试过于频繁，请稍后再试',
    en: 'Too many sign-in attempts; please try again later',
  },
  loginSuccess: { 'zh-CN': '登录成功', en: 'Signed in' },
  logoutSuccess: { 'zh-CN': '退出成功', en: 'Signed out' },
  passwordReset: { 'zh-CN': '密码重置成功', en: 'Your password has been reset' },
  chatAppExpired: {
    'zh-CN': '微信登录已失效，请重新扫码',
    en: 'The chat-app sign-in has expired; scan the code again',
  },
  registerClosed: { 'zh-CN': '当前系统没有开启注册功能', en: 'Registration is closed on this system' },
  codeClientLimit: {
    'zh-CN': '获取验证码次数过多，请稍后再试',
    en: 'Too many codes have been requested from your network; please try again later',
  },
  codeRecipientLimit: {
    'zh-CN': '该账号今日获取验证码次数已达上限，请明天再试',
    en: 'This account has received the most codes allowed today; please try again tomorrow',
  },
  codeServiceBusy: {
    'zh-CN': '验证码发送繁忙，请稍后再试',
    en: 'Verification codes are in heavy demand right now; please try again later',
  },
  addressRefused: {
    'zh-CN': '当前网络登录失败次数过多，请{0}分钟后再试',
    en: 'Too many failed sign-ins from your network; try again in {0} min',
  },
  loginBusy: {
    'zh-CN': '登录失败请求过多，已暂时限制登录，请稍后再试',
    en: 'Too many failed sign-ins right now, so sign-in is limited for a while; please try again later',
  },
  accountUnlocked: { 'zh-CN': '已解除登录锁定', en: 'Sign-in lock lifted' },
} as const satisfies Record<string, Bilingual>;
