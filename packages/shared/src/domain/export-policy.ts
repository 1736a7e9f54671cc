/**
 * The portal's one policy for tables people download (CSV and Excel, server and web): UTF-8 with a
 * byte-order mark (without it Excel reads UTF-8 as the local code page and garbles Chinese), CRLF
 * line ends, RFC 4180 quoting (a field with a comma, a quote or any line break is quoted, quotes
 * doubled), and no text cell a spreadsheet would run as a formula. Times are written with
 * formatBeijingTime (domain/time.ts).
 */

/** One cell of an exported table: text, a number (kept a number), or empty. */
export type ExportCell = string | number | null | undefined

/** What starts a formula in Excel, LibreOffice or Google Sheets (OWASP: CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/

/**
 * A text cell a spreadsheet would run as a formula (=, +, -, @, tab, carriage return first) gets a
 * leading apostrophe, so it is shown as the text it is; numbers and empty cells are unchanged.
 */
export function escapeFormula<T extends ExportCell>(value: T): T | string {
  return typeof value === 'string' && FORMULA_START.test(value) ? `'${value}` : value
}

/** A table with every text cell escaped (escapeFormula). */
export function escapeTable(rows: readonly (readonly ExportCell[])[]): ExportCell[][] {
  return rows.map((row) => row.map(escapeFormula))
}

/**
 * The csv-stringify options of the policy: BOM, CRLF, and quoting of any field holding a line break
 * (csv-stringify quotes commas and quotes by itself, but with CRLF records not a lone \n or \r).
 */
export const CSV_OPTIONS = { bom: true, record_delimiter: 'windows', quoted_match: /[\r\n]/ } as const

/** The content type of a CSV download. */
export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8'

/** An Excel sheet name: at most 31 characters and none of \ / ? * [ ] : (Excel refuses them). */
export function sheetName(name: string): string {
  return name.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31)
}
