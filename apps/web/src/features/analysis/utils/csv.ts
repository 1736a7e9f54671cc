/* The CSV export of a figure. Loaded only when someone exports (figure-card.tsx), so the CSV library stays out of the page's chunk. */
import type { AnalysisFigure, ExportCell } from '@rs/shared'
import { tableCsv } from '../../../lib/export-table'
import { columnHeading } from './export-names'

/**
 * The CSV of one figure, under the export policy (lib/export-table.ts): column titles as header, one line per row, then after an empty line the
 * figure's counted sentence and note and the attribution (lines a spreadsheet shows under the table).
 */
export function figureCsv(figure: AnalysisFigure, attribution: string): string {
  const header = figure.columns.map(columnHeading)
  const rows = figure.rows.map((row) => figure.columns.map((c) => row[c.key]))
  const trailer: ExportCell[][] = [[], [figure.counted]]
  if (figure.note) trailer.push([figure.note])
  trailer.push([attribution])
  return tableCsv([header, ...rows, ...trailer])
}
