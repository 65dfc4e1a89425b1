import { API_PREFIX } from '@kerf/contract';
import { createBrowserRouter, type RouteObject, redirect } from 'react-router';
import { NotFoundPage } from '../features/system/not-found/NotFoundPage';
import { routeGuardLoader } from './guards/route-guard';
import type { RouteHandle } from './route-handle';
import { BootFallback } from './shell/BootFallback';
import { RootLayout } from './shell/RootLayout';
import { RouteErrorPage } from './shell/RouteErrorPage';

const handle = (h: RouteHandle) => h;

const homePage = async () => ({ Component: (await import('../features/home/HomePage')).HomePage });
const designPage = async () => ({ Component: (await import('../features/design/DesignPage')).DesignPage });
const loginPage = async () => ({ Component: (await import('../features/auth/LoginPage')).LoginPage });
const craftPages = () => import('../features/craft/CraftPage');
const activatePage = async () => ({
  Component: (await import('../features/devices/activation/ActivatePage')).ActivatePage,
});

/**
 * All routes live under /web/ in history mode (SPEC §2). Pages load lazily; the root route runs the
 * guards on every navigation. Sign-in pages stand alone; signed-in screens sit in the admin layout.
 * Screens of later issues (drive, devices…) are added here.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    ErrorBoundary: RouteErrorPage,
    HydrateFallback: BootFallback,
    loader: routeGuardLoader,
    shouldRevalidate: () => true,
    children: [
      { index: true, lazy: homePage, handle: handle({ titleKey: 'route.home' }) },
      { path: 'home', lazy: homePage, handle: handle({ titleKey: 'route.home' }) },
      { path: 'login', lazy: loginPage, handle: handle({ titleKey: 'route.login' }) },
      {
        path: 'mobile/login',
        lazy: async () => ({ Component: (await import('../features/auth/MobileLoginPage')).MobileLoginPage }),
        handle: handle({ titleKey: 'route.login' }),
      },
      {
        path: 'login/wechat',
        lazy: async () => ({ Component: (await import('../features/auth/WechatCallbackPage')).WechatCallbackPage }),
        handle: handle({ titleKey: 'route.wechatLogin' }),
      },
      {
        path: 'register',
        lazy: async () => ({ Component: (await import('../features/auth/RegisterPage')).RegisterPage }),
        handle: handle({ titleKey: 'route.register' }),
      },
      {
        path: 'forget',
        lazy: async () => ({ Component: (await import('../features/auth/ForgetPasswordPage')).ForgetPasswordPage }),
        handle: handle({ titleKey: 'route.forget' }),
      },
      {
        path: 'share/:code',
        lazy: async () => ({ Component: (await import('../features/share/public/SharePage')).SharePage }),
        handle: handle({ titleKey: 'route.share' }),
      },
      {
        // a shared PDF in the app's own viewer (a new tab); public like the share page itself
        path: 'share/:code/pdf',
        lazy: async () => ({ Component: (await import('../features/viewers/pdf/PdfViewerPage')).SharedPdfPage }),
        handle: handle({ titleKey: 'viewers.route.pdf' }),
      },
      {
        // SPEC §9 "pdf opens in a new tab": a full-window viewer, without the admin layout around it
        path: 'pdf',
        lazy: async () => ({ Component: (await import('../features/viewers/pdf/PdfViewerPage')).PdfViewerPage }),
        handle: handle({ titleKey: 'viewers.route.pdf' }),
      },
      {
        path: 'onlyoffice',
        lazy: async () => ({
          Component: (await import('../features/viewers/onlyoffice/OnlyOfficePage')).OnlyOfficePage,
        }),
        handle: handle({ titleKey: 'viewers.route.onlyoffice' }),
      },
      // the design editor fills the window, without the admin layout (SPEC §2: public)
      ...['design', 'design3'].map((path) => ({
        path,
        lazy: designPage,
        handle: handle({ titleKey: 'route.design' }),
      })),
      {
        lazy: async () => ({ Component: (await import('./layout/AdminLayout')).AdminLayout }),
        children: [
          {
            path: 'workbench',
            lazy: async () => ({ Component: (await import('../features/workbench/WorkbenchPage')).WorkbenchPage }),
            handle: handle({ titleKey: 'route.workbench', affix: true }),
          },
          {
            path: 'account',
            lazy: async () => ({ Component: (await import('../features/account/AccountPage')).AccountPage }),
            handle: handle({ titleKey: 'route.account' }),
          },
          {
            // SPEC §2 /craft with children standard and personal: two tabs of one page
            path: 'craft',
            handle: handle({ titleKey: 'craft.route.title' }),
            children: [
              // the bare address opens the standard library, keeping any filters it carried
              { index: true, loader: ({ request }) => redirect(`/craft/standard${new URL(request.url).search}`) },
              {
                path: 'standard',
                lazy: async () => ({ Component: (await craftPages()).StandardCraftPage }),
                handle: handle({ titleKey: 'craft.route.standard' }),
              },
              {
                path: 'personal',
                lazy: async () => ({ Component: (await craftPages()).PersonalCraftPage }),
                handle: handle({ titleKey: 'craft.route.personal' }),
              },
            ],
          },
          {
            path: 'device',
            handle: handle({ titleKey: 'devices.route.list' }),
            children: [
              {
                index: true,
                lazy: async () => ({ Component: (await import('../features/devices/list/DevicesPage')).DevicesPage }),
              },
              {
                path: 'detail',
                lazy: async () => ({
                  Component: (await import('../features/devices/detail/DeviceDetailPage')).DeviceDetailPage,
                }),
                handle: handle({ titleKey: 'devices.route.detail' }),
              },
            ],
          },
          {
            // SPEC §2 /activate with children query, bind and change: three tabs of one page
            path: 'activate',
            handle: handle({ titleKey: 'activation.route.title' }),
            children: [
              // the bare address (a label's QR link carries ?code=) opens the query tab with it
              { index: true, loader: ({ request }) => redirect(`/activate/query${new URL(request.url).search}`) },
              ...(['query', 'bind', 'change'] as const).map((tab) => ({
                path: tab,
                lazy: activatePage,
                handle: handle({ titleKey: `activation.route.${tab}` }),
              })),
            ],
          },
          {
            // SPEC §2 /store (the recommended page) with children gallery and record
            path: 'store',
            handle: handle({ titleKey: 'store.route.recommend' }),
            children: [
              {
                index: true,
                lazy: async () => ({
                  Component: (await import('../features/store/gallery/RecommendedPage')).RecommendedPage,
                }),
              },
              {
                path: 'gallery',
                lazy: async () => ({ Component: (await import('../features/store/gallery/GalleryPage')).GalleryPage }),
                handle: handle({ titleKey: 'store.route.gallery' }),
              },
              {
                path: 'record',
                lazy: async () => ({ Component: (await import('../features/store/record/RecordPage')).RecordPage }),
                handle: handle({ titleKey: 'store.route.record' }),
              },
            ],
          },
          {
            path: 'trade',
            lazy: async () => ({ Component: (await import('../features/store/trade/TradePage')).TradePage }),
            handle: handle({ titleKey: 'store.route.trade' }),
          },
          {
            path: 'databoard',
            lazy: async () => ({
              Component: (await import('../features/devices/databoard/DataboardPage')).DataboardPage,
            }),
            handle: handle({ titleKey: 'databoard.route.title' }),
          },
          {
            // SPEC §2 /sysm: system management, one sub-route per screen
            path: 'sysm',
            handle: handle({ titleKey: 'system.route.title' }),
            lazy: async () => ({ Component: (await import('../features/system/SysmLayout')).SysmLayout }),
            children: [
              // the first screen the caller's menu offers
              {
                index: true,
                lazy: async () => ({ Component: (await import('../features/system/SysmLayout')).SysmIndex }),
              },
              {
                path: 'user',
                lazy: async () => ({ Component: (await import('../features/system/user/UserPage')).UserPage }),
                handle: handle({ titleKey: 'system.route.user' }),
              },
              {
                path: 'role',
                lazy: async () => ({ Component: (await import('../features/system/role/RolePage')).RolePage }),
                handle: handle({ titleKey: 'system.route.role' }),
              },
              {
                path: 'menu',
                lazy: async () => ({ Component: (await import('../features/system/menu/MenuPage')).MenuPage }),
                handle: handle({ titleKey: 'system.route.menu' }),
              },
              {
                path: 'config',
                lazy: async () => ({ Component: (await import('../features/system/config/ConfigPage')).ConfigPage }),
                handle: handle({ titleKey: 'system.route.config' }),
              },
              {
                path: 'logininfor',
                lazy: async () => ({
                  Component: (await import('../features/system/logininfor/LoginLogPage')).LoginLogPage,
                }),
                handle: handle({ titleKey: 'system.route.logininfor' }),
              },
              {
                path: 'online',
                lazy: async () => ({ Component: (await import('../features/system/online/OnlinePage')).OnlinePage }),
                handle: handle({ titleKey: 'system.route.online' }),
              },
              {
                path: 'dict',
                lazy: async () => ({ Component: (await import('../features/system/dict/DictPage')).DictPage }),
                handle: handle({ titleKey: 'system.route.dict' }),
              },
              {
                path: 'feedback',
                lazy: async () => ({
                  Component: (await import('../features/support/feedback/TriagePage')).TriagePage,
                }),
                handle: handle({ titleKey: 'system.route.feedback' }),
              },
              {
                path: 'operlog',
                lazy: async () => ({ Component: (await import('../features/system/operlog/OperLogPage')).OperLogPage }),
                handle: handle({ titleKey: 'system.route.operlog' }),
              },
              {
                path: 'support',
                lazy: async () => ({
                  Component: (await import('../features/support/console/SupportConsolePage')).SupportConsolePage,
                }),
                handle: handle({ titleKey: 'system.route.support' }),
              },
            ],
          },
          {
            // SPEC §2 /feedback: public; signed in, it also lists my feedback and its replies
            path: 'feedback',
            lazy: async () => ({
              Component: (await import('../features/support/feedback/FeedbackPage')).FeedbackPage,
            }),
            handle: handle({ titleKey: 'supportFeedback.route.title' }),
          },
          {
            // SPEC §2 /plugin (public): one plugin on a page of its own, or the list to pick from
            path: 'plugin',
            lazy: async () => ({ Component: (await import('../features/plugins/run/PluginRunPage')).PluginRunPage }),
            handle: handle({ titleKey: 'plugin-run.route.title' }),
          },
          {
            // SPEC §2 /pluginsManage (public): browse plugins; signed in, install and manage mine; publishers publish
            path: 'pluginsManage',
            lazy: async () => ({
              Component: (await import('../features/plugins/manage/PluginsManagePage')).PluginsManagePage,
            }),
            handle: handle({ titleKey: 'plugins-manage.route.title' }),
          },
          {
            path: 'help',
            lazy: async () => ({ Component: (await import('../features/help/HelpPage')).HelpPage }),
            handle: handle({ titleKey: 'route.help' }),
          },
          {
            path: 'help/:chapter',
            lazy: async () => ({ Component: (await import('../features/help/HelpPage')).HelpPage }),
            handle: handle({ titleKey: 'route.help' }),
          },
        ],
      },
      {
        path: '*',
        // Not lazy: the error page shows it too, and it must work when chunks fail to load.
        Component: NotFoundPage,
        handle: handle({ titleKey: 'route.notFound' }),
      },
    ],
  },
];

export const router = createBrowserRouter(routes, { basename: API_PREFIX.web });
