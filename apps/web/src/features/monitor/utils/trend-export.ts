/* The trend's CSV and Excel files. Loaded only when someone exports (trend-panel.tsx), so the writers stay out of the screen's chunk. */
import { stringify } from 'csv-stringify/browser/esm/sync'

type Cell = string | number

/** CSV text with a byte-order mark (Excel reads UTF-8 Chinese) and CRLF line ends; the first line is the header. */
export function trendCsv(lines: Cell[][]): string {
  return stringify(lines, { bom: true, record_delimiter: 'windows', quoted_match: /[\r\n]/ })
}

/** An Excel workbook (write-excel-file), one sheet, bold header, numbers as numbers. */
export async function trendXlsx(lines: Cell[][], sheet: string): Promise<Blob> {
  const { default: writeXlsxFile } = await import('write-excel-file/browser')
  const [head, ...rows] = lines
  const data = [
    (head ?? []).map((value) => ({ value: String(value), fontWeight: 'bold' as const })),
    ...rows.map((row) => row.map((value) => ({ value }))),
  ]
  return writeXlsxFile(data, { sheet: sheet.slice(0, 31), stickyRowsCount: 1 }).toBlob()
}
