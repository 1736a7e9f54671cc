import { z } from 'zod'
import { SATELLITE_ANALYSIS_PAGES } from '../domain/routes'
import { lazyMessage } from '../messages'
import { defineRoute, text } from './common'
import { SourceReference } from './satellites'

/** One column of a figure's table; key indexes the rows. */
export const AnalysisColumn = z.object({
  key: z.string(),
  title: z.string(),
  unit: z.string().optional(),
})

/**
 * One chart with the table it is drawn from. The server draws `series` (numeric columns) against
 * `x` (the category column) as an SVG image at `chartUrl`; the web shows that image and the same
 * rows as a table; export writes the rows.
 */
export const AnalysisFigure = z.object({
  key: z.string(),
  title: z.string(),
  chart: z.enum(['bar', 'horizontalBar', 'stackedBar', 'line', 'pie']),
  x: z.string().describe('column key of the categories (x axis, pie slices)'),
  series: z.array(z.string()).describe('column keys of the plotted numbers'),
  columns: z.array(AnalysisColumn),
  rows: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.null()]))),
  counted: z.string().describe('what is counted, in one Chinese sentence (shown under the chart)'),
  note: z.string().optional(),
  chartUrl: z.string().optional().describe('/api/satellite/analysis/chart?page=…&figure=…: the chart as an SVG image'),
  chartSize: z
    .object({ width: z.number().int().positive(), height: z.number().int().positive() })
    .optional()
    .describe('size in px the chart image is drawn at: its aspect ratio, and the width its text reads best at'),
})
export type AnalysisFigure = z.infer<typeof AnalysisFigure>

export const AnalysisPageKey = z.enum(SATELLITE_ANALYSIS_PAGES, { error: lazyMessage('validation.analysisPage') })
export type AnalysisPageKey = z.infer<typeof AnalysisPageKey>

/** A page a figure's rows come from (the planned missions' sources), named and dated. */
export const AnalysisReference = SourceReference.extend({
  date: z.string().optional().describe('YYYY-MM-DD: the date of the page'),
})
export type AnalysisReference = z.infer<typeof AnalysisReference>

export const AnalysisPage = z.object({
  page: AnalysisPageKey,
  title: z.string(),
  summary: z.array(z.string()).describe('a few Chinese sentences with the key figures, computed'),
  highlights: z.array(z.object({ label: z.string(), value: z.union([z.string(), z.number()]), unit: z.string().optional() })),
  source: z.string().describe('attribution of the data'),
  references: z.array(AnalysisReference).optional().describe('the pages beyond the UCS database that rows of this page come from'),
  asOf: z.string().describe('YYYY-MM-DD: the date the counted data stand at'),
  figures: z.array(AnalysisFigure),
})
export type AnalysisPage = z.infer<typeof AnalysisPage>

export const satelliteAnalysis = defineRoute({
  method: 'GET',
  path: '/api/satellite/analysis',
  summary: '卫星动态分析：按国家、类别、用户、发射年份、分辨率等级统计（UCS 卫星数据库，2023-05-01）',
  tags: ['satellite'],
  auth: 'public',
  query: z.object({ page: AnalysisPageKey }),
  data: AnalysisPage,
})

export const AnalysisChartQuery = z.object({
  page: AnalysisPageKey,
  figure: text({ max: 60, error: lazyMessage('analysis.chart.missingFigure'), tooLong: lazyMessage('analysis.chart.unknownFigure') }).min(
    1,
    {
      error: lazyMessage('analysis.chart.missingFigure'),
    },
  ),
})

/**
 * GET /api/satellite/analysis/chart?page=…&figure=…: one figure's chart as an SVG document
 * (image/svg+xml), drawn by the server with ECharts and kept in memory; bound by hand on the
 * server (not an envelope). Errors are envelopes: 400 for an unknown page, 404 for an unknown
 * figure. The page answer carries each figure's address as `chartUrl`.
 */
export const satelliteAnalysisChart = defineRoute({
  method: 'GET',
  path: '/api/satellite/analysis/chart',
  summary: '卫星动态分析图表（服务器绘制的 SVG 图片）',
  tags: ['satellite'],
  auth: 'public',
  query: AnalysisChartQuery,
  data: z.string().describe('the SVG document itself, not an envelope'),
})
