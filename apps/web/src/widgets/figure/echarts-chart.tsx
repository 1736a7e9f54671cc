import { BarChart, LineChart } from 'echarts/charts'
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components'
import { type EChartsType, init, use } from 'echarts/core'
import { SVGRenderer } from 'echarts/renderers'
import { useEffect, useRef } from 'react'
import type { FigureEChartsOption } from './model'

// the chart library of the analysis pages (ECharts) in the browser with its SVG renderer: only what FigureEChartsOption allows
use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer])

export interface EChartsChartProps {
  option: FigureEChartsOption
  height: number
  testId?: string
  /** What the chart shows, for a screen reader (the drawing itself is a picture to it). */
  label: string
}

/**
 * A client-drawn chart of the option the caller built. Loaded lazily (figure-chart.tsx). The
 * container says when the chart has drawn its last option (data-render-state='complete'), for
 * anyone who waits for it (e2e screenshots).
 */
export default function EChartsChart({ option, height, testId, label }: EChartsChartProps) {
  const box = useRef<HTMLDivElement>(null)
  const chart = useRef<EChartsType | null>(null)

  useEffect(() => {
    const element = box.current
    if (!element) return
    const instance = init(element, undefined, { renderer: 'svg' })
    chart.current = instance
    instance.on('finished', () => {
      element.dataset.renderState = 'complete'
    })
    // the box follows its column (beside or above the table), not only the window
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(() => instance.resize())
    observer?.observe(element)
    return () => {
      observer?.disconnect()
      instance.dispose()
      chart.current = null
    }
  }, [])

  useEffect(() => {
    if (box.current && chart.current) box.current.dataset.renderState = 'rendering'
    chart.current?.setOption(option, true)
  }, [option])

  return <div ref={box} data-testid={testId} role="img" aria-label={label} style={{ width: '100%', height }} />
}
