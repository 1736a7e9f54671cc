import { punctuationNow } from '@rs/shared'
import type { FigureEChartsOption } from '../../../widgets/figure'

export interface TrendChartInput {
  batches: readonly string[]
  /** The region's total per batch (bars). */
  total: { name: string; values: readonly number[] }
  /** Children per batch (lines). */
  series: ReadonlyArray<{ name: string; values: readonly number[] }>
  unit: string
  color: string
}

/** The ECharts option of the trend: the region's bars and its largest children's lines over the batches (the figure widget draws it). */
export function trendChartOption({ batches, total, series, unit, color }: TrendChartInput): FigureEChartsOption {
  return {
    animation: false,
    tooltip: { trigger: 'axis' },
    legend: { type: 'scroll', top: 0 },
    grid: { left: 56, right: 56, top: 40, bottom: 32 },
    xAxis: { type: 'category', data: [...batches] },
    yAxis: [
      { type: 'value', name: punctuationNow().paren(unit).trim(), position: 'left' },
      { type: 'value', name: punctuationNow().paren(unit).trim(), position: 'right', splitLine: { show: false } },
    ],
    series: [
      { type: 'bar', name: total.name, data: [...total.values], itemStyle: { color }, barMaxWidth: 36, yAxisIndex: 0 },
      ...series.map((s) => ({ type: 'line' as const, name: s.name, data: [...s.values], yAxisIndex: 1, symbolSize: 6 })),
    ],
  }
}
