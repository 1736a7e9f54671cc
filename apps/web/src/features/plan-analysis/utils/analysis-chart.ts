import type { FigureEChartsOption } from '../../../widgets/figure'

/** The figures a bar group shows for one category (a region or a resolution type). */
export interface AreaBars {
  label: string
  plannedKm2: number
  heldKm2: number
  newNeedKm2: number
  /** Year comparison: the other year's planned area. */
  comparePlannedKm2?: number
}

export interface AreaChartWords {
  planned: string
  held: string
  newNeed: string
  /** The compare year's series name; without it, no such series. */
  comparePlanned?: string
  unit: string
}

/** Categories a chart shows at most (the largest planned first); the table keeps every row. */
export const MAX_CHART_CATEGORIES = 15

const COLORS = { planned: '#4e79a7', held: '#59a14f', newNeed: '#e15759', comparePlanned: '#bab0ac' }

/**
 * The bar chart of planned, held and newly needed area (km²) per category, largest planned first,
 * at most MAX_CHART_CATEGORIES; with the compare year's planned area as a fourth, grey series.
 */
export function buildAreaChartOption(bars: readonly AreaBars[], words: AreaChartWords): FigureEChartsOption {
  const shown = [...bars].sort((a, b) => b.plannedKm2 - a.plannedKm2).slice(0, MAX_CHART_CATEGORIES)
  const series: Array<{ key: keyof typeof COLORS; name: string; value: (b: AreaBars) => number }> = [
    { key: 'planned', name: words.planned, value: (b) => b.plannedKm2 },
    { key: 'held', name: words.held, value: (b) => b.heldKm2 },
    { key: 'newNeed', name: words.newNeed, value: (b) => b.newNeedKm2 },
  ]
  if (words.comparePlanned) series.push({ key: 'comparePlanned', name: words.comparePlanned, value: (b) => b.comparePlannedKm2 ?? 0 })
  return {
    tooltip: { trigger: 'axis', valueFormatter: (v) => `${Number(v).toFixed(2)} ${words.unit}` },
    legend: { top: 0 },
    grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
    xAxis: {
      type: 'category',
      data: shown.map((b) => b.label),
      axisLabel: { interval: 0, rotate: shown.length > 6 ? 30 : 0 },
    },
    yAxis: { type: 'value', name: words.unit },
    series: series.map((s) => ({
      type: 'bar',
      name: s.name,
      itemStyle: { color: COLORS[s.key] },
      data: shown.map((b) => Math.round(s.value(b) * 100) / 100),
    })),
  } as FigureEChartsOption
}

/** The share of the planned area already held, in % (two decimals; 0 when nothing is planned). */
export function heldPercent(row: { plannedKm2: number; heldKm2: number }): number {
  return row.plannedKm2 > 0 ? Math.round((row.heldKm2 / row.plannedKm2) * 10_000) / 100 : 0
}

/** The number of grid cells a county counts in, read from the server's note (null: the note names none). */
export function cellsInNote(note: string): number | null {
  const match = /(\d[\d,]*)/.exec(note)
  return match ? Number((match[1] as string).replaceAll(',', '')) : null
}
