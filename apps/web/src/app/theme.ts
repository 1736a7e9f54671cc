import type { ThemeConfig } from 'antd'

/** Sober government-portal blue. */
export const PORTAL_BLUE = '#0b5cad'
export const PORTAL_NAVY = '#0a3d78'

export const portalTheme: ThemeConfig = {
  // components' rules come from antd's prebuilt stylesheet (main.tsx imports antd/dist/antd.css); the
  // browser makes none at run time. The theme's values are CSS variables under their own key: the
  // prebuilt sheet carries the default theme under antd's generated keys (.css-var-_R_0_…), which must
  // not match ours
  zeroRuntime: true,
  cssVar: { key: 'rs-portal' },
  token: {
    colorPrimary: PORTAL_BLUE,
    colorInfo: PORTAL_BLUE,
    colorLink: PORTAL_BLUE,
    borderRadius: 4,
    fontFamily:
      '-apple-system, BlinkMacSystemFont, "Segoe UI", "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", "Helvetica Neue", Arial, sans-serif',
  },
  components: {
    Menu: {
      darkItemBg: PORTAL_NAVY,
      darkSubMenuItemBg: PORTAL_NAVY,
      darkPopupBg: '#0d4a8f',
      darkItemSelectedBg: '#1c6fd0',
      darkItemHoverBg: '#14559f',
      darkItemColor: 'rgba(255, 255, 255, 0.9)',
      darkItemHoverColor: '#ffffff',
      horizontalItemSelectedBg: '#1c6fd0',
      itemHeight: 48,
    },
    Layout: { headerBg: PORTAL_NAVY },
  },
}
