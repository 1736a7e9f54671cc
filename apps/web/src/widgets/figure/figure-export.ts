/*
 * The figure's files, loaded only when someone exports (figure.tsx), so the writers stay out of the
 * pages' chunks: the table through the one export policy (lib/export-table.ts: BOM, CRLF, formula
 * escaping) and the server-drawn chart as a picture.
 */
import { composeChartImage } from './chart-image'
import type { FigureChart } from './model'

export { tableCsvBlob as csvFile, tableXlsx as xlsxFile } from '../../lib/export-table'

/** The server-drawn chart as a PNG data URL, its title above and the footer paragraphs below. */
export function pngImage(chart: Extract<FigureChart, { kind: 'image' }>, title: string, footer: string[]): Promise<string> {
  return composeChartImage(chart.url, chart.size, { title, footer })
}
