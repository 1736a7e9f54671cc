import { lazy, Suspense } from 'react'
import { loadChunk } from '../lib/chunk-load'
import type { EChartProps } from './echart'

export type { EChartHandle, EChartProps } from './echart'

// ECharts is most of a chart screen's code (about 190 kB gzip for bar, line and pie): kept in its
// own chunk so text and tables show first and every chart screen shares the one cached file.
const loadEChart = () => import('./echart')

/** Starts fetching the chart code early, e.g. while the screen's data is still on its way. */
export function preloadEChart(): void {
  void loadEChart().catch(() => {
    // the lazy component reports the failure when it renders
  })
}

const EChartInner = lazy(async () => ({ default: (await loadChunk(loadEChart)).EChart }))

/** The EChart shell, loaded on first use; a blank box of the chart's height holds its place meanwhile. */
export function LazyEChart(props: EChartProps) {
  return (
    <Suspense fallback={<div className="echart-placeholder" style={{ width: '100%', height: props.height }} aria-busy="true" />}>
      <EChartInner {...props} />
    </Suspense>
  )
}
