/**
 * Paths anyone may open without signing in (SPEC §2 "Public routes"), as app paths without the
 * /web prefix. The usage-help page is public too, because the floating help menu on the public
 * pages links to it; so is the chat-app sign-in's return address, part of signing in.
 */
export const PUBLIC_PATHS: readonly string[] = [
  '/',
  '/home',
  '/login',
  '/login/wechat',
  '/mobile/login',
  '/register',
  '/forget',
  '/feedback',
  '/design',
  '/design3',
  '/workbench',
  '/pluginsManage',
  '/plugin',
  '/help',
];

/** Public path families: a shared file's page is /share/{code}, a manual chapter /help/{chapter}. */
export const PUBLIC_PREFIXES: readonly string[] = ['/share/', '/help/'];

export function isPublicPath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return PUBLIC_PATHS.includes(path) || PUBLIC_PREFIXES.some((prefix) => path.startsWith(prefix));
}
