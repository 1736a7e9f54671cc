import { tZh } from '@rs/shared'
import { stringify } from 'csv-stringify/sync'
import type { MultiPolygon, Polygon } from 'geojson'
import { EXPORT_COLUMNS, type ExportRecord, toWkt } from './records'

/** CSV, UTF-8 with a BOM (so that Excel opens the Chinese headers right), footprints as WKT in the last column. */
export function writeCsv(records: readonly ExportRecord[]): Uint8Array {
  const head = [...EXPORT_COLUMNS.map((c) => c.header), tZh('archiveCoverage.export.columns.footprint')]
  const rows = records.map((r) => [
    ...EXPORT_COLUMNS.map((c) => c.value(r) ?? ''),
    toWkt(JSON.parse(r.footprint) as Polygon | MultiPolygon),
  ])
  return new TextEncoder().encode(`\uFEFF${stringify([head, ...rows], { record_delimiter: 'windows' })}`)
}
