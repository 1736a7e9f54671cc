/**
 * The portal's ECharts theme: the palette starts with the antd primary blue and navy of
 * app/theme.ts (kept in step by hand: charts/ sits below app/ and does not import it), quiet axes
 * and the same CJK font stack, so canvas text matches the page.
 */
export const CHART_FONT_FAMILY =
  '-apple-system, BlinkMacSystemFont, "Segoe UI", "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", "Helvetica Neue", Arial, sans-serif'

/** Series colours: portal blue and navy first, then distinct hues readable on white. */
export const CHART_COLORS = ['#0b5cad', '#3ba0e6', '#f0a030', '#2fb37f', '#e0605c', '#7b61c9', '#0a3d78', '#9bb8d9', '#c9a227', '#8a96a3']

const TEXT = '#4a5563'
const MUTED = '#6b7785'
const LINE = '#c3cbd5'
const SPLIT = '#eef1f5'

export const PORTAL_THEME_NAME = 'portal'

export const portalChartTheme = {
  color: CHART_COLORS,
  backgroundColor: 'transparent',
  textStyle: { fontFamily: CHART_FONT_FAMILY, color: TEXT },
  legend: { textStyle: { color: TEXT }, pageTextStyle: { color: MUTED } },
  tooltip: {
    backgroundColor: 'rgba(255, 255, 255, 0.96)',
    borderColor: '#d9dee5',
    textStyle: { color: '#1f2933', fontFamily: CHART_FONT_FAMILY },
  },
  categoryAxis: {
    axisLine: { show: true, lineStyle: { color: LINE } },
    axisTick: { show: true, lineStyle: { color: LINE } },
    axisLabel: { color: TEXT },
    splitLine: { show: false },
  },
  valueAxis: {
    axisLine: { show: false },
    axisTick: { show: false },
    axisLabel: { color: MUTED },
    splitLine: { show: true, lineStyle: { color: SPLIT } },
    nameTextStyle: { color: MUTED },
  },
  bar: { itemStyle: { borderRadius: 0 } },
  line: { symbolSize: 5, lineStyle: { width: 2 } },
  pie: { itemStyle: { borderColor: '#fff', borderWidth: 1 } },
}
