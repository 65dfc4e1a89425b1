import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeWechatUser {
  openid: string;
  unionid?: string;
  nickname: string;
  headimgurl: string;
}

/**
 * A local stand-in for the chat app's open platform, speaking its website-login protocol:
 * `GET /connect/qrconnect` (the QR page; here it "scans" at once as the chosen user and redirects
 * back with code and state), `GET /sns/oauth2/access_token` and `GET /sns/userinfo`, with the
 * provider's error bodies for a bad secret, a reused code or a bad access token.
 */
export async function startFakeWechat(appId: string, appSecret: string) {
  let nextUser: FakeWechatUser | null = null;
  const codes = new Map<string, FakeWechatUser>();
  const tokens = new Map<string, FakeWechatUser>();
  const json = (res: import('node:http').ServerResponse, body: unknown) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const q = url.searchParams;
    if (url.pathname === '/connect/qrconnect') {
      if (
        q.get('appid') !== appId ||
        q.get('scope') !== 'snsapi_login' ||
        q.get('response_type') !== 'code' ||
        !nextUser
      ) {
        res.writeHead(400).end('bad authorize request');
        return;
      }
      const code = randomBytes(8).toString('hex');
      codes.set(code, nextUser);
      const back = new URL(q.get('redirect_uri')!);
      back.searchParams.set('code', code);
      back.searchParams.set('state', q.get('state') ?? '');
      res.writeHead(302, { location: back.toString() }).end();
      return;
    }
    if (url.pathname === '/sns/oauth2/access_token') {
      if (q.get('appid') !== appId || q.get('secret') !== appSecret)
        return json(res, { errcode: 40125, errmsg: 'invalid appsecret' });
      const user = codes.get(q.get('code') ?? '');
      if (!user || q.get('grant_type') !== 'authorization_code')
        return json(res, { errcode: 40029, errmsg: 'invalid code' });
      codes.delete(q.get('code')!);
      const accessToken = randomBytes(12).toString('hex');
      tokens.set(accessToken, user);
      return json(res, {
        access_token: accessToken,
        expires_in: 7200,
        refresh_token: 'r',
        openid: user.openid,
        scope: 'snsapi_login',
        ...(user.unionid ? { unionid: user.unionid } : {}),
      });
    }
    if (url.pathname === '/sns/userinfo') {
      const user = tokens.get(q.get('access_token') ?? '');
      if (!user || user.openid !== q.get('openid')) return json(res, { errcode: 40001, errmsg: 'invalid credential' });
      return json(res, { ...user, sex: 0, province: '', city: '', country: 'CN', privilege: [] });
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    authorizeUrl: `${base}/connect/qrconnect`,
    apiUrl: base,
    /** The user who "scans" the next QR code. */
    scanAs(user: FakeWechatUser) {
      nextUser = user;
    },
    /** Follows the authorize URL as a browser would and returns the code and state of the redirect back. */
    async scan(authorizeUrl: string) {
      const res = await fetch(authorizeUrl.replace('#wechat_redirect', ''), { redirect: 'manual' });
      const back = new URL(res.headers.get('location') ?? 'http://invalid/');
      return { code: back.searchParams.get('code') ?? '', state: back.searchParams.get('state') ?? '', redirect: back };
    },
    stop: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}
