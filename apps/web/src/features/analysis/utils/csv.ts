/* The CSV export of a figure. Loaded only when someone exports (figure-card.tsx), so the CSV library stays out of the page's chunk. */
import type { AnalysisFigure } from '@rs/shared'
import { stringify } from 'csv-stringify/browser/esm/sync'
import { columnHeading } from './export-names'

type Cell = string | number | null | undefined

/**
 * CSV text (RFC 4180, written by csv-stringify) with a byte-order mark, without which Excel reads
 * UTF-8 as the local code page and garbles Chinese, and CRLF line ends; a field with a comma, quote
 * or any line break is quoted. The first line is the header.
 */
export function toCsv(lines: Cell[][]): string {
  return stringify(lines, { bom: true, record_delimiter: 'windows', quoted_match: /[\r\n]/ })
}

/**
 * The CSV of one figure: column titles as header, one line per row, then after an empty line the
 * figure's counted sentence and note and the attribution (lines a spreadsheet shows under the table).
 */
export function figureCsv(figure: AnalysisFigure, attribution: string): string {
  const header = figure.columns.map(columnHeading)
  const rows = figure.rows.map((row) => figure.columns.map((c) => row[c.key]))
  const trailer: Cell[][] = [[], [figure.counted]]
  if (figure.note) trailer.push([figure.note])
  trailer.push([attribution])
  return toCsv([header, ...rows, ...trailer])
}
