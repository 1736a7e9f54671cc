import { type ExportFormat, tZh } from '@rs/shared'
import { writeCsv } from './csv'
import { writeGeojson } from './geojson'
import { beijingStamp, type ExportRecord } from './records'
import { writeShapefileZip } from './shapefile'
import { writeXlsx } from './xlsx'

export { EXPORT_COLUMNS, type ExportRecord } from './records'

/** An export file: its bytes, content type, an ASCII name and the Chinese name (content-disposition filename*). */
export interface ExportFile {
  bytes: Uint8Array
  contentType: string
  fileName: string
  displayName: string
}

const KINDS: Record<ExportFormat, { extension: string; contentType: string }> = {
  csv: { extension: 'csv', contentType: 'text/csv; charset=utf-8' },
  xlsx: { extension: 'xlsx', contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  geojson: { extension: 'geojson', contentType: 'application/geo+json; charset=utf-8' },
  shp: { extension: 'zip', contentType: 'application/zip' },
}

/** Writes the scenes in one of the export formats (CSV, Excel, GeoJSON, zipped shapefile), named with the Beijing day. */
export async function writeExport(format: ExportFormat, records: readonly ExportRecord[], at: Date = new Date()): Promise<ExportFile> {
  const stamp = beijingStamp(at)
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
    displayName: `${tZh('archiveCoverage.export.fileBase')}-${stamp}.${kind.extension}`,
  }
}

/** content-disposition of a download: an ASCII fallback name and the UTF-8 name (RFC 6266 / 5987). */
export function contentDisposition(file: Pick<ExportFile, 'fileName' | 'displayName'>): string {
  return `attachment; filename="${file.fileName}"; filename*=UTF-8''${encodeURIComponent(file.displayName)}`
}
