/**
 * Reads a delivery of monitoring spots (zipped shapefile or GeoJSON) and checks every feature
 * against the module's declaration and the field mapping: geometry kind, coordinates in WGS84
 * degrees inside China's box, closed rings, site id present and unique, spot type among the
 * module's values, numeric attributes numbers. Runs in a worker thread (import.worker.ts); no
 * database here: validity by PostGIS and the county come after (import.service.ts).
 */
import {
  CHINA_BOX,
  type MessageKey,
  type MONITOR_IMPORT_LIMITS,
  type MonitorImportMapping,
  type MonitorModuleDecl,
  monitorModule,
} from '@rs/shared'
import { ApiError } from '../../lib/errors'
import { type MessageParams, type MessageRef, ref } from '../../lib/locale'
import { type AoiLimits, readGeojson, readShapefileZip } from '../../lib/vector-files'

export type ImportLimits = { readonly [K in keyof typeof MONITOR_IMPORT_LIMITS]: number }

/** A feature that passed the file checks: its number in the file (from 1) and what will be stored. */
export interface CheckedFeature {
  index: number
  siteId: string
  spotType: string
  attributes: Record<string, string | number>
  /** GeoJSON geometry text, 2D WGS84. */
  geometry: string
}

/** Features passing the file checks per statement, sent to the main thread as JSON text. */
export const IMPORT_CHUNK = 2000

export interface CheckedDelivery {
  featureCount: number
  /**
   * The features that passed, IMPORT_CHUNK a chunk, each chunk JSON text of rows {i, site_id,
   * spot_type, attributes, g} that PostgreSQL reads with json_to_recordset: the main thread passes
   * them on without parsing (a structured clone of 100,000 objects held the event loop ~0.3 s).
   */
  chunks: string[]
  accepted: number
  /** Rejected features by number, each with its reasons as message keys (a thread has no caller's language). */
  rejected: Array<{ index: number; siteId: string | null; reasons: MessageRef[] }>
  notices: string[]
}

const KINDS: Record<MonitorModuleDecl['geometry'], readonly string[]> = {
  polygon: ['Polygon', 'MultiPolygon'],
  line: ['LineString', 'MultiLineString'],
  point: ['Point'],
}

const TEXT_MAX = 200
const SITE_ID_MAX = 80

const reject = (key: string, params?: MessageParams) => ref(`monitorVerify.reject.${key}` as MessageKey, params)

/** A property by its field name: exact, else ignoring case (a shapefile's dBase names are often upper case). */
function field(properties: Record<string, unknown>, name: string): unknown {
  if (name in properties) return properties[name]
  const lower = name.toLowerCase()
  const key = Object.keys(properties).find((k) => k.toLowerCase() === lower)
  return key === undefined ? undefined : properties[key]
}

const blank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '')

/** The structural checks of one geometry: a reason key (and params) when it fails, and its vertex count. */
function checkGeometry(
  geometry: { type?: unknown; coordinates?: unknown },
  module: MonitorModuleDecl,
): { problem?: [string, MessageParams?]; vertices: number } {
  const type = String(geometry.type)
  if (!KINDS[module.geometry].includes(type))
    return { problem: ['geometryKind', { found: type, expected: ref(`monitorVerify.kind.${module.geometry}` as MessageKey) }], vertices: 0 }
  let vertices = 0
  let bad = false
  let outside = false
  const position = (p: unknown) => {
    vertices++
    if (!Array.isArray(p) || p.length < 2 || typeof p[0] !== 'number' || typeof p[1] !== 'number') {
      bad = true
      return
    }
    const [x, y] = p as [number, number]
    if (!Number.isFinite(x) || !Number.isFinite(y) || Math.abs(x) > 180 || Math.abs(y) > 90) {
      bad = true
      return
    }
    if (x < CHINA_BOX.west || x > CHINA_BOX.east || y < CHINA_BOX.south || y > CHINA_BOX.north) outside = true
  }
  const list = (c: unknown, min: number, closed: boolean): string | undefined => {
    if (!Array.isArray(c)) return 'bad'
    for (const p of c) position(p)
    if (c.length < min) return 'few'
    if (closed) {
      const a = c[0] as number[]
      const b = c[c.length - 1] as number[]
      if (!Array.isArray(a) || !Array.isArray(b) || a[0] !== b[0] || a[1] !== b[1]) return 'open'
    }
    return undefined
  }
  const coords = geometry.coordinates
  let shape: string | undefined
  const rings = (poly: unknown) => {
    if (!Array.isArray(poly) || poly.length === 0) {
      shape = 'bad'
      return
    }
    for (const ring of poly) shape = list(ring, 4, true) ?? shape
  }
  if (type === 'Point') position(coords)
  else if (type === 'LineString') shape = list(coords, 2, false)
  else if (type === 'MultiLineString')
    if (!Array.isArray(coords) || coords.length === 0) shape = 'bad'
    else for (const line of coords) shape = list(line, 2, false) ?? shape
  else if (type === 'Polygon') rings(coords)
  else if (!Array.isArray(coords) || coords.length === 0) shape = 'bad'
  else for (const poly of coords) rings(poly)
  if (bad || shape === 'bad') return { problem: ['badCoordinates'], vertices }
  if (outside) return { problem: ['outsideChina'], vertices }
  if (shape === 'few') return { problem: ['invalidGeometry', { detail: ref('monitorVerify.reject.tooFewPoints') }], vertices }
  if (shape === 'open') return { problem: ['invalidGeometry', { detail: ref('monitorVerify.reject.ringOpen') }], vertices }
  return { vertices }
}

/** Parses the mapping text of the form; 400 when it is not the expected JSON or names an undeclared attribute. */
export function parseMapping(text: string | undefined, module: MonitorModuleDecl): MonitorImportMapping {
  const bad = () => ApiError.of(400, 'monitorVerify.errors.importBadMapping')
  let value: unknown
  try {
    value = JSON.parse(text ?? '')
  } catch {
    throw bad()
  }
  if (!value || typeof value !== 'object') throw bad()
  const m = value as Record<string, unknown>
  const name = (v: unknown) => typeof v === 'string' && v.trim().length > 0 && v.length <= 64
  if (!name(m.siteId) || !name(m.spotType)) throw bad()
  const attributes: Record<string, string> = {}
  if (m.attributes !== undefined) {
    if (!m.attributes || typeof m.attributes !== 'object' || Array.isArray(m.attributes)) throw bad()
    for (const [key, source] of Object.entries(m.attributes as Record<string, unknown>)) {
      if (!module.attributes.some((a) => a.key === key))
        throw ApiError.of(400, 'monitorVerify.errors.importUnknownAttribute', { key: key.slice(0, 40) })
      if (source === '' || source === null) continue
      if (!name(source)) throw bad()
      attributes[key] = (source as string).trim()
    }
  }
  return { siteId: (m.siteId as string).trim(), spotType: (m.spotType as string).trim(), attributes }
}

/** Reads the file and checks every feature; file-level problems (broken zip, too many features) are ApiErrors. */
export async function checkDelivery(input: {
  fileName: string
  data: Uint8Array
  module: string
  mapping: MonitorImportMapping
  limits: ImportLimits
}): Promise<CheckedDelivery> {
  const module = monitorModule(input.module)
  if (!module) throw ApiError.of(400, 'monitor.errors.unknownModule')
  const { limits, mapping } = input
  const lower = input.fileName.toLowerCase()
  const aoiLimits: AoiLimits = {
    maxUploadBytes: limits.maxUploadBytes,
    maxUnzippedBytes: limits.maxUnzippedBytes,
    maxZipEntries: limits.maxZipEntries,
    maxFeatures: limits.maxFeatures,
    maxVertices: limits.maxVertices,
    maxProcessingSeconds: limits.maxProcessingSeconds,
  }
  let geojson: unknown
  let notices: string[] = []
  if (lower.endsWith('.zip')) ({ geojson, notices } = await readShapefileZip(input.data, aoiLimits))
  else if (lower.endsWith('.geojson') || lower.endsWith('.json')) geojson = readGeojson(input.data)
  else throw ApiError.of(415, 'monitorVerify.errors.importNoFile')
  // shpjs answers one FeatureCollection per layer; a zip with one layer gives one
  const collection = Array.isArray(geojson) ? geojson[0] : geojson
  const list = (collection as { type?: unknown; features?: unknown })?.features
  if ((collection as { type?: unknown })?.type !== 'FeatureCollection' || !Array.isArray(list))
    throw ApiError.of(400, 'aoi.errors.brokenGeojson', { detail: ref('monitorVerify.errors.importEmpty') })
  if (list.length === 0) throw ApiError.of(400, 'monitorVerify.errors.importEmpty')
  if (list.length > limits.maxFeatures)
    throw ApiError.of(413, 'monitorVerify.errors.importTooManyFeatures', { count: list.length, max: limits.maxFeatures })

  const features: CheckedFeature[] = []
  const rejected: CheckedDelivery['rejected'] = []
  const seen = new Map<string, number>()
  let vertices = 0
  for (const [i, raw] of list.entries()) {
    const index = i + 1
    const reasons: MessageRef[] = []
    const f = (raw ?? {}) as { geometry?: { type?: unknown; coordinates?: unknown } | null; properties?: Record<string, unknown> | null }
    const properties = f.properties && typeof f.properties === 'object' ? f.properties : {}
    const siteValue = field(properties, mapping.siteId)
    const siteId = blank(siteValue) ? null : String(siteValue).trim().slice(0, SITE_ID_MAX)
    if (!siteId) reasons.push(reject('missingSiteId', { field: mapping.siteId }))
    else if (seen.has(siteId)) reasons.push(reject('duplicateSiteId', { siteId, other: seen.get(siteId) as number }))
    else seen.set(siteId, index)
    const typeValue = field(properties, mapping.spotType)
    const spotType = blank(typeValue) ? null : String(typeValue).trim()
    if (spotType === null) reasons.push(reject('missingSpotType', { field: mapping.spotType }))
    else if (!module.spotTypes.some((t) => t.value === spotType)) reasons.push(reject('badSpotType', { value: spotType.slice(0, 40) }))
    const attributes: Record<string, string | number> = {}
    for (const decl of module.attributes) {
      const source = mapping.attributes[decl.key]
      if (!source) continue
      const value = field(properties, source)
      if (blank(value)) continue
      const name = ref(decl.labelKey as MessageKey)
      if (decl.kind === 'number') {
        const n = typeof value === 'number' ? value : Number(String(value).trim())
        if (Number.isFinite(n)) attributes[decl.key] = n
        else reasons.push(reject('badNumber', { name, field: source, value: String(value).slice(0, 40) }))
      } else {
        const text = String(value).trim()
        if (text.length > TEXT_MAX) reasons.push(reject('textTooLong', { name, max: TEXT_MAX }))
        else attributes[decl.key] = text
      }
    }
    let geometry: string | undefined
    if (!f.geometry || typeof f.geometry !== 'object') reasons.push(reject('noGeometry'))
    else {
      const checked = checkGeometry(f.geometry, module)
      vertices += checked.vertices
      if (vertices > limits.maxVertices) throw ApiError.of(413, 'monitorVerify.errors.importTooManyVertices', { max: limits.maxVertices })
      if (checked.problem) reasons.push(reject(...checked.problem))
      else geometry = JSON.stringify({ type: f.geometry.type, coordinates: f.geometry.coordinates })
    }
    if (reasons.length > 0 || !geometry || !siteId || spotType === null) rejected.push({ index, siteId, reasons })
    else features.push({ index, siteId, spotType, attributes, geometry })
  }
  const chunks: string[] = []
  for (let start = 0; start < features.length; start += IMPORT_CHUNK)
    chunks.push(
      JSON.stringify(
        features.slice(start, start + IMPORT_CHUNK).map((f) => ({
          i: f.index,
          site_id: f.siteId,
          spot_type: f.spotType,
          attributes: f.attributes,
          g: f.geometry,
        })),
      ),
    )
  return { featureCount: list.length, chunks, accepted: features.length, rejected, notices }
}
