import type { EChartsCoreOption, EChartsType } from 'echarts/core'
import { type Ref, useEffect, useImperativeHandle, useRef } from 'react'
import { init, PORTAL_THEME_NAME } from './echarts-setup'

/** What a parent can ask of a drawn chart. */
export interface EChartHandle {
  /** The chart as a PNG data URL on white, at twice the screen resolution; undefined before it is drawn. */
  toPngDataUrl: () => string | undefined
  /** Size in CSS px of the drawn chart. */
  size: () => { width: number; height: number } | undefined
}

export interface EChartProps {
  option: EChartsCoreOption
  /** Height in px; the width follows the container. */
  height: number
  /** What the chart shows, for screen readers (the table beside it carries the numbers). */
  ariaLabel: string
  className?: string
  ref?: Ref<EChartHandle>
  testId?: string
}

/**
 * The one ECharts shell: a canvas chart in the portal theme that follows its container's size
 * (ResizeObserver) and is disposed when it leaves the page. The option replaces the previous one.
 */
export function EChart({ option, height, ariaLabel, className, ref, testId }: EChartProps) {
  const elementRef = useRef<HTMLDivElement>(null)
  const chartRef = useRef<EChartsType | undefined>(undefined)

  useEffect(() => {
    const element = elementRef.current
    if (!element) return
    const chart = init(element, PORTAL_THEME_NAME, { renderer: 'canvas' })
    chartRef.current = chart
    let frame = 0
    const observer = new ResizeObserver(() => {
      // resizing inside the observer callback can re-trigger it; wait for the next frame
      cancelAnimationFrame(frame)
      frame = requestAnimationFrame(() => {
        if (!chart.isDisposed()) chart.resize()
      })
    })
    observer.observe(element)
    return () => {
      cancelAnimationFrame(frame)
      observer.disconnect()
      chart.dispose()
      chartRef.current = undefined
    }
  }, [])

  useEffect(() => {
    chartRef.current?.setOption(option, { notMerge: true })
  }, [option])

  useImperativeHandle(
    ref,
    () => ({
      toPngDataUrl: () => chartRef.current?.getDataURL({ type: 'png', pixelRatio: 2, backgroundColor: '#ffffff' }),
      size: () => {
        const chart = chartRef.current
        return chart ? { width: chart.getWidth(), height: chart.getHeight() } : undefined
      },
    }),
    [],
  )

  return (
    <div ref={elementRef} className={className} role="img" aria-label={ariaLabel} data-testid={testId} style={{ width: '100%', height }} />
  )
}
