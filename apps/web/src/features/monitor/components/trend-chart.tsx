import { BarChart, LineChart } from 'echarts/charts'
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components'
import { type EChartsType, init, use } from 'echarts/core'
import { SVGRenderer } from 'echarts/renderers'
import { useEffect, useRef } from 'react'

// the chart library of the analysis pages (ECharts), in the browser with its SVG renderer: only what the trend draws
use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer])

export interface TrendChartProps {
  batches: readonly string[]
  /** The region's total per batch (bars). */
  total: { name: string; values: readonly number[] }
  /** Children per batch (lines). */
  series: ReadonlyArray<{ name: string; values: readonly number[] }>
  unit: string
  color: string
  height?: number
}

/** The trend of a region (bars) and its largest children (lines) over the batches. Loaded lazily with the trend panel. */
export default function TrendChart({ batches, total, series, unit, color, height = 320 }: TrendChartProps) {
  const box = useRef<HTMLDivElement>(null)
  const chart = useRef<EChartsType | null>(null)

  useEffect(() => {
    const element = box.current
    if (!element) return
    const instance = init(element, undefined, { renderer: 'svg' })
    chart.current = instance
    // the container says when the chart has drawn its last option (data-render-state), for anyone who waits for it
    instance.on('finished', () => {
      element.dataset.renderState = 'complete'
    })
    const resize = () => instance.resize()
    window.addEventListener('resize', resize)
    return () => {
      window.removeEventListener('resize', resize)
      instance.dispose()
      chart.current = null
    }
  }, [])

  useEffect(() => {
    if (box.current && chart.current) box.current.dataset.renderState = 'rendering'
    chart.current?.setOption(
      {
        animation: false,
        tooltip: { trigger: 'axis' },
        legend: { type: 'scroll', top: 0 },
        grid: { left: 56, right: 56, top: 40, bottom: 32 },
        xAxis: { type: 'category', data: [...batches] },
        yAxis: [
          { type: 'value', name: `（${unit}）`, position: 'left' },
          { type: 'value', name: `（${unit}）`, position: 'right', splitLine: { show: false } },
        ],
        series: [
          { type: 'bar', name: total.name, data: [...total.values], itemStyle: { color }, barMaxWidth: 36, yAxisIndex: 0 },
          ...series.map((s) => ({ type: 'line' as const, name: s.name, data: [...s.values], yAxisIndex: 1, symbolSize: 6 })),
        ],
      },
      true,
    )
  }, [batches, total, series, unit, color])

  return <div ref={box} data-testid="trend-chart" style={{ width: '100%', height }} />
}
