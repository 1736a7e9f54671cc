import type { MultiPolygon, Polygon, Position } from 'geojson'
import { bboxOf, type Grid, type PreparedEdges, rasterizeSpans } from '../../lib/geometry/raster'

/**
 * Each county's own grid: square lon/lat cells sized so that about {@link CELLS_PER_COUNTY} cell
 * centres fall inside the county, whatever its size. A county's coverage is the share of those
 * cells whose centres some footprint contains, each cell weighted by its area on the sphere (the
 * band between its row's latitudes), times the county's geodesic area. The error is that of
 * sampling at cell centres: it grows with the length of the footprints' edges inside the county
 * measured in cells, not with the county's size (coverage-engine.test.ts states it against
 * shapely + pyproj).
 *
 * Only the cells inside are kept, numbered row by row ("compact" numbers), so a county × month ×
 * class is a bitset of about 512 bytes.
 */

/** Inside cells a county grid aims at. */
export const CELLS_PER_COUNTY = 16_384
/** Most cells of a county's bounding box (a county of islands far apart gets coarser cells). */
const MAX_BOX_CELLS = 400_000

/** A county's grid as it is stored (coverage_grid) and handed to workers. */
export interface CountyGrid extends Grid {
  code: string
  /** one bit per cell of the box, row by row: 1 = the cell's centre lies inside the county */
  mask: Uint8Array
  /** cells inside */
  cells: number
}

type Area = Polygon | MultiPolygon

export function polygonsOf(g: Area): Position[][][] {
  return g.type === 'Polygon' ? [g.coordinates] : g.coordinates
}

/** Planar area in square degrees (shoelace; holes subtract): only to size the cells. */
function squareDegrees(polygons: Position[][][]): number {
  let total = 0
  for (const rings of polygons)
    rings.forEach((ring, r) => {
      let a = 0
      for (let k = 0; k + 1 < ring.length; k++) {
        const [x1, y1] = ring[k] as [number, number]
        const [x2, y2] = ring[k + 1] as [number, number]
        a += x1 * y2 - x2 * y1
      }
      total += (r === 0 ? 1 : -1) * Math.abs(a / 2)
    })
  return Math.max(total, 0)
}

const setBit = (bits: Uint8Array, n: number) => {
  bits[n >> 3] = (bits[n >> 3] as number) | (1 << (n & 7))
}

/** Builds a county's grid from its boundary (GeoJSON Polygon or MultiPolygon, lon/lat). */
export function buildCountyGrid(code: string, boundary: Area): CountyGrid {
  const polygons = polygonsOf(boundary)
  const [minx, miny, maxx, maxy] = bboxOf(polygons)
  const width = Math.max(maxx - minx, 1e-9)
  const height = Math.max(maxy - miny, 1e-9)
  let size = Math.sqrt(Math.max(squareDegrees(polygons), 1e-12) / CELLS_PER_COUNTY)
  size = Math.max(size, Math.sqrt((width * height) / MAX_BOX_CELLS))
  const grid: Grid = { minx, miny, size, nx: Math.max(1, Math.ceil(width / size)), ny: Math.max(1, Math.ceil(height / size)) }
  const mask = new Uint8Array(Math.ceil((grid.nx * grid.ny) / 8))
  let cells = 0
  rasterizeSpans(polygons, grid, (j, i0, i1) => {
    for (let i = i0; i <= i1; i++) {
      const n = j * grid.nx + i
      if (!((mask[n >> 3] as number) & (1 << (n & 7)))) {
        setBit(mask, n)
        cells++
      }
    }
  })
  return { code, ...grid, mask, cells }
}

/** What the reading side needs of a grid: where each row's inside cells start (compact numbers) and each row's weight. */
export interface GridRows {
  /** compact number of the first inside cell of each row; ny + 1 entries (the last = cells) */
  rowStart: Uint32Array
  /** each row's cell area on the unit sphere per radian of longitude (sin of its top − sin of its bottom latitude) */
  rowWeight: Float64Array
  /** Σ over rows of weight × inside cells of the row */
  totalWeight: number
}

const RAD = Math.PI / 180

export function gridRows(grid: CountyGrid): GridRows {
  const rowStart = new Uint32Array(grid.ny + 1)
  const rowWeight = new Float64Array(grid.ny)
  let n = 0
  let totalWeight = 0
  for (let j = 0; j < grid.ny; j++) {
    rowStart[j] = n
    const before = n
    for (let i = 0; i < grid.nx; i++) {
      const c = j * grid.nx + i
      if ((grid.mask[c >> 3] as number) & (1 << (c & 7))) n++
    }
    const bottom = grid.miny + j * grid.size
    rowWeight[j] = Math.sin((bottom + grid.size) * RAD) - Math.sin(bottom * RAD)
    totalWeight += (rowWeight[j] as number) * (n - before)
  }
  rowStart[grid.ny] = n
  return { rowStart, rowWeight, totalWeight }
}

/**
 * The runs of inside cells of each row, for painting: run r of row j spans columns
 * runs[3r] to runs[3r+1] inclusive and starts at compact number runs[3r+2]; row j's runs are
 * rowRuns[j] to rowRuns[j+1] − 1.
 */
export interface GridRuns {
  runs: Int32Array
  rowRuns: Uint32Array
}

export function gridRuns(grid: CountyGrid): GridRuns {
  const runs: number[] = []
  const rowRuns = new Uint32Array(grid.ny + 1)
  let n = 0
  for (let j = 0; j < grid.ny; j++) {
    rowRuns[j] = runs.length / 3
    let start = -1
    for (let i = 0; i <= grid.nx; i++) {
      const c = j * grid.nx + i
      const inside = i < grid.nx && (grid.mask[c >> 3] as number) & (1 << (c & 7))
      if (inside && start < 0) start = i
      if (!inside && start >= 0) {
        runs.push(start, i - 1, n)
        n += i - start
        start = -1
      }
    }
  }
  rowRuns[grid.ny] = runs.length / 3
  return { runs: Int32Array.from(runs), rowRuns }
}

/** A bitset of a county's inside cells (whole 32-bit words, so that ORs go a word at a time). */
export const emptyBits = (grid: { cells: number }) => new Uint8Array(4 * Math.ceil(grid.cells / 32))

/** Sets bits a to b inclusive. */
function setRange(bits: Uint8Array, a: number, b: number): void {
  let k = a
  while (k <= b && k & 7) setBit(bits, k++)
  while (k + 7 <= b) {
    bits[k >> 3] = 255
    k += 8
  }
  while (k <= b) setBit(bits, k++)
}

/**
 * Sets the bits of the county's cells whose centres the footprint contains; answers the weight of
 * those cells of this footprint (its share of the county, for the times covered) over the total.
 */
export function paintFootprint(
  grid: CountyGrid,
  runs: GridRuns,
  rows: GridRows,
  footprint: Position[][][] | PreparedEdges,
  bits: Uint8Array,
): number {
  let weight = 0
  rasterizeSpans(footprint, grid, (j, i0, i1) => {
    let cells = 0
    for (let r = runs.rowRuns[j] as number; r < (runs.rowRuns[j + 1] as number); r++) {
      const from = Math.max(i0, runs.runs[3 * r] as number)
      const to = Math.min(i1, runs.runs[3 * r + 1] as number)
      if (from > to) continue
      const first = (runs.runs[3 * r + 2] as number) + from - (runs.runs[3 * r] as number)
      setRange(bits, first, first + to - from)
      cells += to - from + 1
    }
    weight += (rows.rowWeight[j] as number) * cells
  })
  return rows.totalWeight > 0 ? weight / rows.totalWeight : 0
}

const POPCOUNT = new Uint8Array(256).map((_, b) => {
  let n = 0
  for (let v = b; v; v >>= 1) n += v & 1
  return n
})

/**
 * A bitset as its runs of set bits, [start, end) pairs of 32-bit integers (little-endian bytes): an
 * area's cells on a grid are a few runs a row, so this is small and read without inflating.
 */
export function encodeRuns(bits: Uint8Array, cells: number = bits.length * 8): Uint8Array {
  const runs: number[] = []
  let start = -1
  for (let n = 0; n <= cells; n++) {
    const set = n < cells && ((bits[n >> 3] as number) & (1 << (n & 7))) !== 0
    if (set && start < 0) start = n
    if (!set && start >= 0) {
      runs.push(start, n)
      start = -1
    }
  }
  const out = new Int32Array(runs)
  return new Uint8Array(out.buffer)
}

/** The runs of encodeRuns, as integers. */
export function decodeRuns(bytes: Uint8Array): Int32Array {
  const copy = new Uint8Array(bytes.length - (bytes.length % 4))
  copy.set(bytes.subarray(0, copy.length))
  return new Int32Array(copy.buffer)
}

/** Bits of `bits` set inside the runs. */
export function countInRuns(bits: Uint8Array, runs: Int32Array): number {
  let n = 0
  for (let r = 0; r + 1 < runs.length; r += 2) n += countRange(bits, runs[r] as number, Math.min(runs[r + 1] as number, bits.length * 8))
  return n
}

/** Set bits of a bitset. */
export function popcount(bits: Uint8Array): number {
  let n = 0
  for (let k = 0; k < bits.length; k++) n += POPCOUNT[bits[k] as number] as number
  return n
}

/** Set bits from compact number a (inclusive) to b (exclusive). */
export function countRange(bits: Uint8Array, a: number, b: number): number {
  let n = 0
  let k = a
  while (k < b && k & 7) {
    if ((bits[k >> 3] as number) & (1 << (k & 7))) n++
    k++
  }
  while (k + 8 <= b) {
    n += POPCOUNT[bits[k >> 3] as number] as number
    k += 8
  }
  while (k < b) {
    if ((bits[k >> 3] as number) & (1 << (k & 7))) n++
    k++
  }
  return n
}

/** The weighted share (0–1) of the county's cells set in `bits`. */
export function coveredShare(rows: GridRows, bits: Uint8Array): number {
  if (!(rows.totalWeight > 0)) return 0
  let weight = 0
  for (let j = 0; j + 1 < rows.rowStart.length; j++) {
    const a = rows.rowStart[j] as number
    const b = rows.rowStart[j + 1] as number
    if (b > a) weight += (rows.rowWeight[j] as number) * countRange(bits, a, b)
  }
  return Math.min(1, weight / rows.totalWeight)
}

/** ORs `from` into `into` (same county, same length), a word at a time when both are word-aligned. */
export function orInto(into: Uint8Array, from: Uint8Array): void {
  const n = Math.min(into.length, from.length)
  if (n % 4 === 0 && into.byteOffset % 4 === 0 && from.byteOffset % 4 === 0) {
    const a = new Uint32Array(into.buffer, into.byteOffset, n / 4)
    const b = new Uint32Array(from.buffer, from.byteOffset, n / 4)
    for (let k = 0; k < a.length; k++) a[k] = (a[k] as number) | (b[k] as number)
    return
  }
  for (let k = 0; k < n; k++) into[k] = (into[k] as number) | (from[k] as number)
}

/**
 * The uncovered cells of a county as polygons (one rectangle per run of cells in a row), for a
 * quick map of its gaps at the grid's resolution.
 */
export function uncoveredRuns(grid: CountyGrid, bits: Uint8Array): Array<[number, number, number, number]> {
  const { runs, rowRuns } = gridRuns(grid)
  const boxes: Array<[number, number, number, number]> = []
  for (let j = 0; j < grid.ny; j++)
    for (let r = rowRuns[j] as number; r < (rowRuns[j + 1] as number); r++) {
      const i0 = runs[3 * r] as number
      const i1 = runs[3 * r + 1] as number
      const n0 = runs[3 * r + 2] as number
      let start = -1
      for (let i = i0; i <= i1 + 1; i++) {
        const n = n0 + i - i0
        const gap = i <= i1 && !((bits[n >> 3] as number) & (1 << (n & 7)))
        if (gap && start < 0) start = i
        if (!gap && start >= 0) {
          boxes.push([grid.minx + start * grid.size, grid.miny + j * grid.size, grid.minx + i * grid.size, grid.miny + (j + 1) * grid.size])
          start = -1
        }
      }
    }
  return boxes
}
