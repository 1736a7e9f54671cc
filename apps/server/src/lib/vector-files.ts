/**
 * Reads an uploaded vector file (area of interest, monitoring delivery) (zipped shapefile, GeoJSON, KML) into WGS84 polygons,
 * defensively: the zip is checked before anything is unpacked, every limit is counted while
 * reading, and every failure is an ApiError with a Chinese message. No database here.
 */
import { inflateRawSync } from 'node:zlib'
import { AOI_LIMITS, type MessageKey } from '@rs/shared'
import { kml } from '@tmcw/togeojson'
import { DOMParser } from '@xmldom/xmldom'
import { iter } from 'but-unzip'
import type { Geometry, Position } from 'geojson'
import proj4 from 'proj4'
import shp from 'shpjs'
import { ApiError } from './errors'
import { type MessageParams, type MessageRef, ref } from './locale'

export type AoiLimits = { readonly [K in keyof typeof AOI_LIMITS]: number }

/** One polygon: rings of [lon, lat] positions, the first ring the outer one. */
export type PolygonCoords = Position[][]

export interface ParsedAoi {
  polygons: PolygonCoords[]
  featureCount: number
  vertexCount: number
  /** Message keys of what the reading assumed (e.g. aoi.assumedWgs84), translated where they are answered. */
  notices: string[]
}

const MB = 1024 * 1024

function fail(status: number, key: MessageKey, params?: MessageParams): never {
  throw ApiError.of(status, key, params)
}

function sizeText(bytes: number): string {
  return `${Math.round(bytes / MB)} MB`
}

/** The file's kind by its name's ending; anything else is refused with 415. */
export function fileKind(fileName: string): 'zip' | 'geojson' | 'kml' {
  const lower = fileName.toLowerCase()
  if (lower.endsWith('.zip')) return 'zip'
  if (lower.endsWith('.geojson') || lower.endsWith('.json')) return 'geojson'
  if (lower.endsWith('.kml')) return 'kml'
  return fail(415, 'aoi.errors.unsupported', { name: fileName.slice(0, 80) })
}

/**
 * Checks a zip's central directory before unpacking: entry count and the declared unpacked sizes.
 * Returns the declared total. A file that is not a zip gives 415, a damaged directory 400.
 */
export function checkZipDirectory(buf: Uint8Array, limits: AoiLimits): number {
  if (buf.length < 22 || buf[0] !== 0x50 || buf[1] !== 0x4b || buf[2] !== 0x03 || buf[3] !== 0x04) fail(415, 'aoi.errors.notZip')
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength)
  // end-of-central-directory record: the last signature within the final 64 KiB + 22 bytes
  let eocd = -1
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 0xffff); i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      eocd = i
      break
    }
  }
  if (eocd < 0) fail(400, 'aoi.errors.zipBroken')
  const entries = view.getUint16(eocd + 10, true)
  const dirOffset = view.getUint32(eocd + 16, true)
  if (entries === 0xffff || dirOffset === 0xffffffff) fail(413, 'aoi.errors.zipTooLarge', { size: sizeText(limits.maxUnzippedBytes) }) // zip64: never needed for an AOI
  if (entries > limits.maxZipEntries) fail(413, 'aoi.errors.zipTooManyEntries', { max: limits.maxZipEntries })
  let offset = dirOffset
  let total = 0
  for (let n = 0; n < entries; n++) {
    if (offset + 46 > buf.length || view.getUint32(offset, true) !== 0x02014b50) fail(400, 'aoi.errors.zipBroken')
    total += view.getUint32(offset + 24, true)
    if (total > limits.maxUnzippedBytes) fail(413, 'aoi.errors.zipTooLarge', { size: sizeText(limits.maxUnzippedBytes) })
    offset += 46 + view.getUint16(offset + 28, true) + view.getUint16(offset + 30, true) + view.getUint16(offset + 32, true)
  }
  return total
}

/**
 * Unpacks a checked zip, counting the bytes actually inflated: an entry whose declared size lies
 * stops at the remaining budget instead of filling memory.
 */
export function unzipGuarded(buf: Uint8Array, limits: AoiLimits): Map<string, Uint8Array> {
  checkZipDirectory(buf, limits)
  let budget = limits.maxUnzippedBytes
  const tooLarge = () => fail(413, 'aoi.errors.zipTooLarge', { size: sizeText(limits.maxUnzippedBytes) })
  const inflate = (raw: Uint8Array): Uint8Array => {
    if (budget <= 0) tooLarge()
    try {
      return inflateRawSync(raw, { maxOutputLength: budget })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE' || error instanceof RangeError) tooLarge()
      throw error
    }
  }
  const files = new Map<string, Uint8Array>()
  try {
    let count = 0
    for (const item of iter(buf, inflate)) {
      if (++count > limits.maxZipEntries) fail(413, 'aoi.errors.zipTooManyEntries', { max: limits.maxZipEntries })
      if (item.filename.endsWith('/') || item.filename.includes('__MACOSX')) continue
      const data = item.read() as Uint8Array
      budget -= data.length
      if (budget < 0) tooLarge()
      files.set(item.filename, data)
    }
  } catch (error) {
    if (error instanceof ApiError) throw error
    fail(400, 'aoi.errors.zipBroken')
  }
  return files
}

const decoder = new TextDecoder()

/** Reads the one shapefile of a zip, reprojected to WGS84 by its .prj. */
export async function readShapefileZip(buf: Uint8Array, limits: AoiLimits): Promise<{ geojson: unknown; notices: string[] }> {
  const files = unzipGuarded(buf, limits)
  const byBase = new Map<string, Map<string, Uint8Array>>()
  for (const [name, data] of files) {
    const dot = name.lastIndexOf('.')
    if (dot < 0) continue
    const base = name.slice(0, dot)
    const ext = name.slice(dot + 1).toLowerCase()
    if (!byBase.has(base)) byBase.set(base, new Map())
    byBase.get(base)?.set(ext, data)
  }
  const layers = [...byBase].filter(([, parts]) => parts.has('shp'))
  if (layers.length > 1) fail(400, 'aoi.errors.multipleLayers', { names: layers.map(([b]) => b.split('/').pop()).join('、') })
  // with no .shp, name what the zip lacks from the set that does hold a .dbf or .shx
  const [, parts] = layers[0] ?? [...byBase].find(([, p]) => p.has('dbf') || p.has('shx')) ?? ['', new Map<string, Uint8Array>()]
  const missing = ['shp', 'shx', 'dbf'].filter((ext) => !parts.has(ext)).map((ext) => `.${ext}`)
  if (missing.length > 0) fail(400, 'aoi.errors.missingParts', { parts: missing.join('、') })

  const notices: string[] = []
  const prjBytes = parts.get('prj')
  const prj = prjBytes ? decoder.decode(prjBytes).trim() : undefined
  if (prj) {
    try {
      proj4(prj)
    } catch {
      fail(400, 'aoi.errors.badPrj')
    }
  }
  const cpgBytes = parts.get('cpg')
  let geojson: unknown
  try {
    geojson = await shp({
      shp: parts.get('shp') as Uint8Array,
      dbf: parts.get('dbf'),
      cpg: cpgBytes ? decoder.decode(cpgBytes).trim() : undefined,
      prj,
    })
  } catch {
    fail(400, 'aoi.errors.brokenShapefile')
  }
  if (!prj) {
    // without a .prj only coordinates that can be degrees are accepted, and the user is told
    if (!coordinatesInLonLat(geojson)) fail(400, 'aoi.errors.missingPrj')
    notices.push('aoi.assumedWgs84')
  }
  return { geojson, notices }
}

function coordinatesInLonLat(geojson: unknown): boolean {
  let ok = true
  walkGeometries(geojson, (geometry) => {
    forEachPosition(geometry, (p) => {
      if (!isLonLat(p)) ok = false
    })
  })
  return ok
}

function isLonLat(p: Position): boolean {
  const [lon, lat] = p
  return (
    Number.isFinite(lon) &&
    Number.isFinite(lat) &&
    (lon as number) >= -180 &&
    (lon as number) <= 180 &&
    (lat as number) >= -90 &&
    (lat as number) <= 90
  )
}

export function readGeojson(buf: Uint8Array): unknown {
  let text = decoder.decode(buf)
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1)
  try {
    return JSON.parse(text)
  } catch (error) {
    return fail(400, 'aoi.errors.brokenGeojson', { detail: syntaxErrorPlace(text, (error as Error).message) })
  }
}

/** Where JSON.parse stopped, in the user's words (the engine's own message is English). */
function syntaxErrorPlace(text: string, engineMessage: string): MessageRef {
  const position = /position (\d+)/.exec(engineMessage)
  if (!position) return ref('aoi.errors.geojsonIncomplete')
  const before = text.slice(0, Number(position[1]))
  const line = before.split('\n').length
  const column = before.length - before.lastIndexOf('\n')
  return ref('aoi.errors.geojsonSyntaxAt', { line, column })
}

export function readKml(buf: Uint8Array): unknown {
  const text = decoder.decode(buf)
  try {
    const doc = new DOMParser({
      onError: (level, message) => {
        if (level !== 'warning') throw new Error(message)
      },
    }).parseFromString(text, 'text/xml')
    if (doc.documentElement?.localName !== 'kml') throw new Error('not kml')
    return kml(doc as unknown as Document)
  } catch {
    return fail(400, 'aoi.errors.brokenKml')
  }
}

/** Calls back for every geometry of a FeatureCollection, Feature, geometry or GeometryCollection. */
function walkGeometries(node: unknown, visit: (geometry: Geometry, featureIndex: number) => void, featureIndex = 0): void {
  if (!node || typeof node !== 'object') return
  const n = node as { type?: unknown; features?: unknown; geometry?: unknown; geometries?: unknown }
  if (n.type === 'FeatureCollection' && Array.isArray(n.features)) {
    n.features.forEach((f, i) => {
      walkGeometries(f, visit, i)
    })
  } else if (n.type === 'Feature') {
    walkGeometries(n.geometry, visit, featureIndex)
  } else if (n.type === 'GeometryCollection' && Array.isArray(n.geometries)) {
    for (const g of n.geometries) walkGeometries(g, visit, featureIndex)
  } else if (typeof n.type === 'string') {
    visit(node as Geometry, featureIndex)
  }
}

function forEachPosition(geometry: Geometry, visit: (p: Position) => void): void {
  const coords = (geometry as { coordinates?: unknown }).coordinates
  const walk = (c: unknown): void => {
    if (!Array.isArray(c)) return
    if (typeof c[0] === 'number' || c.length === 0) {
      if (c.length > 0) visit(c as Position)
      return
    }
    for (const x of c) walk(x)
  }
  walk(coords)
}

/**
 * Keeps the polygons of any GeoJSON (points and lines are ignored), counting features and
 * vertices against the limits and checking every coordinate is a finite WGS84 degree.
 */
export function extractPolygons(geojson: unknown, limits: AoiLimits): Omit<ParsedAoi, 'notices'> {
  const polygons: PolygonCoords[] = []
  const features = new Set<number>()
  let vertexCount = 0
  const addPolygon = (rings: unknown, featureIndex: number) => {
    if (!Array.isArray(rings)) fail(400, 'aoi.errors.badCoordinates')
    const clean: PolygonCoords = []
    for (const ring of rings as unknown[]) {
      if (!Array.isArray(ring)) fail(400, 'aoi.errors.badCoordinates')
      vertexCount += ring.length
      if (vertexCount > limits.maxVertices)
        fail(413, 'aoi.errors.tooManyVertices', { count: `${limits.maxVertices}+`, max: limits.maxVertices })
      const positions: Position[] = []
      for (const p of ring as unknown[]) {
        if (!Array.isArray(p) || !isLonLat(p as Position)) fail(400, 'aoi.errors.badCoordinates')
        positions.push([p[0] as number, p[1] as number])
      }
      if (positions.length >= 4) clean.push(positions)
    }
    if (clean.length > 0) {
      polygons.push(clean)
      features.add(featureIndex)
      if (features.size > limits.maxFeatures)
        fail(413, 'aoi.errors.tooManyFeatures', { count: `${limits.maxFeatures}+`, max: limits.maxFeatures })
    }
  }
  walkGeometries(geojson, (geometry, featureIndex) => {
    const coords = (geometry as { coordinates?: unknown }).coordinates
    if (geometry.type === 'Polygon') addPolygon(coords, featureIndex)
    else if (geometry.type === 'MultiPolygon' && Array.isArray(coords)) for (const poly of coords) addPolygon(poly, featureIndex)
  })
  if (polygons.length === 0) fail(400, 'aoi.errors.noPolygons')
  return { polygons, featureCount: features.size, vertexCount }
}

/** Reads one uploaded file into WGS84 polygons with notices for the user. */
export async function parseAoiFile(fileName: string, buf: Uint8Array, limits: AoiLimits = AOI_LIMITS): Promise<ParsedAoi> {
  const kind = fileKind(fileName)
  let geojson: unknown
  let notices: string[] = []
  if (kind === 'zip') ({ geojson, notices } = await readShapefileZip(buf, limits))
  else if (kind === 'geojson') geojson = readGeojson(buf)
  else geojson = readKml(buf)
  return { ...extractPolygons(geojson, limits), notices }
}
