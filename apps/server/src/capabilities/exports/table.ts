import { CSV_OPTIONS, type ExportCell, escapeTable } from '@rs/shared'
import { stringify } from 'csv-stringify/sync'
import writeXlsxFile, { type SheetData } from 'write-excel-file/node'

/**
 * The server's writers of the export policy (packages/shared domain/export-policy.ts): every CSV
 * and Excel file the portal answers is written here, so each has the BOM, CRLF, RFC 4180 quoting
 * and formula escaping of every text cell. The first row is the header.
 */

/** CSV text of a table: UTF-8 BOM, CRLF, RFC 4180 quoting, every text cell escaped. */
export function csvText(rows: readonly (readonly ExportCell[])[]): string {
  return stringify(escapeTable(rows), CSV_OPTIONS)
}

/** The same CSV as UTF-8 bytes. */
export function csvBytes(rows: readonly (readonly ExportCell[])[]): Uint8Array {
  return new TextEncoder().encode(csvText(rows))
}

/** An Excel sheet: its name and, optionally, each column's width in characters. */
export interface SheetOptions {
  sheet: string
  widths?: readonly number[]
}

/** An Excel workbook (.xlsx) of one sheet: a bold, sticky header row, numbers as numbers, every text cell escaped. */
export async function xlsxBytes(rows: readonly (readonly ExportCell[])[], options: SheetOptions): Promise<Uint8Array> {
  const [head = [], ...body] = escapeTable(rows)
  const data = [
    head.map((value) => ({ value: value == null ? null : String(value), fontWeight: 'bold' as const })),
    ...body.map((row) => row.map((value) => ({ value: value ?? null }))),
  ] as SheetData
  const buffer = await writeXlsxFile(data, {
    sheet: options.sheet,
    columns: options.widths?.map((width) => ({ width })),
    stickyRowsCount: 1,
  }).toBuffer()
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength)
}
