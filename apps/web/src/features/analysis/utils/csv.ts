import type { AnalysisFigure, AnalysisPage } from '@rs/shared'

/** Byte-order mark: without it Excel reads UTF-8 CSV as the local code page and garbles Chinese. */
export const UTF8_BOM = '\uFEFF'

type Cell = string | number | null | undefined

/** One CSV field (RFC 4180): quoted when it holds a comma, quote or line break; quotes doubled. */
export function csvField(value: Cell): string {
  if (value === null || value === undefined) return ''
  const text = String(value)
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/** CSV text with a BOM and CRLF line ends; the first line is the header. */
export function toCsv(lines: Cell[][]): string {
  const body = lines.map((line) => line.map(csvField).join(',')).join('\r\n')
  return `${UTF8_BOM}${body}\r\n`
}

/** A column title with its unit, as the table and the CSV header show it: 数量（颗）. */
export function columnHeading(column: { title: string; unit?: string }): string {
  return column.unit ? `${column.title}（${column.unit}）` : column.title
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

/** Characters Windows and macOS refuse in file names (line breaks and tabs go with the white space). */
const UNSAFE_FILE_CHARS = /[\\/:*?"<>|]+/g

/** Export file name: page title, figure title and asOf, joined by dashes: 总体统计-历年发射数量-2023-05-01.csv. */
export function exportFileName(
  page: Pick<AnalysisPage, 'title' | 'asOf'>,
  figure: Pick<AnalysisFigure, 'title'>,
  extension: string,
): string {
  const base = [page.title, figure.title, page.asOf]
    .map((part) => part.replace(UNSAFE_FILE_CHARS, ' ').replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('-')
  return `${base}.${extension}`
}
