import NProgress from 'nprogress';
import { useEffect, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useMatches, useNavigation } from 'react-router';
import { useSettings } from '../../stores/settings-store';
import { currentPage } from '../route-handle';

NProgress.configure({ showSpinner: false, trickleSpeed: 120, minimum: 0.15 });

export const startProgress = () => NProgress.start();

/** The bar runs while the router is busy: the guard loader plus the lazy page chunk (SPEC §2). */
export function useNavigationProgress() {
  const { state } = useNavigation();
  useEffect(() => {
    if (state === 'idle') NProgress.done();
    else NProgress.start();
  }, [state]);
}

/** Every navigation starts at the top of the page (SPEC §2), including query-only changes. */
export function useScrollToTopOnNavigate() {
  const { key } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location key is the trigger, not an input
  useLayoutEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [key]);
}

/** With "dynamic title" on, the tab reads "<page> - Kerf"; otherwise the product name. */
export function useDocumentTitle() {
  const matches = useMatches();
  const dynamic = useSettings((s) => s.layout.dynamicTitle);
  const { t } = useTranslation();
  const page = currentPage(matches);
  const title = dynamic && page ? `${t(page.handle.titleKey)} - Kerf` : t('app.documentTitle');
  useEffect(() => {
    document.title = title;
  }, [title]);
}
