import type { UIMatch } from 'react-router';
import type { TranslationKey } from '../i18n/i18n';

/** Per-route facts the shell reads: the page title (breadcrumb, tag, document title) and tag pinning. */
export interface RouteHandle {
  titleKey: TranslationKey;
  /** A pinned tag in the tags view that cannot be closed. */
  affix?: boolean;
}

export function handleOf(match: UIMatch): RouteHandle | undefined {
  const handle = match.handle as Partial<RouteHandle> | undefined;
  return handle?.titleKey ? (handle as RouteHandle) : undefined;
}

/** The innermost matched route that names itself: the current page. */
export function currentPage(matches: UIMatch[]): { match: UIMatch; handle: RouteHandle } | undefined {
  for (let i = matches.length - 1; i >= 0; i--) {
    const match = matches[i]!;
    const handle = handleOf(match);
    if (handle) return { match, handle };
  }
  return undefined;
}
