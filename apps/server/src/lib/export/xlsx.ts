import { tZh } from '@rs/shared'
import writeXlsxFile, { type SheetData } from 'write-excel-file/node'
import { EXPORT_COLUMNS, type ExportRecord } from './records'

/** An Excel workbook (.xlsx) of one sheet: a bold Chinese header row, numbers as numbers. */
export async function writeXlsx(records: readonly ExportRecord[]): Promise<Uint8Array> {
  const head = EXPORT_COLUMNS.map((c) => ({ value: c.header, fontWeight: 'bold' as const }))
  const rows = records.map((r) => EXPORT_COLUMNS.map((c) => ({ value: c.value(r) })))
  const data = [head, ...rows] as SheetData
  const buffer = await writeXlsxFile(data, {
    sheet: tZh('archiveCoverage.export.sheet'),
    columns: EXPORT_COLUMNS.map((c) => ({ width: c.key === 'fileName' || c.key === 'id' ? 40 : c.type === 'N' ? 12 : 18 })),
    stickyRowsCount: 1,
  }).toBuffer()
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength)
}
