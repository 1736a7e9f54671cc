import type { ThemeConfig } from 'antd'

/** Sober government-portal blue. */
export const PORTAL_BLUE = '#0b5cad'
export const PORTAL_NAVY = '#0a3d78'

export const portalTheme: ThemeConfig = {
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
