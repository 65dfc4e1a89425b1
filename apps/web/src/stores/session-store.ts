import { DUPLICATE_SUBMIT_WINDOW_MS } from '@kerf/contract';
import Cookies from 'js-cookie';
import {
  fetchUserPerms,
  fetchUserRouters,
  type InstallationFeatures,
  revokeToken,
  type ServerMenu,
  type SessionUser,
  type UserPerms,
} from '../api/account-api';
import { RequestError } from '../api/request';
import {
  clearSessionCookies,
  readLoginType,
  readToken,
  type WritableCookieJar,
  writeSessionCookies,
} from '../api/token';
import { createStore, useStore } from './create-store';

/**
 * The signed-in session (SPEC §4 Session, §6): token and login type live in cookies, so a reload or
 * another tab sees them; user, roles, permissions and menus are loaded once after sign-in and kept
 * here for the life of the page.
 */
export interface SessionState {
  token: string | undefined;
  loginType: string | undefined;
  user: SessionUser | null;
  roles: readonly string[];
  permissions: readonly string[];
  menus: readonly ServerMenu[];
  features: InstallationFeatures;
  /**
   * Whether user_perms has answered for this token. SPEC §2 says "permissions are empty"; a flag says
   * the same without reloading on every navigation for someone who was granted nothing.
   */
  permissionsLoaded: boolean;
}

/** The server calls the store makes; tests pass fakes. */
export interface SessionApi {
  fetchUserPerms(): Promise<UserPerms>;
  fetchUserRouters(): Promise<ServerMenu[]>;
  revokeToken(): Promise<void>;
}

const SIGNED_OUT = {
  user: null,
  roles: [],
  permissions: [],
  menus: [],
  features: { onlineOffice: false },
  permissionsLoaded: false,
} as const satisfies Omit<SessionState, 'token' | 'loginType'>;

/** HTTP 429: refused for now (the server's duplicate window, a rate limit), not a verdict on the session. */
function refusedForNow(error: unknown): boolean {
  return error instanceof RequestError && error.status === 429;
}

export function createSessionStore(deps: {
  api: SessionApi;
  cookies: WritableCookieJar;
  /** Wait before the one retry of a load refused with 429; a reload within a second of the last one meets it. */
  retryDelayMs?: number;
}) {
  const { api, cookies, retryDelayMs = DUPLICATE_SUBMIT_WINDOW_MS + 100 } = deps;

  async function fetchGrants(): Promise<[UserPerms, ServerMenu[]]> {
    try {
      return await Promise.all([api.fetchUserPerms(), api.fetchUserRouters()]);
    } catch (error) {
      if (!refusedForNow(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, retryDelayMs));
      return Promise.all([api.fetchUserPerms(), api.fetchUserRouters()]);
    }
  }

  const store = createStore<SessionState>({
    token: readToken(cookies),
    loginType: readLoginType(cookies),
    ...SIGNED_OUT,
  });
  let loading: Promise<void> | undefined;
  /** Bumped by every sign-in and sign-out, so a load started for an older token cannot land. */
  let generation = 0;

  function clear() {
    generation += 1;
    loading = undefined;
    clearSessionCookies(cookies);
    store.setState({ token: undefined, loginType: undefined, ...SIGNED_OUT });
  }

  /** The token as the cookie has it now; a cookie removed elsewhere (re-login dialog, other tab) ends the session here too. */
  function currentToken(): string | undefined {
    const token = readToken(cookies);
    const state = store.getState();
    if (token !== state.token) {
      generation += 1;
      loading = undefined;
      store.setState({ token, loginType: readLoginType(cookies), ...SIGNED_OUT });
    }
    return token;
  }

  return {
    getState: store.getState,
    subscribe: store.subscribe,

    isSignedIn: () => currentToken() !== undefined,

    /** Stores token and login type after a successful token call; permissions load on the next navigation. */
    signIn(token: string, loginType: string) {
      generation += 1;
      loading = undefined;
      writeSessionCookies(cookies, token, loginType);
      store.setState({ token, loginType, ...SIGNED_OUT });
    },

    /**
     * Loads user, roles, permissions (user_perms) and the menu (user_routers) once per token; callers
     * arriving while a load runs share it. Rejects with the request's error and leaves the session as is.
     */
    loadPermissions(): Promise<void> {
      if (currentToken() === undefined) return Promise.reject(new Error('not signed in'));
      if (store.getState().permissionsLoaded) return Promise.resolve();
      if (loading) return loading;
      const started = generation;
      const attempt = fetchGrants()
        .then(([perms, menus]) => {
          if (started !== generation) return;
          store.setState((s) => ({
            ...s,
            user: perms.user,
            roles: perms.roles ?? [],
            permissions: perms.permissions ?? [],
            menus,
            features: perms.features ?? SIGNED_OUT.features,
            permissionsLoaded: true,
          }));
        })
        .finally(() => {
          if (loading === attempt) loading = undefined;
        });
      loading = attempt;
      return attempt;
    },

    /** The account page changed the nick name or avatar: the navbar follows. */
    updateUser(patch: Partial<SessionUser>) {
      store.setState((s) => (s.user ? { ...s, user: { ...s.user, ...patch } } : s));
    },

    /** Revokes the token on the server (best effort) and forgets token, login type, roles and permissions. */
    async logout(): Promise<void> {
      const hadToken = currentToken() !== undefined;
      try {
        if (hadToken) await api.revokeToken();
      } catch {
        // The server may be unreachable or the token already dead; signing out here must still happen.
      } finally {
        clear();
      }
    },

    /** Forgets the session without a server call (the server already ended it: code 422). */
    clear,
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;

export const sessionStore: SessionStore = createSessionStore({
  api: { fetchUserPerms, fetchUserRouters, revokeToken },
  cookies: Cookies,
});

export function useSession<T>(selector: (state: SessionState) => T): T {
  return useStore(sessionStore, selector);
}
