/** The figures' chart images: drawn once as SVG, addressed by page and figure, versioned by hash. */
import { createHash } from 'node:crypto'
import { type AnalysisPage, type AnalysisPageKey, LANGUAGE_PARAM, satelliteAnalysisChart } from '@rs/shared'
import { currentLocale } from '../../lib/locale'
import { renderFigureSvg } from './chart-svg'

/** A figure's chart image as the chart endpoint answers it. */
export interface ChartImage {
  svg: string
  /** Hash of the SVG, the ETag's value. */
  version: string
}

/**
 * Address of a figure's chart image (what `chartUrl` holds), in the current language: an image is
 * fetched by the browser without the language header, so an English chart names its language.
 */
export function chartUrlOf(page: AnalysisPageKey, figure: string): string {
  const lang: Record<string, string> = currentLocale() === 'en-US' ? { [LANGUAGE_PARAM]: 'en' } : {}
  return `${satelliteAnalysisChart.path}?${new URLSearchParams({ page, figure, ...lang })}`
}

export interface Built {
  pages: Map<AnalysisPageKey, AnalysisPage>
  /** page → figure key → chart image */
  charts: Map<AnalysisPageKey, Map<string, ChartImage>>
}

/** Draws every figure's chart once and gives each figure its chartUrl and chartSize (in the current language). */
export function withCharts(pages: Map<AnalysisPageKey, AnalysisPage>): Built {
  const charts = new Map<AnalysisPageKey, Map<string, ChartImage>>()
  const withUrls = new Map<AnalysisPageKey, AnalysisPage>()
  for (const [key, page] of pages) {
    const images = new Map<string, ChartImage>()
    const figures = page.figures.map((figure) => {
      const { svg, width, height } = renderFigureSvg(figure)
      images.set(figure.key, { svg, version: createHash('sha256').update(svg).digest('base64url').slice(0, 27) })
      return { ...figure, chartUrl: chartUrlOf(key, figure.key), chartSize: { width, height } }
    })
    charts.set(key, images)
    withUrls.set(key, { ...page, figures })
  }
  return { pages: withUrls, charts }
}
