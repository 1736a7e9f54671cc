/* The trend's CSV and Excel files. Loaded only when someone exports (trend-panel.tsx), so the writers stay out of the screen's chunk. */
import { tableCsvBlob, tableXlsx } from '../../../lib/export-table'

type Cell = string | number

/** The trend as CSV under the export policy (lib/export-table.ts); the first line is the header. */
export function trendCsv(lines: Cell[][]): Blob {
  return tableCsvBlob(lines)
}

/** The trend as an Excel workbook under the export policy: one sheet, bold header, numbers as numbers. */
export function trendXlsx(lines: Cell[][], sheet: string): Promise<Blob> {
  return tableXlsx(lines, sheet)
}
