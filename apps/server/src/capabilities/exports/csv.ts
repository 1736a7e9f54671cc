import type { MultiPolygon, Polygon } from 'geojson'
import { EXPORT_COLUMNS, type ExportRecord, toWkt } from '../../datasets/scene-archive/columns'
import { t } from '../../lib/locale'
import { csvBytes } from './table'

/** The scenes as CSV under the export policy, footprints as WKT in the last column. */
export function writeCsv(records: readonly ExportRecord[]): Uint8Array {
  const head = [...EXPORT_COLUMNS.map((c) => c.header), t('archiveCoverage.export.columns.footprint')]
  const rows = records.map((r) => [...EXPORT_COLUMNS.map((c) => c.value(r)), toWkt(JSON.parse(r.footprint) as Polygon | MultiPolygon)])
  return csvBytes([head, ...rows])
}
