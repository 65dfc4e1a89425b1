import { API_PREFIX, ERROR_TOAST_SECONDS } from '@kerf/contract';
import { type LoaderFunctionArgs, redirect } from 'react-router';
import { toastError } from '../../api/request';
import { sessionStore } from '../../stores/session-store';
import { preRoute } from './pre-route';
import { isPublicPath } from './public-routes';
import { createSessionGuards } from './session-guards';

/** What a guard knows about the navigation; paths are app paths without the /web prefix. */
export interface GuardContext {
  pathname: string;
  /** Pathname, query and hash: what to come back to after signing in (SPEC §2 preRoute). */
  fullPath: string;
  isPublic: boolean;
  userAgent: string;
}

/** A guard returns an app path to redirect to, or nothing to let the navigation through. */
export type RouteGuard = (context: GuardContext) => string | undefined | Promise<string | undefined>;

/**
 * The guards every navigation passes, in order; the first redirect wins. Today these are the session
 * rules of SPEC §2 (see session-guards.ts); later guards (e.g. per-route permissions) go after them.
 */
export const routeGuards: RouteGuard[] = createSessionGuards({
  session: sessionStore,
  preRoute,
  showError: (message) => toastError(message, ERROR_TOAST_SECONDS),
});

export async function runGuards(guards: readonly RouteGuard[], context: GuardContext): Promise<string | undefined> {
  for (const guard of guards) {
    const target = await guard(context);
    if (target !== undefined && target !== context.fullPath) return target;
  }
  return undefined;
}

/** Strips the router basename so guards reason about app paths. */
export function toAppPath(pathname: string, base = API_PREFIX.web): string {
  const root = base.replace(/\/$/, '');
  if (pathname === root) return '/';
  return pathname.startsWith(`${root}/`) ? pathname.slice(root.length) : pathname;
}

/**
 * The root route's loader, re-run on every navigation (the root route's shouldRevalidate returns
 * true), so the progress bar covers the guard and the lazy page load together.
 */
export async function routeGuardLoader({ request }: LoaderFunctionArgs): Promise<null> {
  const url = new URL(request.url);
  const pathname = toAppPath(url.pathname);
  const target = await runGuards(routeGuards, {
    pathname,
    fullPath: `${pathname}${url.search}${url.hash}`,
    isPublic: isPublicPath(pathname),
    userAgent: typeof navigator === 'undefined' ? '' : navigator.userAgent,
  });
  if (target !== undefined) throw redirect(target);
  return null;
}
