import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ERROR_TOAST_SECONDS, type Locale, TOKEN_COOKIE } from '@kerf/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRequestClient, isShownByClient, messageOf, RequestError, type RequestUi } from './request';
import type { CookieJar } from './token';

/** What the test server saw of the last request. */
interface Seen {
  url: string;
  method: string;
  headers: IncomingMessage['headers'];
  body: string;
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

async function handle(req: IncomingMessage, res: ServerResponse, seen: Seen[]) {
  let body = '';
  for await (const chunk of req) body += chunk;
  seen.push({ url: req.url ?? '', method: req.method ?? '', headers: req.headers, body });
  const path = new URL(req.url ?? '/', 'http://x').pathname;
  const codeMatch = /^\/code\/(\d+)$/.exec(path);
  if (codeMatch)
    return json(res, 200, { code: Number(codeMatch[1]), msg: `server says ${codeMatch[1]}`, data: { n: 1 } });
  switch (path) {
    case '/ok':
      return json(res, 200, { code: 0, msg: 'ok', data: { hello: 'world' } });
    case '/binary':
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      return res.end(Buffer.from([0, 1, 2, 250, 255]));
    case '/binary-envelope':
      // a file endpoint answering with an error envelope: binary callers read it themselves
      return json(res, 200, { code: 500, msg: 'no file', data: null });
    case '/slow':
      setTimeout(() => json(res, 200, { code: 0, msg: 'late', data: null }), 400);
      return;
    case '/bad-gateway':
      res.writeHead(502, { 'content-type': 'text/html' });
      return res.end('<html>bad gateway</html>');
    case '/forbidden-envelope':
      return json(res, 403, { code: 403, msg: 'forbidden by server', data: null });
    default:
      return json(res, 404, { nope: true });
  }
}

let server: Server;
let baseURL: string;
const seen: Seen[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    void handle(req, res, seen);
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((ok) => server.close(ok));
});

function fakeCookies(initial: Record<string, string> = {}) {
  const jar = new Map(Object.entries(initial));
  const cookies: CookieJar & { jar: Map<string, string> } = {
    jar,
    get: (name) => jar.get(name),
    remove: vi.fn((name: string) => {
      jar.delete(name);
    }),
  };
  return cookies;
}

function fakeUi(confirm: () => Promise<boolean> = async () => false) {
  return {
    toastError: vi.fn<RequestUi['toastError']>(),
    confirmRelogin: vi.fn<RequestUi['confirmRelogin']>(confirm),
    redirect: vi.fn<RequestUi['redirect']>(),
  };
}

function client(
  overrides: { cookies?: CookieJar; ui?: RequestUi; locale?: Locale; timeout?: number; baseURL?: string } = {},
) {
  return createRequestClient({
    baseURL: overrides.baseURL ?? baseURL,
    timeout: overrides.timeout,
    cookies: overrides.cookies ?? fakeCookies(),
    getLocale: () => overrides.locale ?? 'zh-CN',
    ui: overrides.ui ?? fakeUi(),
  });
}

const last = () => seen[seen.length - 1]!;

beforeEach(() => {
  seen.length = 0;
});

describe('request headers', () => {
  it('sends the UAC-Token cookie as a bearer token and the locale as Accept-Language', async () => {
    await client({ cookies: fakeCookies({ [TOKEN_COOKIE]: 'abc.def' }), locale: 'en' }).get('/ok');
    expect(last().headers.authorization).toBe('Bearer abc.def');
    expect(last().headers['accept-language']).toBe('en');
  });

  it('removes a cookie holding the string "undefined" and sends no token', async () => {
    const cookies = fakeCookies({ [TOKEN_COOKIE]: 'undefined' });
    await client({ cookies }).get('/ok');
    expect(last().headers.authorization).toBeUndefined();
    expect(cookies.remove).toHaveBeenCalledWith(TOKEN_COOKIE);
    expect(cookies.jar.has(TOKEN_COOKIE)).toBe(false);
  });

  it('lets a request opt out of the token with withToken or isToken false', async () => {
    const api = client({ cookies: fakeCookies({ [TOKEN_COOKIE]: 'secret' }) });
    await api.get('/ok', { withToken: false });
    expect(last().headers.authorization).toBeUndefined();
    await api.get('/ok', { isToken: false });
    expect(last().headers.authorization).toBeUndefined();
  });
});

describe('request bodies and parameters', () => {
  it('serialises nested GET params as key[sub] and arrays with indices, skipping empty values', async () => {
    await client().get('/ok', {
      params: { page: 1, query: { name: 'a b', range: { from: 2 } }, ids: [7, 8], empty: '', none: null },
    });
    const query = new URL(last().url, 'http://x').searchParams;
    expect([...query]).toEqual([
      ['page', '1'],
      ['query[name]', 'a b'],
      ['query[range][from]', '2'],
      ['ids[0]', '7'],
      ['ids[1]', '8'],
    ]);
  });

  it('posts form-encoded bodies', async () => {
    await client().postUrlEncoded('/ok', { account: 'a@b.c', scope: 'cloud', extra: { k: 'v' } });
    expect(last().headers['content-type']).toContain('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(last().body))).toEqual({
      account: 'a@b.c',
      scope: 'cloud',
      'extra[k]': 'v',
    });
  });

  it('refuses an identical POST inside the duplicate-submit window, but not a different one', async () => {
    const api = client();
    await api.post('/ok', { name: 'x' });
    await expect(api.post('/ok', { name: 'x' })).rejects.toMatchObject({ kind: 'duplicate' });
    await api.post('/ok', { name: 'y' });
    await api.post('/ok', { name: 'x' }, { repeatSubmit: false });
    expect(seen.filter((s) => s.method === 'POST')).toHaveLength(3);
  });
});

describe('envelope handling', () => {
  it('resolves code 0 with the whole envelope', async () => {
    await expect(client().get('/ok')).resolves.toEqual({ code: 0, msg: 'ok', data: { hello: 'world' } });
  });

  it('shows one re-login dialog for concurrent 422s, rejects both, and logs out on confirm', async () => {
    let answer: (yes: boolean) => void = () => undefined;
    const ui = fakeUi(() => new Promise<boolean>((ok) => (answer = ok)));
    const cookies = fakeCookies({ [TOKEN_COOKIE]: 'stale' });
    const api = client({ ui, cookies });
    const results = await Promise.allSettled([api.get('/code/422'), api.get('/code/422')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    const reason = (results[0] as PromiseRejectedResult).reason;
    expect(reason).toBeInstanceOf(RequestError);
    expect(reason.message).toBe('无效的会话，或者会话已过期，请重新登录');
    expect(ui.confirmRelogin).toHaveBeenCalledTimes(1);
    expect(ui.confirmRelogin).toHaveBeenCalledWith('无效的会话，或者会话已过期，请重新登录');
    expect(ui.redirect).not.toHaveBeenCalled();

    answer(true);
    await vi.waitFor(() => expect(ui.redirect).toHaveBeenCalledWith('/web/login'));
    expect(cookies.jar.has(TOKEN_COOKIE)).toBe(false);

    // the dialog is closed now, so a later expiry asks again
    await expect(api.get('/code/422')).rejects.toBeInstanceOf(RequestError);
    expect(ui.confirmRelogin).toHaveBeenCalledTimes(2);
  });

  it('keeps the token when the user stays on the page', async () => {
    const ui = fakeUi(async () => false);
    const cookies = fakeCookies({ [TOKEN_COOKIE]: 'stale' });
    await expect(client({ ui, cookies, locale: 'en' }).get('/code/422')).rejects.toThrow(
      'Your session is invalid or has expired; please sign in again',
    );
    await vi.waitFor(() => expect(ui.confirmRelogin).toHaveBeenCalledTimes(1));
    await new Promise((r) => setTimeout(r, 10));
    expect(ui.redirect).not.toHaveBeenCalled();
    expect(cookies.jar.get(TOKEN_COOKIE)).toBe('stale');
  });

  it.each([500, 100])('toasts the server message for code %i and rejects', async (code) => {
    const ui = fakeUi();
    await expect(client({ ui }).get(`/code/${code}`)).rejects.toMatchObject({
      kind: 'business',
      code,
      message: `server says ${code}`,
    });
    expect(ui.toastError).toHaveBeenCalledTimes(1);
    expect(ui.toastError.mock.calls[0]![0]).toBe(`server says ${code}`);
  });

  it('lets a caller that ends the session itself skip the re-login dialog', async () => {
    const ui = fakeUi(async () => true);
    const cookies = fakeCookies({ [TOKEN_COOKIE]: 'stale' });
    await expect(client({ ui, cookies }).get('/code/422', { reloginPrompt: false })).rejects.toMatchObject({
      kind: 'session',
      code: 422,
    });
    expect(ui.confirmRelogin).not.toHaveBeenCalled();
    expect(cookies.jar.get(TOKEN_COOKIE)).toBe('stale');
  });

  it("keeps the envelope's data and own words on a refusal, for forms to read", async () => {
    const refused = await client()
      .get('/code/400')
      .catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: 400, data: { n: 1 }, serverMessage: 'server says 400' });
    const forbidden = await client()
      .get('/forbidden-envelope')
      .catch((e: unknown) => e);
    // the status text is the message (SPEC §8); the server's words stay available to a form
    expect(forbidden).toMatchObject({ message: '当前操作没有权限', serverMessage: 'forbidden by server' });
    expect(messageOf(forbidden)).toBe('forbidden by server');
    expect(isShownByClient(forbidden)).toBe(false);
  });

  it('tells which failures the client already showed', () => {
    expect(isShownByClient(new RequestError('x', 'network'))).toBe(true);
    expect(isShownByClient(new RequestError('x', 'business', 500))).toBe(true);
    expect(isShownByClient(new RequestError('x', 'business', 400))).toBe(false);
    expect(isShownByClient(new RequestError('x', 'session', 422))).toBe(false);
    expect(isShownByClient(new Error('x'))).toBe(false);
    expect(messageOf({ code: 432, msg: 'as is' })).toBe('as is');
  });

  it('rejects code 432 with the envelope as is', async () => {
    const ui = fakeUi();
    await expect(client({ ui }).get('/code/432')).rejects.toEqual({
      code: 432,
      msg: 'server says 432',
      data: { n: 1 },
    });
    expect(ui.toastError).not.toHaveBeenCalled();
  });

  it('rejects any other code with an error carrying code and message, without a toast', async () => {
    const ui = fakeUi();
    const error = await client({ ui })
      .get('/code/409')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestError);
    expect(error).toMatchObject({ code: 409, message: 'server says 409', kind: 'business' });
    expect(ui.toastError).not.toHaveBeenCalled();
  });

  it('maps 401/403/404 codes to the spec status messages, also when sent with an HTTP error status', async () => {
    const ui = fakeUi();
    await expect(client({ ui }).get('/code/401')).rejects.toMatchObject({ message: '认证失败，无法访问系统资源' });
    await expect(client({ ui }).get('/forbidden-envelope')).rejects.toMatchObject({
      code: 403,
      message: '当前操作没有权限',
    });
    expect(ui.toastError).not.toHaveBeenCalled();
  });

  it('passes binary responses through untouched, even when they hold an error envelope', async () => {
    const api = client();
    const buffer = await api.send<ArrayBuffer>({ url: '/binary', responseType: 'arraybuffer' });
    expect([...new Uint8Array(buffer)]).toEqual([0, 1, 2, 250, 255]);
    const ui = fakeUi();
    const raw = await client({ ui }).send<ArrayBuffer>({ url: '/binary-envelope', responseType: 'arraybuffer' });
    expect(JSON.parse(new TextDecoder().decode(raw))).toMatchObject({ code: 500, msg: 'no file' });
    // Node's adapter cannot make a Blob (browsers do); what matters is that the body is not settled
    const blob: unknown = await client({ ui }).getBlob('/binary-envelope');
    const blobText = blob instanceof Blob ? await blob.text() : String(blob);
    expect(JSON.parse(blobText)).toMatchObject({ code: 500, msg: 'no file' });
    expect(ui.toastError).not.toHaveBeenCalled();
  });

  it('resolves a JSON body that is not an envelope as is', async () => {
    await expect(client().send({ url: '/unknown-shape', validateStatus: () => true })).resolves.toEqual({ nope: true });
  });
});

describe('transport errors', () => {
  it('reports a timeout with the spec message for 5 seconds', async () => {
    const ui = fakeUi();
    await expect(client({ ui, timeout: 100 }).get('/slow')).rejects.toMatchObject({
      kind: 'timeout',
      message: '系统接口请求超时',
    });
    expect(ui.toastError).toHaveBeenCalledWith('系统接口请求超时', ERROR_TOAST_SECONDS);
  });

  it('reports an unreachable server as a connection error', async () => {
    const closed = createServer();
    await new Promise<void>((ok) => closed.listen(0, '127.0.0.1', ok));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((ok) => closed.close(ok));
    const ui = fakeUi();
    await expect(client({ ui, baseURL: `http://127.0.0.1:${port}` }).get('/ok')).rejects.toMatchObject({
      kind: 'network',
      message: '后端接口连接异常',
    });
    expect(ui.toastError).toHaveBeenCalledWith('后端接口连接异常', ERROR_TOAST_SECONDS);
  });

  it('reports a failed HTTP status with its number, in the current language', async () => {
    const ui = fakeUi();
    await expect(client({ ui }).get('/bad-gateway')).rejects.toMatchObject({
      kind: 'http',
      code: 502,
      message: '系统接口502异常',
    });
    expect(ui.toastError).toHaveBeenCalledWith('系统接口502异常', ERROR_TOAST_SECONDS);
    await expect(client({ ui, locale: 'en' }).get('/bad-gateway')).rejects.toThrow(
      'The server answered with error 502',
    );
  });
});
