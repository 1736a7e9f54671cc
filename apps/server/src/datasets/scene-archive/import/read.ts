/**
 * Readers of a real archive's files into raw records, one per data row, before any validation:
 * STAC Items as ndjson (one Item per line), CSV with a WKT footprint column, and a zipped
 * shapefile of footprints (shpjs; a .prj is applied through proj4, as the AOI upload does).
 * A record keeps its row number (the line of the file, or the feature's number) for the report.
 */
import { tZh } from '@rs/shared'
import { parse as parseCsv } from 'csv-parse/sync'
import shp from 'shpjs'
import wkx from 'wkx'
import { translatorOf, withLocale } from '../../../lib/locale'
import { EXPORT_COLUMNS } from '../columns'

export const IMPORT_FORMATS = ['stac', 'csv', 'shp'] as const
export type ImportFormat = (typeof IMPORT_FORMATS)[number]

/** The fields of a scene as an import reads them, still unchecked (strings, numbers or nothing). */
export const SCENE_FIELDS = [
  'id',
  'satellite',
  'sensor',
  'acquiredAt',
  'cloudPercent',
  'resolutionM',
  'productLevel',
  'fileName',
  'orbit',
  'path',
  'row',
  'direction',
  'offNadirDeg',
  'sunElevationDeg',
  'dataStatus',
  'quicklookHref',
] as const
export type SceneField = (typeof SCENE_FIELDS)[number]

export interface RawRecord {
  /** 1-based: the line in an ndjson or CSV file (the header is line 1), the feature's number in a shapefile */
  row: number
  fields: Partial<Record<SceneField, unknown>>
  /** GeoJSON geometry as read (STAC, shapefile), or undefined with `wkt` set (CSV) */
  geometry?: unknown
  wkt?: string
  /** a reason the row could not even be read (bad JSON, not an Item) */
  unreadable?: string
}

/** An error of the whole file (nothing could be read row by row): a Chinese message. */
export class ImportFileError extends Error {}

/** The format by the file's name: .ndjson/.jsonl/.json → stac, .csv → csv, .zip → shp. */
export function formatOf(fileName: string): ImportFormat {
  const lower = fileName.toLowerCase()
  if (/\.(nd)?jsonl?$|\.ndjson$|\.geojsonl?$/.test(lower)) return 'stac'
  if (lower.endsWith('.csv')) return 'csv'
  if (lower.endsWith('.zip')) return 'shp'
  throw new ImportFileError(tZh('archiveImport.errors.unknownFormat', { name: fileName }))
}

export async function readRecords(format: ImportFormat, data: Uint8Array): Promise<RawRecord[]> {
  const records = format === 'stac' ? readStacNdjson(data) : format === 'csv' ? readCsv(data) : await readShapefile(data)
  if (records.length === 0) throw new ImportFileError(tZh('archiveImport.errors.empty'))
  return records
}

const text = (data: Uint8Array) => {
  const s = new TextDecoder().decode(data)
  return s.charCodeAt(0) === 0xfeff ? s.slice(1) : s
}

/** A STAC Item's fields: core, eo, sat and view extensions, and this portal's own rs: properties. */
export function itemFields(item: Record<string, unknown>): RawRecord['fields'] {
  const p = (item.properties ?? {}) as Record<string, unknown>
  const instruments = Array.isArray(p.instruments) ? p.instruments : []
  const thumbnail = ((item.assets ?? {}) as Record<string, { href?: unknown } | undefined>).thumbnail?.href
  return {
    id: item.id,
    satellite: p.platform,
    sensor: instruments.length === 1 ? instruments[0] : instruments.length > 1 ? instruments.join(',') : undefined,
    acquiredAt: p.datetime ?? p.start_datetime,
    cloudPercent: p['eo:cloud_cover'],
    resolutionM: p.gsd,
    productLevel: p['rs:product_level'] ?? p['processing:level'],
    // a STAC Item's id names its product when no file name is given
    fileName: p['rs:file_name'] ?? item.id,
    orbit: p['sat:absolute_orbit'],
    path: p['rs:path'] ?? p['sat:relative_orbit'],
    row: p['rs:row'],
    direction: p['sat:orbit_state'],
    offNadirDeg: p['view:off_nadir'],
    sunElevationDeg: p['view:sun_elevation'],
    dataStatus: p['rs:data_status'],
    // our own /stac points thumbnails at the portal's quicklook call: that is not a stored image
    quicklookHref: typeof thumbnail === 'string' && !thumbnail.includes('/api/normalmeta/quicklook') ? thumbnail : undefined,
  }
}

export function readStacNdjson(data: Uint8Array): RawRecord[] {
  const records: RawRecord[] = []
  text(data)
    .split(/\r?\n/)
    .forEach((line, i) => {
      if (line.trim() === '') return
      const row = i + 1
      let item: unknown
      try {
        item = JSON.parse(line)
      } catch (error) {
        records.push({
          row,
          fields: {},
          unreadable: tZh('archiveImport.reasons.badJson', { detail: (error as Error).message.slice(0, 120) }),
        })
        return
      }
      if (!item || typeof item !== 'object' || (item as { type?: unknown }).type !== 'Feature') {
        records.push({ row, fields: {}, unreadable: tZh('archiveImport.reasons.notItem') })
        return
      }
      const it = item as Record<string, unknown>
      records.push({ row, fields: itemFields(it), geometry: it.geometry })
    })
  return records
}

/**
 * Column names, case-insensitive: the documented snake_case names, and the headers (CSV, Excel)
 * and dBase field names of the portal's own exports, so that an export imports back.
 */
const COLUMN_NAMES: Record<SceneField | 'footprint', string[]> = {
  id: ['id', 'scene_id'],
  satellite: ['satellite'],
  sensor: ['sensor'],
  acquiredAt: ['acquired_at', 'acq_time', 'datetime'],
  cloudPercent: ['cloud_percent', 'cloud'],
  resolutionM: ['resolution_m', 'res_m'],
  productLevel: ['product_level', 'level'],
  fileName: ['file_name'],
  orbit: ['orbit'],
  path: ['path'],
  row: ['row'],
  direction: ['direction'],
  offNadirDeg: ['off_nadir_deg', 'off_nadir'],
  sunElevationDeg: ['sun_elevation_deg', 'sun_elev'],
  dataStatus: ['data_status', 'status'],
  quicklookHref: ['quicklook_href', 'quicklook'],
  footprint: [
    'footprint',
    'wkt',
    tZh('archiveCoverage.export.columns.footprint'),
    translatorOf('en-US')('archiveCoverage.export.columns.footprint'),
  ],
}
// the export's headings in either language (an export re-imported reads back), and its dBase names
for (const column of EXPORT_COLUMNS) {
  const names = COLUMN_NAMES[column.key as SceneField]
  if (names)
    names.push(
      withLocale('zh-CN', () => column.header),
      withLocale('en-US', () => column.header),
      column.field,
    )
}
const FIELD_OF_COLUMN = new Map<string, SceneField | 'footprint'>()
for (const [field, names] of Object.entries(COLUMN_NAMES))
  for (const name of names) FIELD_OF_COLUMN.set(name.toLowerCase(), field as SceneField | 'footprint')

export const REQUIRED_CSV_COLUMNS = [
  'id',
  'satellite',
  'sensor',
  'acquiredAt',
  'cloudPercent',
  'resolutionM',
  'productLevel',
  'fileName',
  'footprint',
] as const

export function readCsv(data: Uint8Array): RawRecord[] {
  let rows: Array<{ record: string[]; info: { lines: number } }>
  try {
    rows = parseCsv(text(data), { relax_column_count: true, skip_empty_lines: true, trim: true, info: true }) as unknown as typeof rows
  } catch (error) {
    throw new ImportFileError(tZh('archiveImport.errors.brokenCsv', { reason: (error as Error).message.slice(0, 200) }))
  }
  const [first, ...body] = rows
  if (!first) return []
  const columns = first.record.map((h) => FIELD_OF_COLUMN.get(h.trim().toLowerCase()))
  const missing = REQUIRED_CSV_COLUMNS.filter((f) => !columns.includes(f)).map((f) => COLUMN_NAMES[f][0])
  if (missing.length > 0) throw new ImportFileError(tZh('archiveImport.errors.missingColumns', { columns: missing.join(', ') }))
  // a quoted field may span lines: the row is the line the record ends on, as csv-parse counts it
  return body.map(({ record: cells, info }) => {
    const record: RawRecord = { row: info.lines, fields: {} }
    cells.forEach((cell, c) => {
      const field = columns[c]
      if (!field || cell === '') return
      if (field === 'footprint') record.wkt = cell
      else record.fields[field] = cell
    })
    return record
  })
}

/** Parses a WKT footprint into GeoJSON; a Chinese reason when it cannot be read. */
export function wktToGeometry(wkt: string): { geometry?: unknown; error?: string } {
  try {
    return { geometry: wkx.Geometry.parse(wkt).toGeoJSON() }
  } catch (error) {
    return { error: tZh('archiveImport.reasons.badWkt', { detail: (error as Error).message.slice(0, 120) }) }
  }
}

export async function readShapefile(data: Uint8Array): Promise<RawRecord[]> {
  let parsed: unknown
  try {
    parsed = await shp(data)
  } catch (error) {
    const reason = (error as Error).message ?? String(error)
    if (/no layers/i.test(reason)) throw new ImportFileError(tZh('archiveImport.errors.noShapefile'))
    throw new ImportFileError(tZh('archiveImport.errors.brokenZip', { reason: reason.slice(0, 200) }))
  }
  const layers = (Array.isArray(parsed) ? parsed : [parsed]) as Array<{ features?: unknown[] }>
  const features = layers.flatMap((l) => l.features ?? []) as Array<{ properties?: Record<string, unknown>; geometry?: unknown }>
  return features.map((f, i) => {
    const record: RawRecord = { row: i + 1, fields: {}, geometry: f.geometry }
    for (const [name, value] of Object.entries(f.properties ?? {})) {
      const field = FIELD_OF_COLUMN.get(name.trim().toLowerCase())
      if (!field || field === 'footprint' || value === null || value === undefined) continue
      const v = typeof value === 'string' ? value.trim() : value
      if (v !== '') record.fields[field] = v
    }
    return record
  })
}
