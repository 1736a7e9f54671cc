/**
 * Reads a registration of a province's own imagery (zipped shapefile, GeoJSON, KML or an Excel
 * list) and checks every row: a polygon footprint in WGS84 degrees inside China's box with at most
 * LOCAL_IMAGERY_LIMITS.maxVertices vertices, a name, a kind (航空/航天), a date, a resolution, a
 * sensor or camera, an owner; the licence is optional. Runs in a worker thread (files.worker.ts);
 * validity, the county and the area range are the database's part (province-feedback.service.ts).
 */
import {
  AOI_LIMITS,
  CHINA_BOX,
  LOCAL_IMAGERY_FIELDS,
  LOCAL_IMAGERY_LIMITS,
  LOCAL_KIND_WORDS,
  type LocalImageryKind,
  type MessageKey,
} from '@rs/shared'
import type { Geometry, Position } from 'geojson'
import { readSheet } from 'read-excel-file/node'
import wkx from 'wkx'
import { ApiError } from '../../lib/errors'
import { type MessageRef, ref } from '../../lib/locale'
import { readGeojson, readKml, readShapefileZip } from '../../lib/vector-files'
import { taskWithUserErrors } from '../../lib/workers/task'

export interface CheckedRow {
  row: number
  name: string
  kind: LocalImageryKind
  acquiredOn: string
  resolution: number
  sensor: string
  owner: string
  licence: string | null
  /** GeoJSON geometry text */
  geometry: string
}

export interface CheckedFile {
  features: number
  accepted: CheckedRow[]
  /** reasons as message keys: a thread has no caller's language; the service translates them */
  rejected: Array<{ row: number; name: string | null; reasons: MessageRef[] }>
  notices: string[]
}

interface RawRow {
  row: number
  properties: Record<string, unknown>
  geometry: Geometry | null
  /** a reason the file's own reader found (an Excel list without a footprint) */
  problem?: MessageRef
}

const reject = (key: string, params?: Record<string, string | number>) => ref(`localImagery.reject.${key}` as MessageKey, params)

/** The value of a field under any of its names, ignoring case and surrounding blanks. */
function field(properties: Record<string, unknown>, names: readonly string[]): unknown {
  const wanted = new Set(names.map((n) => n.toLowerCase()))
  for (const [k, v] of Object.entries(properties)) if (wanted.has(k.trim().toLowerCase())) return v
  return undefined
}

const text = (v: unknown): string =>
  v === undefined || v === null ? '' : v instanceof Date ? v.toISOString().slice(0, 10) : String(v).trim()

function kindOf(v: unknown): LocalImageryKind | null {
  const word = text(v).toLowerCase()
  for (const [kind, words] of Object.entries(LOCAL_KIND_WORDS))
    if (words.some((w) => w.toLowerCase() === word)) return kind as LocalImageryKind
  return null
}

/** A date as YYYY-MM-DD: ISO or with / or 年月日, an Excel date, from 1970 up to today (UTC+8). */
function dateOf(v: unknown, today: string): string | null {
  let iso: string | null = null
  if (v instanceof Date && !Number.isNaN(v.getTime())) iso = v.toISOString().slice(0, 10)
  else {
    const m = /^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?$/.exec(text(v))
    if (m) iso = `${m[1]}-${String(m[2]).padStart(2, '0')}-${String(m[3]).padStart(2, '0')}`
  }
  if (!iso) return null
  const d = new Date(`${iso}T00:00:00Z`)
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== iso) return null
  return iso < LOCAL_IMAGERY_LIMITS.earliest || iso > today ? null : iso
}

function positions(g: Geometry): Position[] {
  if (g.type === 'Polygon') return g.coordinates.flat()
  if (g.type === 'MultiPolygon') return g.coordinates.flat(2)
  return []
}

/** Features of a GeoJSON FeatureCollection (or a bare geometry) as rows numbered from 1. */
function featureRows(geojson: unknown): RawRow[] {
  const g = geojson as { type?: string; features?: Array<{ geometry?: Geometry | null; properties?: Record<string, unknown> | null }> }
  const list = Array.isArray(geojson)
    ? (geojson as (typeof g)[]).flatMap((c) => c.features ?? [])
    : g.type === 'FeatureCollection'
      ? (g.features ?? [])
      : []
  return list.map((f, i) => ({ row: i + 1, properties: f.properties ?? {}, geometry: f.geometry ?? null }))
}

/** An Excel list: the first sheet, a heading row, a footprint as WKT or four box columns. */
async function excelRows(buf: Uint8Array): Promise<RawRow[]> {
  let sheet: unknown[][]
  try {
    sheet = await readSheet(Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength), 1)
  } catch {
    throw ApiError.of(400, 'localImagery.errors.badFile', { reason: 'Excel' })
  }
  const [heading, ...rows] = sheet
  const names = (heading ?? []).map((h) => text(h))
  return rows
    .filter((r) => r.some((c) => text(c) !== ''))
    .map((r, i) => {
      const properties = Object.fromEntries(names.map((n, k) => [n, r[k] ?? null]))
      const wkt = text(field(properties, LOCAL_IMAGERY_FIELDS.wkt))
      const box = (['west', 'south', 'east', 'north'] as const).map((k) => Number(text(field(properties, LOCAL_IMAGERY_FIELDS[k]))))
      let geometry: Geometry | null = null
      let problem: MessageRef | undefined
      if (wkt) {
        try {
          geometry = wkx.Geometry.parse(wkt).toGeoJSON() as Geometry
        } catch {
          problem = reject('geometry')
        }
      } else if (box.every((n) => Number.isFinite(n)) && text(field(properties, LOCAL_IMAGERY_FIELDS.west)) !== '') {
        const [w, s, e, n] = box as [number, number, number, number]
        geometry = {
          type: 'Polygon',
          coordinates: [
            [
              [w, s],
              [e, s],
              [e, n],
              [w, n],
              [w, s],
            ],
          ],
        }
      } else problem = reject('noFootprint')
      return { row: i + 2, properties, geometry, problem }
    })
}

async function readRows(fileName: string, buf: Uint8Array): Promise<{ rows: RawRow[]; notices: string[] }> {
  const name = fileName.toLowerCase()
  if (name.endsWith('.xlsx')) return { rows: await excelRows(buf), notices: [] }
  if (name.endsWith('.zip')) {
    const { geojson, notices } = await readShapefileZip(buf, AOI_LIMITS)
    return { rows: featureRows(geojson), notices }
  }
  if (name.endsWith('.geojson') || name.endsWith('.json')) return { rows: featureRows(readGeojson(buf)), notices: [] }
  if (name.endsWith('.kml')) return { rows: featureRows(readKml(buf)), notices: [] }
  throw ApiError.of(400, 'localImagery.errors.unsupported')
}

export async function checkLocalFile(input: { fileName: string; data: Uint8Array; today: string }): Promise<CheckedFile> {
  const { rows, notices } = await readRows(input.fileName, input.data)
  if (rows.length === 0) throw ApiError.of(400, 'localImagery.errors.empty')
  if (rows.length > LOCAL_IMAGERY_LIMITS.maxFeatures)
    throw ApiError.of(400, 'localImagery.errors.tooMany', { max: LOCAL_IMAGERY_LIMITS.maxFeatures })
  const accepted: CheckedRow[] = []
  const rejected: CheckedFile['rejected'] = []
  const seen = new Map<string, number>()
  for (const raw of rows) {
    const reasons: MessageRef[] = raw.problem ? [raw.problem] : []
    const p = raw.properties
    const name = text(field(p, LOCAL_IMAGERY_FIELDS.name))
    const kind = kindOf(field(p, LOCAL_IMAGERY_FIELDS.kind))
    const acquiredOn = dateOf(field(p, LOCAL_IMAGERY_FIELDS.acquiredOn), input.today)
    const resolution = Number(text(field(p, LOCAL_IMAGERY_FIELDS.resolution)))
    const sensor = text(field(p, LOCAL_IMAGERY_FIELDS.sensor))
    const owner = text(field(p, LOCAL_IMAGERY_FIELDS.owner))
    const licence = text(field(p, LOCAL_IMAGERY_FIELDS.licence))
    const g = raw.geometry
    if (!raw.problem) {
      if (!g || (g.type !== 'Polygon' && g.type !== 'MultiPolygon')) reasons.push(reject('geometry'))
      else {
        const all = positions(g)
        if (all.length > LOCAL_IMAGERY_LIMITS.maxVertices) reasons.push(reject('vertices', { max: LOCAL_IMAGERY_LIMITS.maxVertices }))
        else if (
          !all.every(
            ([x, y]) =>
              Number.isFinite(x) &&
              Number.isFinite(y) &&
              (x as number) >= CHINA_BOX.west &&
              (x as number) <= CHINA_BOX.east &&
              (y as number) >= CHINA_BOX.south &&
              (y as number) <= CHINA_BOX.north,
          )
        )
          reasons.push(reject('coordinates'))
      }
    }
    if (!name) reasons.push(reject('noName'))
    if (!kind) reasons.push(reject('kind'))
    if (!acquiredOn) reasons.push(reject('date'))
    if (!(resolution >= LOCAL_IMAGERY_LIMITS.minResolution && resolution <= LOCAL_IMAGERY_LIMITS.maxResolution))
      reasons.push(reject('resolution'))
    if (!sensor) reasons.push(reject('noSensor'))
    if (!owner) reasons.push(reject('noOwner'))
    for (const [label, value] of [
      ['名称', name],
      ['传感器/相机', sensor],
      ['权属单位', owner],
      ['使用许可', licence],
    ] as const)
      if (value.length > LOCAL_IMAGERY_LIMITS.maxText) reasons.push(reject('tooLong', { field: label }))
    const key = `${name}|${acquiredOn}`
    const first = seen.get(key)
    if (name && acquiredOn && first !== undefined) reasons.push(reject('duplicate', { row: first }))
    else if (name && acquiredOn) seen.set(key, raw.row)
    if (reasons.length > 0) {
      rejected.push({ row: raw.row, name: name || null, reasons })
      continue
    }
    // 2D only: a third coordinate (height) is dropped
    const flat = JSON.stringify(g, (_k, v) => (Array.isArray(v) && typeof v[0] === 'number' ? v.slice(0, 2) : v))
    accepted.push({
      row: raw.row,
      name,
      kind: kind as LocalImageryKind,
      acquiredOn: acquiredOn as string,
      resolution,
      sensor,
      owner,
      licence: licence || null,
      geometry: flat,
    })
  }
  return { features: rows.length, accepted, rejected, notices }
}

export const checkLocalFileTask = taskWithUserErrors(checkLocalFile)

export const LOCAL_FILES_WORKER = new URL(import.meta.url).href
