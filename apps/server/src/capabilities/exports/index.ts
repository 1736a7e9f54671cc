/**
 * The exports capability: the one door to every file the server writes for download. CSV and Excel
 * follow the export policy of packages/shared (BOM, CRLF, RFC 4180, formula escaping of every text
 * cell, Beijing time); the scene list is also written as GeoJSON and a zipped shapefile.
 */
import { CSV_CONTENT_TYPE, type ExportFormat, formatBeijingTime } from '@rs/shared'
import type { ExportRecord } from '../../datasets/scene-archive/columns'
import { t } from '../../lib/locale'
import { writeCsv } from './csv'
import { writeGeojson } from './geojson'
import { writeShapefileZip } from './shapefile'
import { writeXlsx } from './xlsx'

export { EXPORT_COLUMNS, type ExportColumn, type ExportRecord } from '../../datasets/scene-archive/columns'
export { WGS84_PRJ, writeDbf, writeShpShx } from './shapefile'
export { csvBytes, csvText, type SheetOptions, xlsxBytes } from './table'

/** An export file: its bytes, content type, an ASCII name and the Chinese name (content-disposition filename*). */
export interface ExportFile {
  bytes: Uint8Array
  contentType: string
  fileName: string
  displayName: string
}

const KINDS: Record<ExportFormat, { extension: string; contentType: string }> = {
  csv: { extension: 'csv', contentType: CSV_CONTENT_TYPE },
  xlsx: { extension: 'xlsx', contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  geojson: { extension: 'geojson', contentType: 'application/geo+json; charset=utf-8' },
  shp: { extension: 'zip', contentType: 'application/zip' },
}

/** 20261126: the Beijing day that dates an export's file name. */
export function exportStamp(at: Date = new Date()): string {
  return formatBeijingTime(at, 'YYYYMMDD')
}

/** Writes the scenes in one of the export formats (CSV, Excel, GeoJSON, zipped shapefile), named with the Beijing day. */
export async function writeExport(format: ExportFormat, records: readonly ExportRecord[], at: Date = new Date()): Promise<ExportFile> {
  const stamp = exportStamp(at)
  const base = `scenes-${stamp}`
  const kind = KINDS[format]
  const bytes =
    format === 'csv'
      ? writeCsv(records)
      : format === 'xlsx'
        ? await writeXlsx(records)
        : format === 'geojson'
          ? writeGeojson(records)
          : writeShapefileZip(records, base)
  return {
    bytes,
    contentType: kind.contentType,
    fileName: `${base}.${kind.extension}`,
    displayName: `${t('archiveCoverage.export.fileBase')}-${stamp}.${kind.extension}`,
  }
}

/** content-disposition of a download: an ASCII fallback name and the UTF-8 name (RFC 6266 / 5987). */
export function contentDisposition(file: Pick<ExportFile, 'fileName' | 'displayName'>): string {
  return `attachment; filename="${file.fileName}"; filename*=UTF-8''${encodeURIComponent(file.displayName)}`
}
