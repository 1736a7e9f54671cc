/*
 * The figure widget's rules, pure: what a figure declares (chart, table, exports), which export
 * formats it offers, the rows every export writes, its file names and its test ids.
 */

import type { ExportCell } from '@rs/shared'
import { punctuationNow } from '@rs/shared'
import type { BarSeriesOption, LineSeriesOption } from 'echarts/charts'
import type { GridComponentOption, LegendComponentOption, TooltipComponentOption } from 'echarts/components'
import type { ComposeOption } from 'echarts/core'
import type { ReactNode } from 'react'

/** What the widget's ECharts draws (echarts-chart.tsx registers exactly these): bars, lines, grid, legend, tooltip. */
export type FigureEChartsOption = ComposeOption<
  BarSeriesOption | LineSeriesOption | GridComponentOption | LegendComponentOption | TooltipComponentOption
>

/**
 * The chart of a figure: an SVG image the server draws (its URL and size; exported as PNG), or an
 * ECharts option the caller builds, drawn in the browser by the lazily loaded ECharts (SVG renderer).
 */
export type FigureChart =
  | { kind: 'image'; url: string; size?: { width: number; height: number }; alt: string; loading?: 'eager' | 'lazy' }
  | { kind: 'echarts'; option: FigureEChartsOption; height?: number }

/** One column of a figure's table; the same title (with its unit) heads the exports. */
export interface FigureColumn<Row> {
  key: string
  title: string
  /** Shown after the title: 数量（颗）. */
  unit?: string
  /** The cell's value, which sorts and is exported; by default row[key]. */
  value?: (row: Row) => ExportCell
  /** How a value shows (rows and total); by default numbers with thousands separators, text as it is. */
  format?: (value: ExportCell) => string
  /** What the cell shows instead of the formatted value (a tag, a link); the export keeps the value. */
  render?: (row: Row) => ReactNode
  /** Sort by the value; by default numeric columns sort. */
  sortable?: boolean
  fixed?: 'left'
  width?: number
}

/** The table of a figure: columns, rows, and optionally a total row (one cell per column, the first its label). */
export interface FigureTableSpec<Row> {
  columns: readonly FigureColumn<Row>[]
  rows: readonly Row[]
  rowKey: (row: Row) => string
  total?: readonly ExportCell[]
  /** Rows a page; without it, no pages. */
  pageSize?: number
  /** Height of the scrolled body in px; without it, the table is as tall as its rows. */
  maxHeight?: number
  loading?: boolean
  onRowClick?: (row: Row) => void
  isRowClickable?: (row: Row) => boolean
}

export type FigureExportFormat = 'csv' | 'xlsx' | 'png'

const FORMAT_ORDER: readonly FigureExportFormat[] = ['csv', 'xlsx', 'png']

/** The formats a figure offers, in menu order: PNG only where the server drew an image (a picture to put text around). */
export function offeredFormats(asked: readonly FigureExportFormat[], chart: FigureChart | undefined): FigureExportFormat[] {
  return FORMAT_ORDER.filter((format) => asked.includes(format) && (format !== 'png' || chart?.kind === 'image'))
}

/** A column title with its unit, as the table and the exports show it: 数量（颗）. */
export function columnHeading(column: { title: string; unit?: string }): string {
  return column.unit ? punctuationNow().withUnit(column.title, column.unit) : column.title
}

/** The value of a column in a row: its accessor, else row[key]. */
export function cellValue<Row>(column: FigureColumn<Row>, row: Row): ExportCell {
  if (column.value) return column.value(row)
  const value = (row as Record<string, unknown>)[column.key]
  return typeof value === 'string' || typeof value === 'number' ? value : null
}

/**
 * The rows of every export (CSV and Excel): the column headings, a line per row, the total row, then
 * after an empty line each footer paragraph (what is counted, the note, the attribution), so the file
 * keeps its source wherever it goes. The writers (lib/export-table.ts) escape and encode them.
 */
export function exportRows<Row>(
  table: Pick<FigureTableSpec<Row>, 'columns' | 'rows' | 'total'>,
  footer: readonly string[],
): ExportCell[][] {
  const out: ExportCell[][] = [table.columns.map(columnHeading), ...table.rows.map((row) => table.columns.map((c) => cellValue(c, row)))]
  if (table.total) out.push([...table.total])
  const paragraphs = footer.filter(Boolean)
  if (paragraphs.length > 0) out.push([], ...paragraphs.map((text) => [text]))
  return out
}

/** Characters Windows and macOS refuse in file names (line breaks and tabs go with the white space). */
const UNSAFE_FILE_CHARS = /[\\/:*?"<>|]+/g

/** A file name from its parts joined by dashes, without characters file systems refuse: 总体统计-历年发射数量-2023-05-01.csv. */
export function exportFileName(parts: readonly string[], format: FigureExportFormat): string {
  const base = parts
    .map((part) => part.replace(UNSAFE_FILE_CHARS, ' ').replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('-')
  return `${base}.${format}`
}

/** The parts of a figure that tests and e2e find by test id. */
export type FigurePart = 'chart' | 'table' | 'export' | `export-${FigureExportFormat}`

/**
 * Test ids of a figure: with a key, `${prefix}-${part}-${key}` and the card `${prefix}-${key}`
 * (figure-chart-by-country, figure-by-country); without one, `${prefix}-${part}` (trend-chart, trend-export-csv).
 */
export function figureTestId(ids: { prefix: string; key?: string }, part?: FigurePart): string | undefined {
  if (!part) return ids.key ? `${ids.prefix}-${ids.key}` : undefined
  return ids.key ? `${ids.prefix}-${part}-${ids.key}` : `${ids.prefix}-${part}`
}
