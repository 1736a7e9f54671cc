import type { AnalysisFigure } from '@rs/shared'
import { BarChart, LineChart, PieChart } from 'echarts/charts'
import { GridComponent, LegendComponent } from 'echarts/components'
import { init, registerTheme, use } from 'echarts/core'
import { SVGRenderer } from 'echarts/renderers'
import { figureChartSize, figureToOption, PORTAL_THEME_NAME, portalChartTheme } from './chart-option'

// Only what the analysis charts draw, with the string-building SVG renderer of ECharts' server-side rendering.
use([BarChart, LineChart, PieChart, GridComponent, LegendComponent, SVGRenderer])
registerTheme(PORTAL_THEME_NAME, portalChartTheme)

export interface RenderedChart {
  /** The SVG document (with a viewBox, so it scales to the width it is shown at). */
  svg: string
  width: number
  height: number
}

/**
 * One figure as an SVG image, drawn by ECharts' server-side renderer (no DOM, no canvas).
 * ECharts escapes the texts it writes (labels, legend), so a row's `<` or `&` stays text.
 */
export function renderFigureSvg(figure: AnalysisFigure): RenderedChart {
  const { width, height } = figureChartSize(figure)
  const chart = init(null, PORTAL_THEME_NAME, { renderer: 'svg', ssr: true, width, height })
  try {
    chart.setOption(figureToOption(figure, width))
    return { svg: chart.renderToSVGString(), width, height }
  } finally {
    chart.dispose()
  }
}
