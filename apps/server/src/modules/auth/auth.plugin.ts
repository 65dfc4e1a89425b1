import { type Grants, hasAnyPermission, hasAnyRole, ResultCode, TOKEN_COOKIE } from '@kerf/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../http/app-error.js';
import type { UserRepository } from '../account/user.repository.js';
import type { SessionService } from './session.service.js';

export interface AuthContext extends Grants {
  userId: string;
  sessionId: string;
  loginType: string;
}

/**
 * Who may call a route. The default is `required`: a route must say `public` to be open. `permission`
 * (any of) and `role` (any of) are checked after validation, before the handler.
 */
export interface RouteAccess {
  auth?: 'public' | 'optional' | 'required';
  permission?: string | string[];
  role?: string | string[];
  /**
   * Also accept the web app's `UAC-Token` cookie when no Authorization header is sent: for plain
   * links (downloads) the browser follows without the request client. Only for GET routes that change nothing.
   */
  tokenCookie?: boolean;
  /**
   * Also accept `?token=` (SPEC §7 preview: userFileId, isMin, …, token), for media sources that cannot
   * send a header. Read-only GET routes only.
   */
  tokenQuery?: boolean;
}

/** One API route and who may call it, as the route declared it (see `routeAccessList`). */
export interface DeclaredRouteAccess {
  method: string;
  url: string;
  /** `public`, `optional` or `required` (signed in, acting on the caller's own data), when declared. */
  auth?: RouteAccess['auth'];
  permission: string[];
  role: string[];
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyContextConfig extends RouteAccess {}
  interface FastifyInstance {
    /** Every guarded route (/cloud-api, /uac-api, downloads) with the access it declared, in registration order. */
    routeAccessList: DeclaredRouteAccess[];
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  const token = match?.[1];
  return token && token !== 'undefined' && token !== 'null' ? token : null;
}

/**
 * A cookie value percent-decoded; null when it cannot be a token: a broken `%` sequence
 * (decodeURIComponent throws), or control characters that no token holds.
 */
export function decodeCookieValue(raw: string): string | null {
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return null;
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  return /[\u0000-\u001f\u007f]/.test(value) ? null : value;
}

/** The `UAC-Token` cookie's value, for routes that take it (see RouteAccess.tokenCookie). */
export function cookieToken(request: FastifyRequest): string | null {
  const header = request.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === TOKEN_COOKIE) {
      const value = decodeCookieValue(part.slice(eq + 1).trim());
      return value && value !== 'undefined' && value !== 'null' ? value : null;
    }
  }
  return null;
}

/** `?token=` on routes that take it (see RouteAccess.tokenQuery). */
function queryToken(request: FastifyRequest): string | null {
  const value = (request.query as Record<string, unknown> | undefined)?.token;
  return typeof value === 'string' && value && value !== 'undefined' && value !== 'null' ? value : null;
}

const sessionExpired = () => new AppError(401, 'sessionExpired', { code: ResultCode.sessionExpired });
const unauthenticated = () => new AppError(401, 'status401', { code: ResultCode.unauthorized });

/** Only the API prefixes are guarded; the web app's files and the API documentation are public. */
function guarded(url: string) {
  if (url.startsWith('/cloud-api/docs')) return false;
  return url.startsWith('/cloud-api') || url.startsWith('/uac-api') || url.startsWith('/web/common/download');
}

/**
 * A token checked in the last few seconds is taken as checked: a page load or an upload's chunks make
 * many calls in a row, and each would otherwise read the session, the user and the grants again. A
 * session ended in this process is seen at once (SessionService.revision); with a shared cache
 * (several instances on Redis) one ended on another instance is seen at once too, from the mark it
 * leaves there (one cache read a call); a role change or a disabled user within `cacheMs`
 * (SESSION_CHECK_CACHE_MS).
 */
const AUTH_CACHE_MAX = 10_000;

export const authPlugin = fp<{ sessions: SessionService; users: UserRepository; cacheMs?: number }>(
  async (app: FastifyInstance, { sessions, users, cacheMs = 5000 }) => {
    app.decorateRequest('auth', null);
    const declared: DeclaredRouteAccess[] = [];
    app.decorate('routeAccessList', declared);
    // Each route says who may call it in one place, its `config`; the list lets a test find a route that forgot.
    app.addHook('onRoute', (route) => {
      if (!guarded(route.url) || route.method === 'HEAD') return;
      const config = (route.config ?? {}) as RouteAccess;
      for (const method of ([] as string[]).concat(route.method)) {
        if (method === 'HEAD') continue;
        declared.push({
          method,
          url: route.url,
          auth: config.auth,
          permission: config.permission ? ([] as string[]).concat(config.permission) : [],
          role: config.role ? ([] as string[]).concat(config.role) : [],
        });
      }
    });
    const checked = new Map<string, { auth: AuthContext; until: number; revision: number; ended: string | null }>();

    // Who may call is settled before the body is read or validated: a caller without the permission
    // learns nothing about the route's input rules (403 before any 400).
    app.addHook('onRequest', async (request) => {
      if (!guarded(request.url)) return;
      await identify(request);
      checkGrants(request);
    });

    async function identify(request: FastifyRequest): Promise<void> {
      const access = request.routeOptions.config?.auth ?? 'required';
      const config = request.routeOptions.config;
      const token =
        bearerToken(request) ??
        (config?.tokenCookie ? cookieToken(request) : null) ??
        (config?.tokenQuery ? queryToken(request) : null);
      if (!token) {
        if (access === 'required' && request.is404 !== true) throw unauthenticated();
        return;
      }
      const now = Date.now();
      const hit = checked.get(token);
      const revision = sessions.revision;
      // Read before the session is: a session ended while it is being checked leaves a newer mark.
      // A shared cache that cannot answer (undefined) means no trusting, and checking with the database.
      const ended = cacheMs > 0 && sessions.sharesEndings ? await sessions.endedMark().catch(() => undefined) : null;
      if (hit && hit.until > now && hit.revision === revision && ended !== undefined && hit.ended === ended) {
        request.auth = hit.auth;
        return;
      }
      const check = await sessions.check(token);
      const user = check.ok ? await users.findById(check.session.userId) : undefined;
      if (!check.ok || !user || user.status !== 'enabled') {
        // A token that was valid once but is not now asks the person to sign in again (SPEC 422).
        if (access === 'required') throw sessionExpired();
        return;
      }
      const grants = await users.grantsOf(user.id);
      request.auth = {
        userId: user.id,
        sessionId: check.session.id,
        loginType: check.session.loginType,
        ...grants,
      };
      if (cacheMs > 0 && ended !== undefined) {
        if (checked.size >= AUTH_CACHE_MAX) checked.clear();
        checked.set(token, { auth: request.auth, until: now + cacheMs, revision, ended });
      }
    }

    function checkGrants(request: FastifyRequest): void {
      const { permission, role } = request.routeOptions.config ?? {};
      if (!permission && !role) return;
      const auth = request.auth;
      if (!auth) throw unauthenticated();
      const wantedPermissions = permission ? ([] as string[]).concat(permission) : null;
      const wantedRoles = role ? ([] as string[]).concat(role) : null;
      const allowed =
        (wantedPermissions ? hasAnyPermission(auth, wantedPermissions) : true) &&
        (wantedRoles ? hasAnyRole(auth, wantedRoles) : true);
      if (!allowed) throw AppError.forbidden();
    }
  },
  { name: 'auth', dependencies: ['http-conventions'] },
);

/** The signed-in caller of a route that requires sign-in. */
export function callerOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthenticated();
  return request.auth;
}
