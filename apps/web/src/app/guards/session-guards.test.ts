import { describe, expect, it, vi } from 'vitest';
import { RequestError } from '../../api/request';
import { memoryStorage } from '../../stores/create-store';
import { createSessionStore } from '../../stores/session-store';
import { createPreRoute, isSafeReturnPath } from './pre-route';
import { isPublicPath } from './public-routes';
import { type GuardContext, runGuards } from './route-guard';
import { createSessionGuards, SIGNED_IN_HOME } from './session-guards';
import { isPhoneUserAgent } from './user-agent';

const DESKTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const ANDROID_PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const ANDROID_TABLET =
  'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const IPAD =
  'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

function at(fullPath: string, userAgent = DESKTOP): GuardContext {
  const pathname = fullPath.split(/[?#]/)[0] ?? '/';
  return { pathname, fullPath, isPublic: isPublicPath(pathname), userAgent };
}

function setup(options: { token?: string; fail?: unknown } = {}) {
  const jar = new Map<string, string>(options.token ? [['UAC-Token', options.token]] : []);
  const api = {
    fetchUserPerms: vi.fn(async () => {
      if (options.fail) throw options.fail;
      return { user: null as never, roles: ['user'], permissions: ['account:*:*'] };
    }),
    fetchUserRouters: vi.fn(async () => []),
    revokeToken: vi.fn(async () => undefined),
  };
  const session = createSessionStore({
    api,
    cookies: { get: (n) => jar.get(n), set: (n, v) => jar.set(n, v), remove: (n) => jar.delete(n) },
  });
  const storage = memoryStorage();
  const preRoute = createPreRoute(storage);
  const showError = vi.fn();
  const guards = createSessionGuards({ session, preRoute, showError });
  return { guards, session, api, preRoute, showError, saved: () => storage.getItem('preRoute') };
}

describe('session guards (SPEC §2)', () => {
  it('sends a signed-in person from the login pages to the workbench', async () => {
    const { guards } = setup({ token: 't1' });
    expect(SIGNED_IN_HOME).toBe('/workbench?fileType=0');
    await expect(runGuards(guards, at('/login'))).resolves.toBe(SIGNED_IN_HOME);
    await expect(runGuards(guards, at('/mobile/login'))).resolves.toBe(SIGNED_IN_HOME);
    // the chat-app return address is part of signing in and binding, not a login page to leave
    await expect(runGuards(guards, at('/login/wechat?code=c&state=s'))).resolves.toBeUndefined();
  });

  it('lets a signed-out person open the login pages and the other public pages', async () => {
    const { guards, saved } = setup();
    for (const path of ['/login', '/mobile/login', '/register', '/forget', '/', '/workbench?fileType=0', '/share/x1']) {
      await expect(runGuards(guards, at(path)), path).resolves.toBeUndefined();
    }
    expect(saved()).toBeNull();
  });

  it('sends a signed-out person from a private page to the login page, keeping the full path as preRoute', async () => {
    const { guards, preRoute } = setup();
    await expect(runGuards(guards, at('/account?tab=log'))).resolves.toBe('/login');
    expect(preRoute.take()).toBe('/account?tab=log');
    expect(preRoute.take()).toBeUndefined();
  });

  it('uses the phone login page on phone-type user agents', async () => {
    const { guards, preRoute } = setup();
    await expect(runGuards(guards, at('/device/detail', IPHONE))).resolves.toBe('/mobile/login');
    expect(preRoute.take()).toBe('/device/detail');
    await expect(runGuards(guards, at('/device', ANDROID_PHONE))).resolves.toBe('/mobile/login');
    await expect(runGuards(guards, at('/device', IPAD))).resolves.toBe('/login');
  });

  it('loads user info and menus once after sign-in, then lets navigations through', async () => {
    const { guards, api, session } = setup({ token: 't1' });
    await expect(runGuards(guards, at('/account'))).resolves.toBeUndefined();
    await expect(runGuards(guards, at('/workbench'))).resolves.toBeUndefined();
    expect(api.fetchUserPerms).toHaveBeenCalledTimes(1);
    expect(api.fetchUserRouters).toHaveBeenCalledTimes(1);
    expect(session.getState()).toMatchObject({ roles: ['user'], permissionsLoaded: true });
  });

  it('on a failed load signs out, shows the error and goes to the login page', async () => {
    const expired = new RequestError('会话已过期', 'session', 422);
    const { guards, api, session, showError, preRoute } = setup({ token: 't1', fail: expired });
    await expect(runGuards(guards, at('/account'))).resolves.toBe('/login');
    expect(showError).toHaveBeenCalledWith('会话已过期');
    expect(api.revokeToken).toHaveBeenCalledTimes(1);
    expect(session.isSignedIn()).toBe(false);
    expect(preRoute.take()).toBe('/account');
    await expect(runGuards(guards, at('/login'))).resolves.toBeUndefined();
  });

  it('does not repeat an error the request client already showed as a toast', async () => {
    const offline = new RequestError('后端接口连接异常', 'network');
    const { guards, showError } = setup({ token: 't1', fail: offline });
    await expect(runGuards(guards, at('/', IPHONE))).resolves.toBe('/mobile/login');
    expect(showError).not.toHaveBeenCalled();
  });
});

describe('preRoute', () => {
  it('only brings people back to pages of this app, never into a login page', () => {
    for (const good of ['/account', '/account?tab=log', '/device/detail#x', '/'])
      expect(isSafeReturnPath(good), good).toBe(true);
    for (const bad of [
      '//evil.example',
      '/\\evil.example',
      'https://evil.example',
      '',
      '/login',
      '/login?x=1',
      '/mobile/login',
    ]) {
      expect(isSafeReturnPath(bad), bad).toBe(false);
    }
    const preRoute = createPreRoute(memoryStorage());
    preRoute.save('//evil.example');
    expect(preRoute.take()).toBeUndefined();
  });
});

describe('phone user agents', () => {
  it('tells phones from desktops and tablets', () => {
    expect(isPhoneUserAgent(IPHONE)).toBe(true);
    expect(isPhoneUserAgent(ANDROID_PHONE)).toBe(true);
    expect(isPhoneUserAgent(DESKTOP)).toBe(false);
    expect(isPhoneUserAgent(IPAD)).toBe(false);
    expect(isPhoneUserAgent(ANDROID_TABLET)).toBe(false);
    expect(isPhoneUserAgent('')).toBe(false);
  });
});
