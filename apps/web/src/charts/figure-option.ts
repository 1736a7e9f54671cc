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

/** Axis font size in px (the theme's default). */
const FONT_PX = 12
/** Longest category label on a horizontal axis, in em (a CJK character is one em). */
export const MAX_AXIS_LABEL_EM = 8
/** Longest category label beside a horizontal bar chart, in em. */
export const MAX_SIDE_LABEL_EM = 10
/** Longest pie label, in em. */
export const MAX_PIE_LABEL_EM = 8
const ROTATE_DEGREES = 40
const DEFAULT_PLOT_WIDTH = 560

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

/** How a category axis below the plot shows its labels: all flat, thinned, or rotated. */
export function categoryLabelLayout(categories: string[], plotWidth: number): { rotate: number; interval: number | 'auto' } {
  if (categories.length === 0) return { rotate: 0, interval: 0 }
  const widest = Math.max(...categories.map((c) => Math.min(textEm(c), MAX_AXIS_LABEL_EM))) * FONT_PX
  const slot = plotWidth / categories.length
  if (widest + 8 <= slot) return { rotate: 0, interval: 0 }
  // short labels such as years: let ECharts skip some instead of tilting them
  if (widest <= 3 * FONT_PX) return { rotate: 0, interval: 'auto' }
  // tilted labels need about 1.6 lines of height each to stay apart
  return { rotate: ROTATE_DEGREES, interval: slot >= FONT_PX * 1.6 ? 0 : 'auto' }
}

/** Height in px that shows a figure well: horizontal bars grow with their rows. */
export function figureChartHeight(figure: AnalysisFigure): number {
  if (figure.chart === 'horizontalBar') return Math.min(Math.max(figure.rows.length * 28 + 56, 240), 900)
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
        return `${item.marker ?? ''}${item.name}：${formatNumber(item.value)}${unitSuffix(column.unit)}（${item.percent ?? 0}%）`
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
  const top = hasLegend ? 40 : valueAxisName && !isHorizontal ? 32 : 16

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
        formatter: (v: string) => truncateLabel(v, MAX_AXIS_LABEL_EM),
      },
    },
    yAxis: valueAxis,
    series,
  }
}
