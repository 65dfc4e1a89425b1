import { isShownByClient, messageOf } from '../../api/request';
import type { SessionStore } from '../../stores/session-store';
import type { PreRoute } from './pre-route';
import type { GuardContext, RouteGuard } from './route-guard';
import { isPhoneUserAgent } from './user-agent';

export const LOGIN_PATH = '/login';
export const MOBILE_LOGIN_PATH = '/mobile/login';
/** Where a signed-in person lands (SPEC §2: a signed-in user visiting /login goes here). */
export const SIGNED_IN_HOME = '/workbench?fileType=0';

/** The login page that suits the device: /mobile/login on phone-type user agents (SPEC §2). */
export function loginPathFor(userAgent: string): string {
  return isPhoneUserAgent(userAgent) ? MOBILE_LOGIN_PATH : LOGIN_PATH;
}

const LOGIN_PAGES = new Set([LOGIN_PATH, MOBILE_LOGIN_PATH]);

export interface SessionGuardDeps {
  session: Pick<SessionStore, 'isSignedIn' | 'getState' | 'loadPermissions' | 'logout'>;
  preRoute: Pick<PreRoute, 'save'>;
  /** Tells the person why they are back at the login page. */
  showError(message: string): void;
}

/**
 * The three session rules of SPEC §2 "Guard behaviour", in order:
 * 1. a signed-in person opening a login page goes to the workbench;
 * 2. without a token, a non-public path goes to the login page (phone or desktop), remembering preRoute;
 * 3. signed in and permissions not loaded yet: load user, permissions and menu; when that fails, sign
 *    out, show the error and go to the login page.
 */
export function createSessionGuards({ session, preRoute, showError }: SessionGuardDeps): RouteGuard[] {
  const leaveLoginWhenSignedIn: RouteGuard = ({ pathname }) =>
    LOGIN_PAGES.has(pathname.replace(/\/+$/, '') || '/') && session.isSignedIn() ? SIGNED_IN_HOME : undefined;

  const requireSignIn: RouteGuard = ({ isPublic, fullPath, userAgent }) => {
    if (isPublic || session.isSignedIn()) return undefined;
    preRoute.save(fullPath);
    return loginPathFor(userAgent);
  };

  const loadPermissionsOnce: RouteGuard = async ({ isPublic, fullPath, userAgent }: GuardContext) => {
    if (!session.isSignedIn() || session.getState().permissionsLoaded) return undefined;
    try {
      await session.loadPermissions();
      return undefined;
    } catch (error) {
      if (!isShownByClient(error)) showError(messageOf(error));
      await session.logout();
      if (!isPublic) preRoute.save(fullPath);
      return loginPathFor(userAgent);
    }
  };

  return [leaveLoginWhenSignedIn, requireSignIn, loadPermissionsOnce];
}
