/*
 * The web's writers of the export policy (packages/shared domain/export-policy.ts): every CSV and
 * Excel file the browser makes is written here, with the BOM, CRLF, RFC 4180 quoting and formula
 * escaping of every text cell that the server's exports have. Import it where someone exports (a
 * lazy chunk), so csv-stringify and write-excel-file stay out of the pages' chunks.
 */
import { CSV_CONTENT_TYPE, CSV_OPTIONS, type ExportCell, escapeTable, sheetName } from '@rs/shared'
import { stringify } from 'csv-stringify/browser/esm/sync'
import type { SheetData } from 'write-excel-file/browser'

/** CSV text of a table (first row the header): UTF-8 BOM, CRLF, RFC 4180 quoting, every text cell escaped. */
export function tableCsv(rows: readonly (readonly ExportCell[])[]): string {
  return stringify(escapeTable(rows), CSV_OPTIONS)
}

/** The same CSV as a Blob to download. */
export function tableCsvBlob(rows: readonly (readonly ExportCell[])[]): Blob {
  return new Blob([tableCsv(rows)], { type: CSV_CONTENT_TYPE })
}

/** An Excel workbook of one sheet: a bold, sticky header row, numbers as numbers, every text cell escaped. */
export async function tableXlsx(rows: readonly (readonly ExportCell[])[], sheet: string): Promise<Blob> {
  const { default: writeXlsxFile } = await import('write-excel-file/browser')
  const [head = [], ...body] = escapeTable(rows)
  const data = [
    head.map((value) => ({ value: value == null ? null : String(value), fontWeight: 'bold' as const })),
    ...body.map((row) => row.map((value) => ({ value: value ?? null }))),
  ] as SheetData
  return writeXlsxFile(data, { sheet: sheetName(sheet), stickyRowsCount: 1 }).toBlob()
}
