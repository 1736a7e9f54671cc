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

/** An option, or a function that makes one for the chart's current size (redrawn when the width changes). */
export type EChartOption = EChartsCoreOption | ((size: { width: number; height: number }) => EChartsCoreOption)

/** Width change in px below which a size-dependent option is not rebuilt. */
const REBUILD_STEP_PX = 24

export interface EChartProps {
  option: EChartOption
  /** Height in px; the width follows the container. */
  height: number
  /** What the chart shows, for screen readers (the table beside it carries the numbers). */
  ariaLabel: string
  className?: string
  ref?: Ref<EChartHandle>
  testId?: string
}

/** Applies an option; a size-dependent one only when forced or when the width moved enough since it was built. */
function draw(chart: EChartsType, option: EChartOption, builtWidth: { current: number }, force: boolean) {
  if (typeof option !== 'function') {
    if (force) chart.setOption(option, { notMerge: true })
    return
  }
  const size = { width: chart.getWidth(), height: chart.getHeight() }
  if (!force && Math.abs(size.width - builtWidth.current) < REBUILD_STEP_PX) return
  builtWidth.current = size.width
  chart.setOption(option(size), { notMerge: true })
}

/**
 * The one ECharts shell: a canvas chart in the portal theme that follows its container's size
 * (ResizeObserver) and is disposed when it leaves the page. A new option replaces the previous one; an
 * option made from the chart's size is rebuilt when the width changes.
 */
export function EChart({ option, height, ariaLabel, className, ref, testId }: EChartProps) {
  const elementRef = useRef<HTMLDivElement>(null)
  const chartRef = useRef<EChartsType | undefined>(undefined)
  const optionRef = useRef(option)
  const builtWidthRef = useRef(0)

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
        if (chart.isDisposed()) return
        chart.resize()
        draw(chart, optionRef.current, builtWidthRef, false)
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
    optionRef.current = option
    if (chartRef.current) draw(chartRef.current, option, builtWidthRef, true)
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
