/**
 * The chat app's website-login protocol (an OAuth 2.0 authorisation-code flow): the browser goes to
 * the provider's QR page, which redirects back with `code` and `state`; the server trades the code for
 * an access token and the user's openid/unionid, then reads the profile.
 */
export interface WechatConfig {
  appId: string;
  appSecret: string;
  authorizeUrl: string;
  apiUrl: string;
}

export interface WechatProfile {
  /** unionid when the app is in an open-platform account (stable across the maker's apps), else openid. */
  subject: string;
  openid: string;
  nickName: string;
  avatar: string | null;
}

export class WechatError extends Error {
  constructor(
    message: string,
    readonly errcode?: number,
  ) {
    super(message);
    this.name = 'WechatError';
  }
}

interface TokenAnswer {
  access_token?: string;
  openid?: string;
  unionid?: string;
  errcode?: number;
  errmsg?: string;
}

interface UserInfoAnswer {
  openid?: string;
  unionid?: string;
  nickname?: string;
  headimgurl?: string;
  errcode?: number;
  errmsg?: string;
}

export class WechatClient {
  constructor(private readonly config: WechatConfig) {}

  authorizeUrl(redirectUri: string, state: string): string {
    const url = new URL(this.config.authorizeUrl);
    url.searchParams.set('appid', this.config.appId);
    url.searchParams.set('redirect_uri', redirectUri);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('scope', 'snsapi_login');
    url.searchParams.set('state', state);
    return `${url.toString()}#wechat_redirect`;
  }

  private async getJson<T>(path: string, params: Record<string, string>): Promise<T> {
    const url = new URL(path, this.config.apiUrl.endsWith('/') ? this.config.apiUrl : `${this.config.apiUrl}/`);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    if (!res.ok) throw new WechatError(`provider answered HTTP ${res.status}`);
    return (await res.json()) as T;
  }

  async profileForCode(code: string): Promise<WechatProfile> {
    const token = await this.getJson<TokenAnswer>('sns/oauth2/access_token', {
      appid: this.config.appId,
      secret: this.config.appSecret,
      code,
      grant_type: 'authorization_code',
    });
    if (token.errcode || !token.access_token || !token.openid) {
      throw new WechatError(token.errmsg ?? 'no access token', token.errcode);
    }
    const info = await this.getJson<UserInfoAnswer>('sns/userinfo', {
      access_token: token.access_token,
      openid: token.openid,
      lang: 'zh_CN',
    });
    if (info.errcode) throw new WechatError(info.errmsg ?? 'no user info', info.errcode);
    return {
      subject: info.unionid ?? token.unionid ?? token.openid,
      openid: token.openid,
      nickName: (info.nickname ?? '').slice(0, 64),
      avatar: info.headimgurl || null,
    };
  }
}
