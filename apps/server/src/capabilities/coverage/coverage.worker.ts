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

export const deflateBits = (bits: Uint8Array) => new Uint8Array(deflateRawSync(bits, { level: 1 }))
export const inflateBits = (stored: Uint8Array) => new Uint8Array(inflateRawSync(stored))

/** The rows the scenes change, merged with what was stored (bits ORed, depth and scene counts added). */
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

let scratch = new Uint8Array(4096)

export const paintScenes = taskWithUserErrors((input: PaintInput): PaintRow[] => {
  const prepared = input.grids.map(prepare)
  const rows = new Map<number, { bits: Uint8Array; depth: number; scenes: number }>()
  const key = (county: number, group: number) => county * input.groups + group
  for (const scene of input.scenes) {
    const footprint = prepareEdges(polygonsOf(JSON.parse(scene.footprint) as Polygon | MultiPolygon))
    for (const c of scene.counties) {
      const county = prepared[c]
      if (!county) continue
      const size = emptyBits(county.grid).length
      if (scratch.length < size) scratch = new Uint8Array(size)
      const painted = scratch.subarray(0, size)
      painted.fill(0)
      const share = paintFootprint(county.grid, county.runs, county.rows, footprint, painted)
      if (share <= 0) continue
      for (const group of scene.groups) {
        const k = key(c, group)
        let row = rows.get(k)
        if (!row) {
          row = { bits: emptyBits(county.grid), depth: 0, scenes: 0 }
          rows.set(k, row)
        }
        orInto(row.bits, painted)
        row.depth += share
        row.scenes += 1
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
