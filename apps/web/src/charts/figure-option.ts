import type { AnalysisFigure } from '@rs/shared'
import type { BarSeriesOption, LineSeriesOption, PieSeriesOption } from 'echarts/charts'
import type { GridComponentOption, LegendComponentOption, TooltipComponentOption } from 'echarts/components'
import type { ComposeOption } from 'echarts/core'

/** The option shape the portal's charts use (only the registered chart kinds and components). */
export type PortalChartOption = ComposeOption<
  BarSeriesOption | LineSeriesOption | PieSeriesOption | GridComponentOption | LegendComponentOption | TooltipComponentOption
>

export interface FigureOptionSettings {
  /** Width in px the category axis can use; decides whether its labels are rotated. */
  plotWidth?: number
}

/** The plot width of a chart drawn `chartWidth` px wide (what the value axis and margins leave). */
export function plotWidthOf(chartWidth: number): number {
  return Math.max(chartWidth - VALUE_AXIS_PX, 120)
}

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
const DEFAULT_PLOT_WIDTH = 560
/** Room the value axis and margins take from a chart's width, in px. */
const VALUE_AXIS_PX = 64

/** Width of a text in em: CJK and full-width characters count one, others about half. */
export function textEm(text: string): number {
  let em = 0
  for (const char of text) em += (char.codePointAt(0) ?? 0) > 0x2e7f ? 1 : 0.55
  return em
}

/** Cuts a label to at most maxEm (ellipsis included); the tooltip and table keep the full text. */
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

/** Text put into the tooltip's HTML (ECharts escapes only in its own formatters). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
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

/** Height in px that shows a figure well: horizontal bars grow with their rows. */
export function figureChartHeight(figure: AnalysisFigure): number {
  if (figure.chart === 'horizontalBar') return Math.min(Math.max(figure.rows.length * 26 + 56, 240), MAX_CHART_HEIGHT)
  return 340
}

function unitSuffix(unit: string | undefined): string {
  return unit ? ` ${unit}` : ''
}

function pieOption(figure: AnalysisFigure): PortalChartOption {
  const column = columnOf(figure, figure.series[0] ?? '')
  const categories = figureCategories(figure)
  const data = figure.rows
    .map((row, i) => ({ name: categories[i] ?? '', value: numberOrNull(row[column.key]) }))
    .filter((d): d is { name: string; value: number } => d.value !== null && d.value > 0)
  return {
    tooltip: {
      trigger: 'item',
      formatter: (p) => {
        const item = Array.isArray(p) ? p[0] : p
        if (!item) return ''
        const unit = escapeHtml(unitSuffix(column.unit))
        return `${item.marker ?? ''}${escapeHtml(item.name)}：${formatNumber(item.value)}${unit}（${item.percent ?? 0}%）`
      },
    },
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
 * The ECharts option of one analysis figure: `series` columns drawn against the `x` column, as
 * the figure's chart kind says. Pure (no DOM), so it is unit-tested; the EChart shell renders it.
 */
export function figureToOption(figure: AnalysisFigure, settings: FigureOptionSettings = {}): PortalChartOption {
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
    const tooltip = { valueFormatter: (v: unknown) => `${formatNumber(v)}${unitSuffix(column.unit)}` }
    if (isLine) {
      return { type: 'line', name: column.title, data, showSymbol: categories.length <= 30, connectNulls: false, tooltip }
    }
    return {
      type: 'bar',
      name: column.title,
      data,
      barMaxWidth: isHorizontal ? 22 : 36,
      tooltip,
      ...(isStacked ? { stack: 'total', emphasis: { focus: 'series' as const } } : {}),
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

  const tooltip: TooltipComponentOption = { trigger: 'axis', axisPointer: { type: isLine ? 'line' : 'shadow' }, confine: true }
  const legend: LegendComponentOption = hasLegend
    ? { type: 'scroll', top: 0, left: 'center', itemWidth: 14, itemHeight: 10 }
    : { show: false }
  // the value axis name sits above the plot: keep it clear of the legend row
  const nameRow = valueAxisName && !isHorizontal ? 24 : 0
  const top = (hasLegend ? 36 : 12) + nameRow

  if (isHorizontal) {
    return {
      tooltip,
      legend,
      grid: { left: 8, right: hasLegend ? 24 : 56, top, bottom: 8 },
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

  const layout = categoryLabelLayout(categories, settings.plotWidth ?? DEFAULT_PLOT_WIDTH)
  return {
    tooltip,
    legend,
    grid: { left: 8, right: 24, top, bottom: 8 },
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
