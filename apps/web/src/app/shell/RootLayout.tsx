import { Outlet } from 'react-router';
import { FloatingHelp } from './FloatingHelp';
import { useDocumentTitle, useNavigationProgress, useScrollToTopOnNavigate } from './navigation-effects';

/** Wraps every page: navigation progress, scroll reset, tab title and the floating help menu. */
export function RootLayout() {
  useNavigationProgress();
  useScrollToTopOnNavigate();
  useDocumentTitle();
  return (
    <>
      <Outlet />
      <FloatingHelp />
    </>
  );
}
