/**
 * Row-by-row validation of an import: every reason a row cannot be stored, in Chinese, for the
 * report. A row passes with its footprint as one valid MultiPolygon (repaired by GEOS when it was
 * not valid) inside the world; satellite and sensor codes are those of the satellite catalogue
 * (satellite_sensor), matched without regard to case and stored in the catalogue's spelling.
 */
import { DATA_STATUS, type DataStatus, PRODUCT_LEVELS, tZh } from '@rs/shared'
import type { MultiPolygon, Position } from 'geojson'
import { isValidArea, repairArea } from '../../../lib/geometry/repair'
import { type RawRecord, wktToGeometry } from './read'

export const IMPORT_LIMITS = {
  maxIdLength: 200,
  maxTextLength: 500,
  maxVertices: 10_000,
  /** a scene wider than this in longitude is a footprint drawn across the antimeridian, or not a scene */
  maxLonSpanDeg: 60,
  earliest: Date.UTC(1960, 0, 1),
} as const

export interface CatalogueSensor {
  satellite: string
  sensor: string
  slug: string
}
/** satellite code (lower case) → its sensors by code (lower case) */
export type ImportCatalogue = Map<string, { code: string; sensors: Map<string, CatalogueSensor> }>

export function catalogueOf(rows: Array<{ satellite: string; sensor_id: string; slug: string }>): ImportCatalogue {
  const out: ImportCatalogue = new Map()
  for (const r of rows) {
    const key = r.satellite.toLowerCase()
    const entry = out.get(key) ?? { code: r.satellite, sensors: new Map() }
    entry.sensors.set(r.sensor_id.toLowerCase(), { satellite: r.satellite, sensor: r.sensor_id, slug: r.slug })
    out.set(key, entry)
  }
  return out
}

export interface ImportScene {
  id: string
  satellite: string
  sensor: string
  slug: string
  acquiredAt: string
  cloudPercent: number
  resolutionM: number
  productLevel: string
  fileName: string
  orbit: number | null
  path: number | null
  row: number | null
  direction: 'ascending' | 'descending' | null
  offNadirDeg: number | null
  sunElevationDeg: number | null
  dataStatus: DataStatus
  quicklookHref: string | null
  footprint: MultiPolygon
}

export interface RowVerdict {
  row: number
  id?: string
  scene?: ImportScene
  repaired?: boolean
  reasons: string[]
}

const r = (key: string, params?: Record<string, string | number>) =>
  tZh(`archiveImport.reasons.${key}` as Parameters<typeof tZh>[0], params)

const str = (v: unknown): string | undefined => {
  if (v === undefined || v === null) return undefined
  const s = String(v).trim()
  return s === '' ? undefined : s
}

/** Times with an offset or Z as given; a time without one is Beijing time (UTC+8), as the operators write it. */
export function parseTime(value: string): Date | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i.exec(value)
  if (!m) return undefined
  const [, y, mo, d, h = '00', mi = '00', s = '00', frac = '', zone] = m
  const offset = !zone ? '+08:00' : zone.toUpperCase() === 'Z' ? 'Z' : zone.includes(':') ? zone : `${zone.slice(0, 3)}:${zone.slice(3)}`
  const date = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}${frac}${offset}`)
  if (Number.isNaN(date.getTime())) return undefined
  // Date rolls 31 February over into March: the fields must read back the same
  const check = new Date(date.getTime() + (offset === 'Z' ? 0 : offsetMs(offset)))
  if (check.getUTCDate() !== Number(d) || check.getUTCMonth() + 1 !== Number(mo) || check.getUTCHours() !== Number(h)) return undefined
  return date
}

function offsetMs(offset: string): number {
  const sign = offset.startsWith('-') ? -1 : 1
  return sign * (Number(offset.slice(1, 3)) * 3600_000 + Number(offset.slice(4, 6)) * 60_000)
}

const DIRECTIONS: Record<string, 'ascending' | 'descending'> = {
  ascending: 'ascending',
  descending: 'descending',
  a: 'ascending',
  d: 'descending',
  [tZh('archiveCoverage.export.direction.ascending')]: 'ascending',
  [tZh('archiveCoverage.export.direction.descending')]: 'descending',
}

/** data status by its code or by its Chinese label (as the exports write it) */
const STATUS_OF = new Map<string, DataStatus>()
for (const s of DATA_STATUS) {
  STATUS_OF.set(s, s)
  const label = tZh(`archive.dataStatus.${s}` as Parameters<typeof tZh>[0])
  if (!label.startsWith('archive.')) STATUS_OF.set(label, s)
}

/** Checks one record; the reasons are empty when it can be stored. */
export async function validateRecord(record: RawRecord, catalogue: ImportCatalogue): Promise<RowVerdict> {
  const f = record.fields
  const id = str(f.id)
  const verdict: RowVerdict = { row: record.row, id, reasons: [] }
  if (record.unreadable) {
    verdict.reasons.push(record.unreadable)
    return verdict
  }
  const reasons = verdict.reasons
  const required = (field: string, v: unknown) => {
    const s = str(v)
    if (s === undefined) reasons.push(r('missing', { field }))
    return s
  }
  const text = (field: string, v: unknown, max: number = IMPORT_LIMITS.maxTextLength) => {
    const s = required(field, v)
    if (s !== undefined && s.length > max) {
      reasons.push(r('badText', { field, max }))
      return undefined
    }
    return s
  }
  const optionalNumber = (field: string, v: unknown, integer: boolean): number | null => {
    const s = str(v)
    if (s === undefined) return null
    const n = Number(s)
    if (integer ? !Number.isInteger(n) || n < 0 : !Number.isFinite(n)) {
      reasons.push(r(integer ? 'badInteger' : 'badNumber', { field, value: s.slice(0, 40) }))
      return null
    }
    return n
  }

  if (id !== undefined && (id.length > IMPORT_LIMITS.maxIdLength || !/^[^\s/\\?#]+$/u.test(id)))
    reasons.push(r('badId', { value: id.slice(0, 60), max: IMPORT_LIMITS.maxIdLength }))
  else required('id', f.id)

  const satellite = required('satellite', f.satellite)
  const sensor = required('sensor', f.sensor)
  let match: CatalogueSensor | undefined
  if (satellite !== undefined) {
    const sat = catalogue.get(satellite.toLowerCase())
    if (!sat) reasons.push(r('unknownSatellite', { satellite }))
    else if (sensor !== undefined) {
      match = sat.sensors.get(sensor.toLowerCase())
      if (!match)
        reasons.push(
          r('unknownSensor', {
            satellite: sat.code,
            sensor,
            known: [...sat.sensors.values()].map((s) => s.sensor).join('、'),
          }),
        )
    }
  }

  const time = required('acquired_at', f.acquiredAt)
  let acquiredAt: Date | undefined
  if (time !== undefined) {
    acquiredAt = parseTime(time)
    if (!acquiredAt) reasons.push(r('badTime', { value: time.slice(0, 40) }))
    else if (acquiredAt.getTime() < IMPORT_LIMITS.earliest || acquiredAt.getTime() > Date.now() + 86_400_000) {
      reasons.push(r('timeOutOfRange', { value: time }))
      acquiredAt = undefined
    }
  }

  const cloudText = required('cloud_percent', f.cloudPercent)
  const cloud = Number(cloudText)
  if (cloudText !== undefined && !(Number.isFinite(cloud) && cloud >= 0 && cloud <= 100))
    reasons.push(r('badCloud', { value: cloudText.slice(0, 40) }))
  const resolutionText = required('resolution_m', f.resolutionM)
  const resolution = Number(resolutionText)
  if (resolutionText !== undefined && !(Number.isFinite(resolution) && resolution > 0))
    reasons.push(r('badResolution', { value: resolutionText.slice(0, 40) }))

  const levelText = required('product_level', f.productLevel)
  const level = PRODUCT_LEVELS.find((l) => l.toLowerCase() === levelText?.toLowerCase())
  if (levelText !== undefined && !level)
    reasons.push(r('badProductLevel', { value: levelText.slice(0, 40), allowed: PRODUCT_LEVELS.join('、') }))
  const fileName = text('file_name', f.fileName)

  const orbit = optionalNumber('orbit', f.orbit, true)
  const path = optionalNumber('path', f.path, true)
  const row = optionalNumber('row', f.row, true)
  const offNadirDeg = optionalNumber('off_nadir_deg', f.offNadirDeg, false)
  const sunElevationDeg = optionalNumber('sun_elevation_deg', f.sunElevationDeg, false)
  const directionText = str(f.direction)
  const direction = directionText === undefined ? null : (DIRECTIONS[directionText.toLowerCase()] ?? DIRECTIONS[directionText])
  if (direction === undefined) reasons.push(r('badDirection', { value: (directionText ?? '').slice(0, 40) }))
  const statusText = str(f.dataStatus)
  const dataStatus = statusText === undefined ? '2' : STATUS_OF.get(statusText)
  if (!dataStatus) reasons.push(r('badDataStatus', { value: (statusText ?? '').slice(0, 40), allowed: DATA_STATUS.join('、') }))
  const quicklookText = str(f.quicklookHref)
  const quicklookHref =
    quicklookText !== undefined && /^https?:\/\/\S+$/.test(quicklookText) && quicklookText.length <= 2000 ? quicklookText : null

  const footprint = await checkFootprint(record, reasons)
  if (reasons.length > 0 || !footprint || !id || !match || !acquiredAt || !level || !fileName || !dataStatus || direction === undefined)
    return verdict
  verdict.repaired = footprint.repaired
  verdict.scene = {
    id,
    satellite: match.satellite,
    sensor: match.sensor,
    slug: match.slug,
    acquiredAt: acquiredAt.toISOString(),
    cloudPercent: cloud,
    resolutionM: resolution,
    productLevel: level,
    fileName,
    orbit,
    path,
    row,
    direction,
    offNadirDeg,
    sunElevationDeg,
    dataStatus,
    quicklookHref,
    footprint: footprint.geometry,
  }
  return verdict
}

/** The footprint as one valid MultiPolygon in lon/lat degrees, or reasons why not. */
async function checkFootprint(record: RawRecord, reasons: string[]): Promise<{ geometry: MultiPolygon; repaired: boolean } | undefined> {
  let geometry = record.geometry
  if (geometry === undefined && record.wkt !== undefined) {
    const parsed = wktToGeometry(record.wkt)
    if (parsed.error) {
      reasons.push(parsed.error)
      return undefined
    }
    geometry = parsed.geometry
  }
  if (geometry === undefined || geometry === null) {
    reasons.push(r('missing', { field: 'footprint' }))
    return undefined
  }
  const g = geometry as { type?: unknown; coordinates?: unknown }
  if (g.type !== 'Polygon' && g.type !== 'MultiPolygon') {
    reasons.push(r('badGeometry', { type: String(g.type ?? '?').slice(0, 40) }))
    return undefined
  }
  const polygons = (g.type === 'Polygon' ? [g.coordinates] : g.coordinates) as unknown
  if (!Array.isArray(polygons)) {
    reasons.push(r('badGeometry', { type: String(g.type) }))
    return undefined
  }
  let vertices = 0
  let west = Infinity
  let east = -Infinity
  const clean: Position[][][] = []
  for (const polygon of polygons) {
    if (!Array.isArray(polygon)) return void reasons.push(r('badGeometry', { type: String(g.type) }))
    const rings: Position[][] = []
    for (const ring of polygon) {
      if (!Array.isArray(ring)) return void reasons.push(r('badGeometry', { type: String(g.type) }))
      const positions: Position[] = []
      for (const p of ring) {
        const lon = Array.isArray(p) ? Number(p[0]) : Number.NaN
        const lat = Array.isArray(p) ? Number(p[1]) : Number.NaN
        if (!(Number.isFinite(lon) && Number.isFinite(lat) && lon >= -180 && lon <= 180 && lat >= -90 && lat <= 90)) {
          reasons.push(
            r('outsideWorld', {
              lon: String(Array.isArray(p) ? p[0] : p).slice(0, 20),
              lat: String(Array.isArray(p) ? p[1] : '').slice(0, 20),
            }),
          )
          return undefined
        }
        west = Math.min(west, lon)
        east = Math.max(east, lon)
        positions.push([lon, lat])
      }
      vertices += positions.length
      const first = positions[0]
      const last = positions[positions.length - 1]
      if (first && last && (first[0] !== last[0] || first[1] !== last[1])) positions.push(first)
      rings.push(positions)
    }
    clean.push(rings)
  }
  if (vertices > IMPORT_LIMITS.maxVertices) {
    reasons.push(r('tooManyVertices', { count: vertices, max: IMPORT_LIMITS.maxVertices }))
    return undefined
  }
  if (east - west > IMPORT_LIMITS.maxLonSpanDeg) {
    reasons.push(r('tooLarge', { span: Math.round(east - west), max: IMPORT_LIMITS.maxLonSpanDeg }))
    return undefined
  }
  const usable = clean.every((rings) => rings.length > 0 && rings.every((ring) => ring.length >= 4))
  if (usable && (await isValidArea(clean))) return { geometry: { type: 'MultiPolygon', coordinates: clean }, repaired: false }
  const repaired = await repairArea(clean)
  if (!repaired) {
    reasons.push(r('noArea'))
    return undefined
  }
  return { geometry: repaired.geometry, repaired: true }
}
