import type { Box } from '../../lib/filter/ast'
import { OgcError, quote } from './ogc'

/** OGC key-value parameters: names are case-insensitive (kept upper-case here), values are not. */
export class Kvp {
  private readonly values = new Map<string, string>()

  constructor(query: unknown) {
    const record = query && typeof query === 'object' ? (query as Record<string, unknown>) : {}
    for (const [rawKey, raw] of Object.entries(record)) {
      const key = rawKey.toUpperCase()
      if (Array.isArray(raw) || this.values.has(key))
        throw OgcError.of('InvalidParameterValue', key, 'ogc.errors.duplicateParameter', { name: key })
      this.values.set(key, raw === undefined || raw === null ? '' : String(raw))
    }
  }

  get(name: string): string | undefined {
    return this.values.get(name)
  }

  /** The value, or undefined when absent or empty. */
  optional(name: string): string | undefined {
    const v = this.values.get(name)?.trim()
    return v ? v : undefined
  }

  require(name: string): string {
    const v = this.optional(name)
    if (v === undefined) throw OgcError.of('MissingParameterValue', name, 'ogc.errors.missingParameter', { name })
    return v
  }

  has(name: string): boolean {
    return this.values.has(name)
  }
}

export type CrsId = 'EPSG:4326' | 'CRS:84' | 'EPSG:3857'

export interface Crs {
  id: CrsId
  projected: boolean
  /** true when the first axis of BBOX and coordinates is latitude (EPSG:4326 in WMS 1.3.0, WFS 2.0) */
  latFirst: boolean
}

const CRS_ALIASES: Record<string, CrsId> = {
  'EPSG:4326': 'EPSG:4326',
  'URN:OGC:DEF:CRS:EPSG::4326': 'EPSG:4326',
  'URN:OGC:DEF:CRS:EPSG:6.6:4326': 'EPSG:4326',
  'URN:X-OGC:DEF:CRS:EPSG:4326': 'EPSG:4326',
  'HTTP://WWW.OPENGIS.NET/DEF/CRS/EPSG/0/4326': 'EPSG:4326',
  'HTTP://WWW.OPENGIS.NET/GML/SRS/EPSG.XML#4326': 'EPSG:4326',
  'CRS:84': 'CRS:84',
  'URN:OGC:DEF:CRS:OGC:1.3:CRS84': 'CRS:84',
  'URN:OGC:DEF:CRS:OGC::CRS84': 'CRS:84',
  'HTTP://WWW.OPENGIS.NET/DEF/CRS/OGC/1.3/CRS84': 'CRS:84',
  'EPSG:3857': 'EPSG:3857',
  'EPSG:900913': 'EPSG:3857',
  'URN:OGC:DEF:CRS:EPSG::3857': 'EPSG:3857',
  'HTTP://WWW.OPENGIS.NET/DEF/CRS/EPSG/0/3857': 'EPSG:3857',
}

/**
 * Resolves a CRS name. `lonLatEpsg4326` is for WMS 1.1.1 and the `EPSG:4326` short form in
 * places whose convention is longitude first; the URN and URL forms are always latitude first.
 */
export function parseCrs(value: string, options: { lonLatEpsg4326?: boolean } = {}): Crs | undefined {
  const upper = value.trim().toUpperCase()
  const id = Object.hasOwn(CRS_ALIASES, upper) ? CRS_ALIASES[upper] : undefined
  if (!id) return undefined
  if (id === 'EPSG:3857') return { id, projected: true, latFirst: false }
  if (id === 'CRS:84') return { id, projected: false, latFirst: false }
  const shortForm = upper === 'EPSG:4326'
  return { id, projected: false, latFirst: !(shortForm && options.lonLatEpsg4326) }
}

export const SUPPORTED_CRS = ['EPSG:4326', 'CRS:84', 'EPSG:3857']

/** A box with x = longitude or easting, y = latitude or northing, whatever the CRS's axis order (the filter tree's Box). */
export type { Box }

export const MERCATOR_MAX = 20037508.342789244
const EARTH_RADIUS = 6378137
const MAX_MERCATOR_LAT = 85.0511287798066

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/

/** Parses "a,b,c,d" in the CRS's axis order into a Box; rejects anything else with `locator`. */
export function parseBox(text: string, crs: Crs, locator: string, parts: string[] = text.split(',')): Box {
  const bad = () => OgcError.of('InvalidParameterValue', locator, 'ogc.errors.badBbox', { value: quote(text) })
  if (parts.length !== 4 || !parts.every((p) => NUMBER.test(p.trim()))) throw bad()
  const [a, b, c, d] = parts.map((p) => Number(p.trim())) as [number, number, number, number]
  const box = crs.latFirst ? { minx: b, miny: a, maxx: d, maxy: c } : { minx: a, miny: b, maxx: c, maxy: d }
  if (!(box.minx < box.maxx && box.miny < box.maxy)) throw bad()
  if (crs.projected) {
    const limit = 2 * MERCATOR_MAX
    if ([box.minx, box.maxx, box.miny, box.maxy].some((v) => Math.abs(v) > limit)) throw bad()
  } else if (box.minx < -360 || box.maxx > 360 || box.miny < -90 || box.maxy > 90) {
    throw bad()
  }
  return box
}

export function mercatorToLonLat(x: number, y: number): [number, number] {
  const lon = (x / EARTH_RADIUS) * (180 / Math.PI)
  const lat = (2 * Math.atan(Math.exp(y / EARTH_RADIUS)) - Math.PI / 2) * (180 / Math.PI)
  return [lon, lat]
}

export function lonLatToMercator(lon: number, lat: number): [number, number] {
  const clamped = Math.max(-MAX_MERCATOR_LAT, Math.min(MAX_MERCATOR_LAT, lat))
  const x = (lon * Math.PI * EARTH_RADIUS) / 180
  const y = Math.log(Math.tan(Math.PI / 4 + (clamped * Math.PI) / 360)) * EARTH_RADIUS
  return [x, y]
}

/** The box as a WGS84 longitude/latitude box for the spatial index, clamped to the world. */
export function toLonLatBox(box: Box, crs: Crs): Box {
  let { minx, miny, maxx, maxy } = box
  if (crs.projected) {
    ;[minx, miny] = mercatorToLonLat(box.minx, box.miny)
    ;[maxx, maxy] = mercatorToLonLat(box.maxx, box.maxy)
  }
  return { minx: Math.max(-180, minx), miny: Math.max(-90, miny), maxx: Math.min(180, maxx), maxy: Math.min(90, maxy) }
}

export function isEmptyBox(box: Box): boolean {
  return !(box.minx < box.maxx && box.miny < box.maxy)
}

/** Strictly parses a non-negative integer parameter within bounds. */
export function parseIntParam(kvp: Kvp, name: string, min: number, max: number, fallback?: number): number {
  const raw = kvp.optional(name)
  if (raw === undefined) {
    if (fallback !== undefined) return fallback
    throw OgcError.of('MissingParameterValue', name, 'ogc.errors.missingParameter', { name })
  }
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < min || Number(raw) > max)
    throw OgcError.of('InvalidParameterValue', name, 'ogc.errors.badCount', { name, min, max })
  return Number(raw)
}
