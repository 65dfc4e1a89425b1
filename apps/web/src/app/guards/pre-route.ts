import { type KeyValueStorage, safeStorage } from '../../stores/create-store';

/** SPEC §2: the full path a signed-out person wanted, kept for after sign-in. */
export const PRE_ROUTE_KEY = 'preRoute';

/** Only an app path may come back: no other origin (`//evil`, `/\evil`), no loop into a login page. */
export function isSafeReturnPath(path: string | null | undefined): path is string {
  if (!path?.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return false;
  const pathname = path.split(/[?#]/)[0] ?? '';
  return !['/login', '/mobile/login', '/login/wechat'].includes(pathname.replace(/\/+$/, ''));
}

/**
 * Kept in sessionStorage rather than the query, so it survives the chat-app sign-in's round trip
 * through the provider's page, and stays with this tab only.
 */
export function createPreRoute(storage: KeyValueStorage) {
  return {
    save(path: string) {
      if (isSafeReturnPath(path)) storage.setItem(PRE_ROUTE_KEY, path);
    },
    /** Returns the saved path once and forgets it. */
    take(): string | undefined {
      const path = storage.getItem(PRE_ROUTE_KEY);
      storage.removeItem(PRE_ROUTE_KEY);
      return isSafeReturnPath(path) ? path : undefined;
    },
  };
}

export type PreRoute = ReturnType<typeof createPreRoute>;

export const preRoute: PreRoute = createPreRoute(
  safeStorage(() => (typeof sessionStorage === 'undefined' ? undefined : sessionStorage)),
);
