import { TOKEN_COOKIE } from '@kerf/contract';
import { describe, expect, it, vi } from 'vitest';
import type { ServerMenu, UserPerms } from '../api/account-api';
import { RequestError } from '../api/request';
import { LOGIN_TYPE_COOKIE, type WritableCookieJar } from '../api/token';
import { createSessionStore, type SessionApi } from './session-store';

function fakeCookies(initial: Record<string, string> = {}) {
  const jar = new Map(Object.entries(initial));
  const cookies: WritableCookieJar & { jar: Map<string, string> } = {
    jar,
    get: (name) => jar.get(name),
    set: (name, value) => jar.set(name, value),
    remove: (name) => {
      jar.delete(name);
    },
  };
  return cookies;
}

const PERMS: UserPerms = {
  user: {
    userId: 'u1',
    loginName: 'kerf_1',
    nickName: 'Ada',
    avatar: null,
    mobile: null,
    email: 'ada@example.com',
    createdAt: '2026-01-01T00:00:00.000Z',
    lastLoginAt: null,
  },
  roles: ['user'],
  permissions: ['account:*:*'],
};
const MENUS: ServerMenu[] = [
  { key: 'home', path: '/workbench?fileType=0', icon: 'home', title: { 'zh-CN': '首页', en: 'Home' } },
];

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

function fakeApi(overrides: Partial<SessionApi> = {}) {
  return {
    fetchUserPerms: vi.fn(async () => PERMS),
    fetchUserRouters: vi.fn(async () => MENUS),
    revokeToken: vi.fn(async () => undefined),
    ...overrides,
  };
}

describe('session store', () => {
  it('starts from the cookies: signed in when a token is stored, with its login type', () => {
    const store = createSessionStore({
      api: fakeApi(),
      cookies: fakeCookies({ [TOKEN_COOKIE]: 't1', [LOGIN_TYPE_COOKIE]: '2' }),
    });
    expect(store.isSignedIn()).toBe(true);
    expect(store.getState()).toMatchObject({ token: 't1', loginType: '2', permissionsLoaded: false, roles: [] });
    expect(createSessionStore({ api: fakeApi(), cookies: fakeCookies() }).isSignedIn()).toBe(false);
  });

  it('drops a stored "undefined" token instead of treating it as a session', () => {
    const cookies = fakeCookies({ [TOKEN_COOKIE]: 'undefined' });
    const store = createSessionStore({ api: fakeApi(), cookies });
    expect(store.isSignedIn()).toBe(false);
    expect(cookies.jar.has(TOKEN_COOKIE)).toBe(false);
  });

  it('stores token and login type on sign-in', () => {
    const cookies = fakeCookies();
    const store = createSessionStore({ api: fakeApi(), cookies });
    store.signIn('t2', '2');
    expect(cookies.jar.get(TOKEN_COOKIE)).toBe('t2');
    expect(cookies.jar.get(LOGIN_TYPE_COOKIE)).toBe('2');
    expect(store.getState()).toMatchObject({ token: 't2', loginType: '2', permissionsLoaded: false });
    expect(store.isSignedIn()).toBe(true);
  });

  it('loads user, roles, permissions and menus once, sharing a load in flight', async () => {
    const api = fakeApi();
    const store = createSessionStore({ api, cookies: fakeCookies({ [TOKEN_COOKIE]: 't1' }) });
    const seen: boolean[] = [];
    store.subscribe(() => seen.push(store.getState().permissionsLoaded));
    await Promise.all([store.loadPermissions(), store.loadPermissions()]);
    await store.loadPermissions();
    expect(api.fetchUserPerms).toHaveBeenCalledTimes(1);
    expect(api.fetchUserRouters).toHaveBeenCalledTimes(1);
    expect(store.getState()).toMatchObject({
      user: { nickName: 'Ada' },
      roles: ['user'],
      permissions: ['account:*:*'],
      menus: MENUS,
      permissionsLoaded: true,
    });
    expect(seen).toEqual([true]);
  });

  it('rejects when a load fails, keeps nothing, and tries again next time', async () => {
    const failure = new Error('422');
    const api = fakeApi({ fetchUserPerms: vi.fn().mockRejectedValueOnce(failure).mockResolvedValue(PERMS) });
    const store = createSessionStore({ api, cookies: fakeCookies({ [TOKEN_COOKIE]: 't1' }) });
    await expect(store.loadPermissions()).rejects.toBe(failure);
    expect(store.getState().permissionsLoaded).toBe(false);
    await store.loadPermissions();
    expect(store.getState().permissionsLoaded).toBe(true);
    expect(api.fetchUserPerms).toHaveBeenCalledTimes(2);
  });

  it('refuses to load without a token', async () => {
    const api = fakeApi();
    await expect(createSessionStore({ api, cookies: fakeCookies() }).loadPermissions()).rejects.toThrow();
    expect(api.fetchUserPerms).not.toHaveBeenCalled();
  });

  it('ignores an answer that arrives after the person signed out', async () => {
    const late = deferred<UserPerms>();
    const api = fakeApi({ fetchUserPerms: vi.fn(() => late.promise) });
    const store = createSessionStore({ api, cookies: fakeCookies({ [TOKEN_COOKIE]: 't1' }) });
    const load = store.loadPermissions();
    await store.logout();
    late.resolve(PERMS);
    await load;
    expect(store.getState()).toMatchObject({ token: undefined, user: null, permissions: [], permissionsLoaded: false });
  });

  it('logs out: revokes the token, then clears token, login type, roles and permissions', async () => {
    const api = fakeApi();
    const cookies = fakeCookies({ [TOKEN_COOKIE]: 't1', [LOGIN_TYPE_COOKIE]: '2' });
    const store = createSessionStore({ api, cookies });
    await store.loadPermissions();
    await store.logout();
    expect(api.revokeToken).toHaveBeenCalledTimes(1);
    expect(cookies.jar.size).toBe(0);
    expect(store.getState()).toEqual({
      token: undefined,
      loginType: undefined,
      user: null,
      roles: [],
      permissions: [],
      menus: [],
      features: { onlineOffice: false },
      permissionsLoaded: false,
    });
  });

  it('keeps what the installation offers from user_perms, and forgets it on sign-out', async () => {
    const api = fakeApi({ fetchUserPerms: vi.fn(async () => ({ ...PERMS, features: { onlineOffice: true } })) });
    const store = createSessionStore({ api, cookies: fakeCookies({ [TOKEN_COOKIE]: 't1' }) });
    expect(store.getState().features).toEqual({ onlineOffice: false });
    await store.loadPermissions();
    expect(store.getState().features).toEqual({ onlineOffice: true });
    await store.logout();
    expect(store.getState().features).toEqual({ onlineOffice: false });
  });

  it('still signs out locally when the server cannot be reached', async () => {
    const api = fakeApi({ revokeToken: vi.fn().mockRejectedValue(new Error('network')) });
    const cookies = fakeCookies({ [TOKEN_COOKIE]: 't1' });
    const store = createSessionStore({ api, cookies });
    await expect(store.logout()).resolves.toBeUndefined();
    expect(store.isSignedIn()).toBe(false);
    expect(cookies.jar.has(TOKEN_COOKIE)).toBe(false);
  });

  it('notices a token removed elsewhere (the re-login dialog, another tab)', async () => {
    const cookies = fakeCookies({ [TOKEN_COOKIE]: 't1' });
    const store = createSessionStore({ api: fakeApi(), cookies });
    await store.loadPermissions();
    cookies.jar.delete(TOKEN_COOKIE);
    expect(store.isSignedIn()).toBe(false);
    expect(store.getState()).toMatchObject({ token: undefined, permissions: [], permissionsLoaded: false });
  });

  it('patches the user after an account change', async () => {
    const store = createSessionStore({ api: fakeApi(), cookies: fakeCookies({ [TOKEN_COOKIE]: 't1' }) });
    store.updateUser({ nickName: 'nobody yet' });
    expect(store.getState().user).toBeNull();
    await store.loadPermissions();
    store.updateUser({ nickName: 'Grace', avatar: '/uac-api/avatar/abc' });
    expect(store.getState().user).toMatchObject({
      nickName: 'Grace',
      avatar: '/uac-api/avatar/abc',
      email: 'ada@example.com',
    });
  });
});

describe('session store under load', () => {
  it('tries once more when the server refuses a load for now (429), and only once', async () => {
    const tooSoon = new RequestError('busy', 'business', 500, undefined, { status: 429 });
    const api = fakeApi({ fetchUserPerms: vi.fn().mockRejectedValueOnce(tooSoon).mockResolvedValue(PERMS) });
    const store = createSessionStore({ api, cookies: fakeCookies({ [TOKEN_COOKIE]: 't1' }), retryDelayMs: 1 });
    await store.loadPermissions();
    expect(store.getState().permissionsLoaded).toBe(true);
    expect(api.fetchUserPerms).toHaveBeenCalledTimes(2);

    const always = fakeApi({ fetchUserPerms: vi.fn().mockRejectedValue(tooSoon) });
    const stuck = createSessionStore({ api: always, cookies: fakeCookies({ [TOKEN_COOKIE]: 't1' }), retryDelayMs: 1 });
    await expect(stuck.loadPermissions()).rejects.toBe(tooSoon);
    expect(always.fetchUserPerms).toHaveBeenCalledTimes(2);
  });

  it('does not retry a refusal of the session itself', async () => {
    const expired = new RequestError('expired', 'session', 422, undefined, { status: 401 });
    const api = fakeApi({ fetchUserPerms: vi.fn().mockRejectedValue(expired) });
    const store = createSessionStore({ api, cookies: fakeCookies({ [TOKEN_COOKIE]: 't1' }), retryDelayMs: 1 });
    await expect(store.loadPermissions()).rejects.toBe(expired);
    expect(api.fetchUserPerms).toHaveBeenCalledTimes(1);
  });
});
