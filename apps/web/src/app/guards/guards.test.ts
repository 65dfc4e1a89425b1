import { describe, expect, it } from 'vitest';
import { isPublicPath } from './public-routes';
import { type GuardContext, type RouteGuard, runGuards, toAppPath } from './route-guard';

describe('public routes', () => {
  it('opens the SPEC §2 public paths and shared-file pages without login', () => {
    for (const path of [
      '/',
      '/home',
      '/login',
      '/mobile/login',
      '/register',
      '/workbench',
      '/help',
      '/help/02-drive',
      '/share/AbC9',
    ]) {
      expect(isPublicPath(path), path).toBe(true);
    }
    expect(isPublicPath('/workbench/')).toBe(true);
  });

  it('keeps the other screens private', () => {
    for (const path of [
      '/trade',
      '/store/gallery',
      '/device',
      '/device/detail',
      '/sysm',
      '/share',
      '/homepage',
      '/helpdesk',
    ]) {
      expect(isPublicPath(path), path).toBe(false);
    }
  });
});

describe('route guards', () => {
  const context: GuardContext = { pathname: '/device', fullPath: '/device?x=1', isPublic: false, userAgent: '' };

  it('lets a navigation through when no guard objects', async () => {
    await expect(runGuards([], context)).resolves.toBeUndefined();
    await expect(runGuards([() => undefined], context)).resolves.toBeUndefined();
  });

  it('takes the first redirect and skips later guards', async () => {
    const calls: string[] = [];
    const guards: RouteGuard[] = [
      () => {
        calls.push('a');
        return undefined;
      },
      async (c) => {
        calls.push('b');
        return c.isPublic ? undefined : '/login';
      },
      () => {
        calls.push('c');
        return '/elsewhere';
      },
    ];
    await expect(runGuards(guards, context)).resolves.toBe('/login');
    expect(calls).toEqual(['a', 'b']);
  });

  it('ignores a redirect to the page being opened, so a guard cannot loop', async () => {
    await expect(runGuards([(c) => c.fullPath], context)).resolves.toBeUndefined();
  });

  it('maps router paths to app paths', () => {
    expect(toAppPath('/web')).toBe('/');
    expect(toAppPath('/web/')).toBe('/');
    expect(toAppPath('/web/device/detail')).toBe('/device/detail');
  });
});
