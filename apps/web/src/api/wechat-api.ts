import type { UserInfo } from './account-api';
import { request, UAC_API } from './request';

/** Chat-app (WeChat website QR) sign-in: an OAuth 2.0 code flow through the provider's own page. */

export type WechatPurpose = 'login' | 'bind';

export type WechatAuthorizeUrl = { enabled: false } | { enabled: true; url: string };

/** What exchanging the provider's code gives, depending on whether the chat-app account is bound. */
export type WechatExchange =
  | { kind: 'signedIn'; token: string; userInfo: UserInfo; msg: string }
  | { kind: 'needsBinding'; ticket: string; profile: { nickName: string; avatar: string | null } }
  | { kind: 'bound'; msg: string };

interface ExchangeAnswer {
  token?: string;
  user_info?: UserInfo;
  ticket?: string;
  profile?: { nickName: string; avatar: string | null };
  bound?: boolean;
}

export type WechatBindRequest =
  | { mode: 'existing'; account: string; password: string }
  | { mode: 'existing'; account: string; code: string }
  | { mode: 'new'; account: string; code: string; password: string };

export async function fetchWechatAuthorizeUrl(purpose: WechatPurpose): Promise<WechatAuthorizeUrl> {
  const answer = await request.get<WechatAuthorizeUrl>(`${UAC_API}/oauth2/wx_authorize_url`, { params: { purpose } });
  return answer.data?.enabled ? answer.data : { enabled: false };
}

export async function exchangeWechatCode(code: string, state: string): Promise<WechatExchange> {
  const answer = await request.get<ExchangeAnswer>(`${UAC_API}/oauth2/wx_token`, { params: { code, state } });
  const data = answer.data ?? {};
  if (data.token && data.user_info)
    return { kind: 'signedIn', token: data.token, userInfo: data.user_info, msg: answer.msg };
  if (data.ticket)
    return { kind: 'needsBinding', ticket: data.ticket, profile: data.profile ?? { nickName: '', avatar: null } };
  if (data.bound) return { kind: 'bound', msg: answer.msg };
  throw new Error(answer.msg || 'unexpected chat-app answer');
}

/** Binds the chat-app account to an existing or a new Kerf account, and signs in. */
export async function bindWechat(
  ticket: string,
  input: WechatBindRequest,
): Promise<{ token: string; userInfo: UserInfo; msg: string }> {
  const answer = await request.post<{ token: string; user_info: UserInfo }>(
    `${UAC_API}/oauth2/wx_bind`,
    { ticket, ...input },
    { withToken: false },
  );
  return { token: answer.data.token, userInfo: answer.data.user_info, msg: answer.msg };
}
