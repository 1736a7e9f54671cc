import { EXPORT_COLUMNS, type ExportRecord } from '../../datasets/scene-archive/columns'
import { t } from '../../lib/locale'
import { xlsxBytes } from './table'

/** The scenes as an Excel workbook under the export policy: a bold Chinese header row, numbers as numbers. */
export function writeXlsx(records: readonly ExportRecord[]): Promise<Uint8Array> {
  const head = EXPORT_COLUMNS.map((c) => c.header)
  const rows = records.map((r) => EXPORT_COLUMNS.map((c) => c.value(r)))
  return xlsxBytes([head, ...rows], {
    sheet: t('archiveCoverage.export.sheet'),
    widths: EXPORT_COLUMNS.map((c) => (c.key === 'fileName' || c.key === 'id' ? 40 : c.type === 'N' ? 12 : 18)),
  })
}
