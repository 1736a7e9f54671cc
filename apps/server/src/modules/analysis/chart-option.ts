import type { AnalysisFigure } from '@rs/shared'
import type { BarSeriesOption, LineSeriesOption, PieSeriesOption } from 'echarts/charts'
import type { GridComponentOption, LegendComponentOption } from 'echarts/components'
import type { ComposeOption } from 'echarts/core'

/** The option shape the portal's charts use (only the registered chart kinds and components). */
export type PortalChartOption = ComposeOption<
  BarSeriesOption | LineSeriesOption | PieSeriesOption | GridComponentOption | LegendComponentOption
>

// ---------------------------------------------------------------------------------------------
// Theme: the palette starts with the antd primary blue and navy of apps/web/src/app/theme.ts
// (kept in step by hand), quiet axes, and a CJK font stack for the browsers that show the SVG.
// ---------------------------------------------------------------------------------------------

/**
 * Font stack of the chart images. Single quotes only: zrender writes it unescaped into a
 * double-quoted style attribute, where a double quote would end the attribute and break the SVG.
 */
export const CHART_FONT_FAMILY = "'Noto Sans CJK SC', 'PingFang SC', 'Microsoft YaHei', sans-serif"

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
  legend: { textStyle: { color: TEXT } },
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

// ---------------------------------------------------------------------------------------------
// Sizes. The image is drawn at about the width the web shows it at on a wide screen (content
// 1200 px: a card body of about 1100 px), so its text keeps the theme's 12 px there; the web
// scales it to the card (viewBox) on narrower screens.
// ---------------------------------------------------------------------------------------------

/** Axis font size in px (the theme's default). */
const FONT_PX = 12
/** Longest category label on a horizontal axis, in em (a CJK character is one em). */
export const MAX_AXIS_LABEL_EM = 8
/** Longest category label beside a horizontal bar chart, in em. */
export const MAX_SIDE_LABEL_EM = 12
/** Longest pie label, in em. */
export const MAX_PIE_LABEL_EM = 12
const ROTATE_DEGREES = 40
/** Tallest chart in px: long horizontal bar lists get thinner bars instead. */
export const MAX_CHART_HEIGHT = 1000
/** Width of a chart that has the whole card body (its table goes under it). */
export const FULL_CHART_WIDTH = 1100
/** Narrowest chart drawn beside its table. */
export const MIN_BESIDE_CHART_WIDTH = 560
/** Room the value axis and margins take from a chart's width, in px. */
const VALUE_AXIS_PX = 64
/** Height of a pie, and of a bar or line chart before a legend or tilted labels add to it. */
const PIE_HEIGHT = 340
const CARTESIAN_HEIGHT = 360
/** One legend row, in px. */
const LEGEND_ROW_PX = 24

// The web puts a figure's table beside the chart when it is at most BESIDE_TABLE_MAX_PX wide
// (apps/web/src/features/analysis/utils/table-layout.ts); the same estimate sizes the chart here.
const TABLE_FONT_PX = 14
const TABLE_CELL_PADDING_PX = 16
const TABLE_SORTER_EM = 1.6
const BESIDE_TABLE_MAX_PX = 500
const BESIDE_GAP_PX = 24

/** The plot width of a chart drawn `chartWidth` px wide (what the value axis and margins leave). */
export function plotWidthOf(chartWidth: number): number {
  return Math.max(chartWidth - VALUE_AXIS_PX, 120)
}

/** Width of a text in em: CJK and full-width characters count one, others about half. */
export function textEm(text: string): number {
  let em = 0
  for (const char of text) em += (char.codePointAt(0) ?? 0) > 0x2e7f ? 1 : 0.55
  return em
}

/** Cuts a label to at most maxEm (ellipsis included); the table keeps the full text. */
export function truncateLabel(text: string, maxEm: number): string {
  if (textEm(text) <= maxEm) return text
  let out = ''
  let em = 0
  for (const char of text) {
    const w = textEm(char)
    if (em + w > maxEm - 1) break
    out += char
    em += w
  }
  return `${out}…`
}

/** A number as people read it in Chinese pages (thousands separators). */
export function formatNumber(value: unknown): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '—'
  return value.toLocaleString('zh-CN', { maximumFractionDigits: 2 })
}

function numberOrNull(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null
}

function columnOf(figure: AnalysisFigure, key: string) {
  return figure.columns.find((c) => c.key === key) ?? { key, title: key, unit: undefined }
}

/** The category labels of a figure, in row order. */
export function figureCategories(figure: AnalysisFigure): string[] {
  return figure.rows.map((row) => {
    const value = row[figure.x]
    return value === null || value === undefined ? '' : String(value)
  })
}

/** How wide the figure's table is without wrapping, in px (the web's estimate, see above). */
export function tableNaturalWidth(figure: Pick<AnalysisFigure, 'columns' | 'rows'>): number {
  return figure.columns.reduce((sum, column) => {
    const numeric =
      figure.rows.some((r) => typeof r[column.key] === 'number') && figure.rows.every((r) => typeof r[column.key] !== 'string')
    const heading = column.unit ? `${column.title}（${column.unit}）` : column.title
    const cellEm = Math.max(
      0,
      ...figure.rows.map((row) => {
        const value = row[column.key]
        return textEm(numeric ? formatNumber(value) : value === null || value === undefined ? '—' : String(value))
      }),
    )
    return sum + Math.max(textEm(heading) + (numeric ? TABLE_SORTER_EM : 0), cellEm) * TABLE_FONT_PX + TABLE_CELL_PADDING_PX
  }, 0)
}

/** Width in px to draw a figure at: what the card leaves beside a narrow table, or the whole card body. */
export function figureChartWidth(figure: AnalysisFigure): number {
  const table = tableNaturalWidth(figure)
  if (table > BESIDE_TABLE_MAX_PX) return FULL_CHART_WIDTH
  return Math.max(Math.round(FULL_CHART_WIDTH - BESIDE_GAP_PX - table), MIN_BESIDE_CHART_WIDTH)
}

/** How many rows a plain legend of these names takes in `width` px (symbol, gap and text per item). */
export function legendRows(names: string[], width: number): number {
  const available = width - 2 * 16
  let rows = 1
  let used = 0
  for (const name of names) {
    const item = 14 + 5 + textEm(name) * FONT_PX + 10
    if (used > 0 && used + item > available) {
      rows += 1
      used = 0
    }
    used += item
  }
  return rows
}

/** How a category axis below the plot shows its labels: flat and whole, flat and cut, thinned, or tilted and cut. */
export interface CategoryLabelLayout {
  rotate: number
  interval: number | 'auto'
  /** Longest label in em; longer ones end with an ellipsis. */
  maxEm: number
}

/** Chooses the label layout of a category axis from the labels and the width they share. */
export function categoryLabelLayout(categories: string[], plotWidth: number): CategoryLabelLayout {
  if (categories.length === 0) return { rotate: 0, interval: 0, maxEm: MAX_AXIS_LABEL_EM }
  const fullEm = Math.max(...categories.map(textEm))
  const slot = plotWidth / categories.length
  if (fullEm * FONT_PX + 8 <= slot) return { rotate: 0, interval: 0, maxEm: Math.ceil(fullEm) }
  const cutPx = Math.min(fullEm, MAX_AXIS_LABEL_EM) * FONT_PX
  if (cutPx + 8 <= slot) return { rotate: 0, interval: 0, maxEm: MAX_AXIS_LABEL_EM }
  // short labels such as years: let ECharts skip some instead of tilting them
  if (cutPx <= 3 * FONT_PX) return { rotate: 0, interval: 'auto', maxEm: MAX_AXIS_LABEL_EM }
  // tilted labels need about 1.6 lines of height each to stay apart
  return { rotate: ROTATE_DEGREES, interval: slot >= FONT_PX * 1.6 ? 0 : 'auto', maxEm: MAX_AXIS_LABEL_EM }
}

/** Vertical room in px the tilted labels of a category axis take beyond flat ones. */
function tiltedLabelsPx(categories: string[], layout: CategoryLabelLayout): number {
  if (layout.rotate === 0) return 0
  const longest = Math.max(0, ...categories.map((c) => textEm(truncateLabel(c, layout.maxEm))))
  return Math.round(longest * FONT_PX * Math.sin((layout.rotate * Math.PI) / 180))
}

/** Size in px that shows a figure well: pies and cartesian charts by kind, horizontal bars grow with their rows. */
export function figureChartSize(figure: AnalysisFigure): { width: number; height: number } {
  const width = figureChartWidth(figure)
  if (figure.chart === 'pie') return { width, height: PIE_HEIGHT }
  const legend = figure.series.length > 1 ? (legendRows(seriesNames(figure), width) - 1) * LEGEND_ROW_PX : 0
  if (figure.chart === 'horizontalBar') {
    return { width, height: Math.min(Math.max(figure.rows.length * 26 + 56, 240) + legend, MAX_CHART_HEIGHT) }
  }
  const categories = figureCategories(figure)
  const tilted = tiltedLabelsPx(categories, categoryLabelLayout(categories, plotWidthOf(width)))
  return { width, height: CARTESIAN_HEIGHT + legend + tilted }
}

function seriesNames(figure: AnalysisFigure): string[] {
  return figure.series.map((key) => columnOf(figure, key).title)
}

function pieOption(figure: AnalysisFigure): PortalChartOption {
  const column = columnOf(figure, figure.series[0] ?? '')
  const categories = figureCategories(figure)
  const data = figure.rows
    .map((row, i) => ({ name: categories[i] ?? '', value: numberOrNull(row[column.key]) }))
    .filter((d): d is { name: string; value: number } => d.value !== null && d.value > 0)
  return {
    animation: false,
    legend: { show: false },
    series: [
      {
        type: 'pie',
        name: column.title,
        radius: ['36%', '66%'],
        center: ['50%', '52%'],
        avoidLabelOverlap: true,
        minShowLabelAngle: 4,
        percentPrecision: 1,
        label: {
          formatter: (p) => `${truncateLabel(p.name, MAX_PIE_LABEL_EM)}\n${p.percent ?? 0}%`,
          lineHeight: 16,
        },
        labelLine: { length: 10, length2: 8 },
        data,
      },
    ],
  }
}

/**
 * The ECharts option of one analysis figure drawn `width` px wide: `series` columns against the
 * `x` column, as the figure's chart kind says. Pure (no DOM, no ECharts instance), so it is
 * unit-tested; chart-svg.ts renders it. No tooltip: the chart is a still image, the table beside
 * it carries the exact numbers.
 */
export function figureToOption(figure: AnalysisFigure, width = figureChartWidth(figure)): PortalChartOption {
  if (figure.chart === 'pie') return pieOption(figure)

  const categories = figureCategories(figure)
  const columns = figure.series.map((key) => columnOf(figure, key))
  const hasLegend = columns.length > 1
  const units = [...new Set(columns.map((c) => c.unit).filter(Boolean))]
  const valueAxisName = units.length === 1 ? units[0] : undefined
  const isHorizontal = figure.chart === 'horizontalBar'
  const isStacked = figure.chart === 'stackedBar'
  const isLine = figure.chart === 'line'

  const series = columns.map((column): BarSeriesOption | LineSeriesOption => {
    const data = figure.rows.map((row) => numberOrNull(row[column.key]))
    if (isLine) {
      return { type: 'line', name: column.title, data, showSymbol: categories.length <= 30, connectNulls: false }
    }
    return {
      type: 'bar',
      name: column.title,
      data,
      barMaxWidth: isHorizontal ? 22 : 36,
      ...(isStacked ? { stack: 'total' } : {}),
      ...(isHorizontal && !hasLegend
        ? { label: { show: true, position: 'right' as const, formatter: (p: { value: unknown }) => formatNumber(p.value) } }
        : {}),
    }
  })

  const valueAxis = {
    type: 'value' as const,
    name: valueAxisName,
    axisLabel: { formatter: (v: number) => formatNumber(v) },
  }

  // a plain legend wraps onto more rows (a still image cannot page a scrolling one)
  const legendHeight = hasLegend ? legendRows(seriesNames(figure), width) * LEGEND_ROW_PX : 0
  const legend: LegendComponentOption = hasLegend
    ? { type: 'plain', top: 4, left: 'center', width: width - 32, itemWidth: 14, itemHeight: 10, itemGap: 10 }
    : { show: false }
  // the value axis name sits above the plot: keep it clear of the legend rows
  const nameRow = valueAxisName && !isHorizontal ? 24 : 0
  const top = (hasLegend ? legendHeight + 12 : 12) + nameRow

  if (isHorizontal) {
    return {
      animation: false,
      legend,
      grid: { left: 8, right: hasLegend ? 24 : 56, top, bottom: 12 },
      xAxis: { ...valueAxis, name: undefined },
      yAxis: {
        type: 'category',
        data: categories,
        inverse: true,
        axisTick: { alignWithLabel: true },
        axisLabel: { interval: 0, formatter: (v: string) => truncateLabel(v, MAX_SIDE_LABEL_EM) },
      },
      series,
    }
  }

  const layout = categoryLabelLayout(categories, plotWidthOf(width))
  return {
    animation: false,
    legend,
    grid: { left: 8, right: 24, top, bottom: 12 },
    xAxis: {
      type: 'category',
      data: categories,
      boundaryGap: !isLine,
      axisTick: { alignWithLabel: true },
      axisLabel: {
        rotate: layout.rotate,
        interval: layout.interval,
        formatter: (v: string) => truncateLabel(v, layout.maxEm),
      },
    },
    yAxis: valueAxis,
    series,
  }
}
