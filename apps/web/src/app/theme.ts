import type { ThemeConfig } from 'antd';

/** Slate rather than antd's navy, closer to the admin look users of this field know. */
export const SIDEBAR_DARK_BG = '#1d2633';
const SIDEBAR_DARK_SUB_BG = '#161e29';

/**
 * The antd theme: the chosen theme colour as colorPrimary (SPEC §1), plus the layout's fixed tones.
 * `motion` false (the person asked their system for reduced motion) turns off antd's opening, closing
 * and sliding animations: dialogs, drawers, menus and lists appear at once.
 */
export function buildTheme(colorPrimary: string, motion = true): ThemeConfig {
  return {
    token: {
      motion,
      colorPrimary,
      colorLink: colorPrimary,
      borderRadius: 6,
      fontFamily:
        "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Helvetica Neue', Arial, sans-serif",
    },
    components: {
      Layout: {
        siderBg: SIDEBAR_DARK_BG,
        headerBg: '#ffffff',
        headerHeight: 50,
        headerPadding: '0 12px',
        bodyBg: '#f2f4f7',
        lightSiderBg: '#ffffff',
      },
      Menu: {
        darkItemBg: SIDEBAR_DARK_BG,
        darkSubMenuItemBg: SIDEBAR_DARK_SUB_BG,
        darkPopupBg: SIDEBAR_DARK_BG,
        itemBorderRadius: 6,
      },
    },
  };
}
