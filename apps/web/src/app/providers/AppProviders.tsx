import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { type ReactNode, useEffect, useMemo } from 'react';
import { useSettings } from '../../stores/settings-store';
import { useReducedMotion } from '../motion/use-reduced-motion';
import { buildTheme } from '../theme';
import { RequestUiBridge } from './RequestUiBridge';

const queryClient = new QueryClient({
  defaultOptions: {
    // The request client already tells the user what went wrong; retrying would repeat the toast.
    queries: { retry: false, refetchOnWindowFocus: false },
  },
});

/** Two-character Chinese labels stay as written (注册, not 注 册), like the rest of the text. */
const BUTTON_CONFIG = { autoInsertSpace: false };

/** Mirrors the theme colour into a CSS variable for plain CSS (logo, progress bar, home page). */
function useThemeColourVariable(colour: string) {
  useEffect(() => {
    document.documentElement.style.setProperty('--kerf-primary', colour);
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', colour);
  }, [colour]);
}

/** Date pickers take month and weekday names from dayjs, which follows the app's language. */
function useDayjsLocale(locale: string) {
  useEffect(() => {
    dayjs.locale(locale === 'en' ? 'en' : 'zh-cn');
  }, [locale]);
}

export function AppProviders({ children }: { children: ReactNode }) {
  const locale = useSettings((s) => s.locale);
  useDayjsLocale(locale);
  const colour = useSettings((s) => s.layout.theme);
  const reducedMotion = useReducedMotion();
  const theme = useMemo(() => buildTheme(colour, !reducedMotion), [colour, reducedMotion]);
  useThemeColourVariable(colour);
  return (
    <ConfigProvider locale={locale === 'en' ? enUS : zhCN} theme={theme} button={BUTTON_CONFIG}>
      <AntdApp>
        <RequestUiBridge />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </AntdApp>
    </ConfigProvider>
  );
}
