/*
 * The figure's files, through the one export policy (lib/export-table.ts: BOM, CRLF, formula
 * escaping) and the chart picture. Loaded only when someone exports (figure.tsx), so the writers
 * stay out of the pages' chunks.
 */
import type { ExportCell } from '@rs/shared'
import { tableCsvBlob, tableXlsx } from '../../lib/export-table'
import { composeChartImage } from './chart-image'
import type { FigureChart } from './model'

/** The table (headings, rows, total, footer) as CSV. */
export function csvFile(rows: readonly (readonly ExportCell[])[]): Blob {
  return tableCsvBlob(rows)
}

/** The table as an Excel workbook of one sheet. */
export function xlsxFile(rows: readonly (readonly ExportCell[])[], sheet: string): Promise<Blob> {
  return tableXlsx(rows, sheet)
}

/** The server-drawn chart as a PNG data URL, its title above and the footer paragraphs below. */
export function pngImage(chart: Extract<FigureChart, { kind: 'image' }>, title: string, footer: string[]): Promise<string> {
  return composeChartImage(chart.url, chart.size, { title, footer })
}
