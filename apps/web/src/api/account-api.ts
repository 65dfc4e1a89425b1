import type { Bilingual, CodeScene } from '@kerf/contract';
import { createCryptoEnvelope, PUBLIC_KEY_PATH } from './crypto-envelope';
import { request, UAC_API } from './request';

/** The web app's fixed client identifiers and login type (SPEC §3 login request, §4 login type 2). */
export const WEB_CLIENT = { client_id: 'kerf-web', client_secret: 'kerf-web' } as const;
export const WEB_LOGIN_TYPE = '2';
/** The permissions scope of this app (SPEC §3). */
export const PERMISSION_SCOPE = 'cloud';

export interface UserInfo {
  loginType: string;
  nickName: string;
  avatar: string | null;
}

export interface SessionUser {
  userId: string;
  loginName: string;
  nickName: string;
  avatar: string | null;
  mobile: string | null;
  email: string | null;
  createdAt: string;
  lastLoginAt: string | null;
}

export interface UserPerms {
  user: SessionUser;
  roles: string[];
  permissions: string[];
  /** What this installation offers (absent from older servers: nothing extra). */
  features?: InstallationFeatures;
}

export interface InstallationFeatures {
  /** An online document server is configured: office files can be edited and created. */
  onlineOffice: boolean;
}

/**
 * One menu entry the server lets the caller see (user_routers); `icon` is a name, not a component. A
 * directory opens its first page and lists its pages the caller may see as `children`.
 */
export interface ServerMenu {
  key: string;
  path: string;
  icon: string;
  title: Bilingual;
  children?: ServerMenu[];
}

export interface ImageCaptcha {
  uuid: string;
  /** A data: URL of an SVG, for an <img>. */
  image: string;
}

export type TokenRequest =
  | { grant: 'password'; account: string; password: string; captcha?: { uuid: string; answer: string } }
  | { grant: 'code'; account: string; code: string }
  | { grant: 'wechat'; ticket: string };

export interface IssuedToken {
  token: string;
  userInfo: UserInfo;
  /** The server's success text (登录成功), in the current language. */
  msg: string;
}

interface TokenAnswer {
  msg: string;
  token?: string;
  user_info?: UserInfo;
  data: { token: string; user_info: UserInfo } | null;
}

function tokenForm(req: TokenRequest): Record<string, string | undefined> {
  const base = { ...WEB_CLIENT, grant_type: req.grant, login_type: WEB_LOGIN_TYPE };
  switch (req.grant) {
    // SPEC: for the password grant the image captcha answer travels in `code`, its id in `uuid`.
    case 'password':
      return {
        ...base,
        account: req.account,
        password: req.password,
        code: req.captcha?.answer,
        uuid: req.captcha?.uuid,
      };
    case 'code':
      return { ...base, account: req.account, code: req.code };
    case 'wechat':
      return { ...base, ticket: req.ticket };
  }
}

const TOKEN_PATH = `${UAC_API}/oauth2/access_token`;

/** The server's public key, fetched once: the token call's body travels sealed (SPEC §7 Encryption). */
const tokenEnvelope = createCryptoEnvelope(
  async () => (await request.get<unknown>(PUBLIC_KEY_PATH, { withToken: false })).data,
);

/** WebCrypto exists only in secure contexts (HTTPS or localhost); a shop's plain-HTTP LAN address has none. */
const canSeal = () => typeof globalThis.crypto?.subtle?.importKey === 'function';

/**
 * POST /oauth2/access_token, no Authorization header. The body is sealed in the `{secret, text}`
 * envelope when the browser can; otherwise it goes form-encoded, which the server also accepts.
 */
export async function requestToken(req: TokenRequest): Promise<IssuedToken> {
  const form = tokenForm(req);
  const options = { withToken: false, repeatSubmit: false } as const;
  let answer: TokenAnswer;
  if (canSeal()) {
    const sealed = await tokenEnvelope.sealRequest(form, { method: 'POST', path: TOKEN_PATH });
    answer = (await request.post(TOKEN_PATH, sealed.envelope, {
      ...options,
      openResponse: sealed.open,
    })) as TokenAnswer;
  } else {
    answer = (await request.postUrlEncoded<TokenAnswer['data']>(TOKEN_PATH, form, options)) as TokenAnswer;
  }
  const token = answer.data?.token ?? answer.token ?? '';
  const userInfo = answer.data?.user_info ??
    answer.user_info ?? { loginType: WEB_LOGIN_TYPE, nickName: '', avatar: null };
  return { token, userInfo, msg: answer.msg };
}

export async function fetchImageCaptcha(): Promise<ImageCaptcha> {
  return (await request.get<ImageCaptcha>(`${UAC_API}/captcha/image`, { withToken: false })).data;
}

/**
 * Sends a 6-digit code; the server answers the same whether or not the account exists. After a few
 * sends it answers `captchaRequired`, and each further send carries a solved image captcha.
 */
export async function sendVerificationCode(
  account: string,
  scene: CodeScene,
  captcha?: { uuid: string; answer: string },
): Promise<string> {
  const params = captcha ? { account, scene, uuid: captcha.uuid, captcha: captcha.answer } : { account, scene };
  return (await request.get<null>(`${UAC_API}/captcha/getCode`, { params })).msg;
}

/** True when nobody has registered this mobile number or e-mail address yet. */
export async function isAccountFree(account: string): Promise<boolean> {
  const answer = await request.post<{ unique: boolean }>(
    `${UAC_API}/register/user/checkUnique`,
    { account },
    { withToken: false, repeatSubmit: false },
  );
  return answer.data.unique;
}

export async function registerAccount(input: {
  account: string;
  password: string;
  code: string;
  nickName?: string;
}): Promise<string> {
  return (await request.post<null>(`${UAC_API}/register/user/info`, input, { withToken: false })).msg;
}

/** Sets a new password with a reset code; the server ends every session of the account. */
export async function resetPassword(input: { account: string; code: string; password: string }): Promise<string> {
  return (await request.post<null>(`${UAC_API}/captcha/retrieve`, input, { withToken: false })).msg;
}

/**
 * The caller with roles and permissions. A 422 here rejects quietly: the route guard that asks ends
 * the session and sends the person to the login page itself.
 */
export async function fetchUserPerms(): Promise<UserPerms> {
  const answer = await request.postUrlEncoded<UserPerms>(
    `${UAC_API}/oauth2/user_perms`,
    { scope: PERMISSION_SCOPE },
    { repeatSubmit: false, reloginPrompt: false },
  );
  return answer.data;
}

export async function fetchUserRouters(): Promise<ServerMenu[]> {
  const answer = await request.postUrlEncoded<ServerMenu[]>(
    `${UAC_API}/oauth2/user_routers`,
    { scope: PERMISSION_SCOPE },
    { repeatSubmit: false, reloginPrompt: false },
  );
  return Array.isArray(answer.data) ? answer.data : [];
}

/** Revokes the current token on the server. */
export async function revokeToken(): Promise<void> {
  await request.get<null>(`${UAC_API}/logout`, { reloginPrompt: false });
}
