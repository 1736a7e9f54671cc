import { deflateRawSync, inflateRawSync } from 'node:zlib'
import type { MultiPolygon, Polygon } from 'geojson'
import { prepareEdges } from '../../lib/geometry/raster'
import { taskWithUserErrors } from '../../lib/workers/task'
import {
  buildCountyGrid,
  type CountyGrid,
  emptyBits,
  type GridRows,
  type GridRuns,
  gridRows,
  gridRuns,
  orInto,
  paintFootprint,
  polygonsOf,
} from './grid'

/**
 * Runs in a worker thread (lib/workers): the coverage engine's CPU work, off the event loop.
 * `buildGrids` makes counties' grids from their boundaries; `paintScenes` rasterizes footprints
 * over the grids of the counties they meet and ORs them into the stored rows of their group
 * (source × class × cloud limit × month); `shareOfScenes` answers a question with chosen
 * satellites the same way without storing anything.
 */

export interface BoundaryInput {
  code: string
  /** GeoJSON Polygon or MultiPolygon text */
  boundary: string
}

export const buildGrids = taskWithUserErrors((input: BoundaryInput[]): CountyGrid[] =>
  input.map((c) => buildCountyGrid(c.code, JSON.parse(c.boundary) as Polygon | MultiPolygon)),
)

export interface PaintScene {
  /** GeoJSON text of the footprint */
  footprint: string
  /** indexes into `grids` of the counties whose box the footprint meets */
  counties: number[]
  /** indexes into `groups` the scene counts in (one per cloud limit it is within) */
  groups: number[]
}

/** A stored row as the worker takes and gives it: deflated bits. */
export interface PaintRow {
  county: string
  group: number
  bits: Uint8Array
  depth: number
  scenes: number
}

export interface PaintInput {
  grids: CountyGrid[]
  /** how many groups the scenes refer to (their keys stay on the main thread) */
  groups: number
  scenes: PaintScene[]
  /** the rows already stored for the (county, group) pairs the scenes may touch */
  existing: PaintRow[]
}

/**
 * Bits are stored deflated. A bitset is about 2 KB, so a 2 KB window and little memory compress it
 * as well as zlib's defaults (the same bytes on the 5 M set) at a quarter of the time: the defaults
 * set up 256 KB for every call. Inflating with a 4 KB window is cheaper for the same reason; a row
 * that needs more (none should) is inflated with the full window.
 */
export const deflateBits = (bits: Uint8Array) => new Uint8Array(deflateRawSync(bits, { level: 1, windowBits: 11, memLevel: 3 }))
export function inflateBits(stored: Uint8Array): Uint8Array {
  try {
    return new Uint8Array(inflateRawSync(stored, { windowBits: 12 }))
  } catch {
    return new Uint8Array(inflateRawSync(stored))
  }
}

/** Runs and row weights of the grids this thread has painted on, by code and shape (a rebuilt grid differs). */
const preparedGrids = new Map<string, { runs: GridRuns; rows: GridRows }>()

function prepare(grid: CountyGrid) {
  const key = `${grid.code}|${grid.minx}|${grid.miny}|${grid.size}|${grid.cells}`
  let p = preparedGrids.get(key)
  if (!p) {
    if (preparedGrids.size > 20_000) preparedGrids.clear()
    p = { runs: gridRuns(grid), rows: gridRows(grid) }
    preparedGrids.set(key, p)
  }
  return { grid, ...p }
}

interface Painted {
  bits: Uint8Array
  depth: number
  scenes: number
}

/**
 * The rows the scenes change, merged with what was stored (bits ORed, depth and scene counts added).
 * Scenes that count in the same groups (same source, class, month and cloud bucket) are painted
 * into one bitset per county first, which is then ORed into each of those groups once: a scene of
 * 5 % cloud counts in twelve groups (three periods × four cloud limits), and ORing each footprint
 * into each of them cost most of a chunk.
 */
export const paintScenes = taskWithUserErrors((input: PaintInput): PaintRow[] => {
  const prepared = input.grids.map(prepare)
  const signatures = new Map<string, number>()
  const groupsOf: number[][] = []
  const painted = new Map<number, Painted>()
  for (const scene of input.scenes) {
    const signature = scene.groups.join(',')
    let sig = signatures.get(signature)
    if (sig === undefined) {
      sig = groupsOf.length
      groupsOf.push(scene.groups)
      signatures.set(signature, sig)
    }
    const footprint = prepareEdges(polygonsOf(JSON.parse(scene.footprint) as Polygon | MultiPolygon))
    for (const c of scene.counties) {
      const county = prepared[c]
      if (!county) continue
      const k = sig * input.grids.length + c
      let acc = painted.get(k)
      if (!acc) {
        acc = { bits: emptyBits(county.grid), depth: 0, scenes: 0 }
        painted.set(k, acc)
      }
      const share = paintFootprint(county.grid, county.runs, county.rows, footprint, acc.bits)
      if (share <= 0) continue
      acc.depth += share
      acc.scenes += 1
    }
  }

  const rows = new Map<number, Painted>()
  const key = (county: number, group: number) => county * input.groups + group
  for (const [k, acc] of painted) {
    if (acc.scenes === 0) continue
    const c = k % input.grids.length
    for (const group of groupsOf[Math.floor(k / input.grids.length)] as number[]) {
      const row = rows.get(key(c, group))
      if (!row) rows.set(key(c, group), { bits: acc.bits.slice(), depth: acc.depth, scenes: acc.scenes })
      else {
        orInto(row.bits, acc.bits)
        row.depth += acc.depth
        row.scenes += acc.scenes
      }
    }
  }
  const countyIndex = new Map(input.grids.map((g, i) => [g.code, i]))
  for (const old of input.existing) {
    const c = countyIndex.get(old.county)
    const row = c === undefined ? undefined : rows.get(key(c, old.group))
    if (!row) continue
    orInto(row.bits, inflateBits(old.bits))
    row.depth += old.depth
    row.scenes += old.scenes
  }
  return [...rows].map(([k, row]) => ({
    county: (input.grids[Math.floor(k / input.groups)] as CountyGrid).code,
    group: k % input.groups,
    bits: deflateBits(row.bits),
    depth: row.depth,
    scenes: row.scenes,
  }))
})

/** Stored rows merged by (county, group): bits ORed, depth and scene counts added (a quarter or year derived from its months). */
export const mergeRows = taskWithUserErrors((rows: PaintRow[]): PaintRow[] => {
  const merged = new Map<string, { county: string; group: number; bits: Uint8Array; depth: number; scenes: number }>()
  for (const r of rows) {
    const key = `${r.county}|${r.group}`
    const bits = inflateBits(r.bits)
    const m = merged.get(key)
    if (m) {
      orInto(m.bits, bits)
      m.depth += r.depth
      m.scenes += r.scenes
    } else merged.set(key, { county: r.county, group: r.group, bits, depth: r.depth, scenes: r.scenes })
  }
  return [...merged.values()].map((m) => ({ ...m, bits: deflateBits(m.bits) }))
})

export const COVERAGE_ENGINE_WORKER = new URL(import.meta.url).href
