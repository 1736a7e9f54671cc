import type { Polygon } from 'geojson'
import { describe, expect, it } from 'vitest'
import { prepareEdges } from '../../lib/geometry/raster'
import {
  buildCountyGrid,
  CELLS_PER_COUNTY,
  countInRuns,
  coveredShare,
  decodeRuns,
  emptyBits,
  encodeRuns,
  gridRows,
  gridRuns,
  orInto,
  paintFootprint,
  popcount,
  uncoveredRuns,
} from './grid'

const square = (w: number, s: number, e: number, n: number): Polygon => ({
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
})

/** Test oracles of the runs encoding, bit by bit: the bitset the runs set, and the bits two bitsets share. */
function bitsOfRuns(runs: Int32Array, length: number): Uint8Array {
  const bits = new Uint8Array(length)
  for (let r = 0; r + 1 < runs.length; r += 2)
    for (let n = runs[r] as number; n < (runs[r + 1] as number); n++) bits[n >> 3] = (bits[n >> 3] as number) | (1 << (n & 7))
  return bits
}
function popcountBoth(a: Uint8Array, b: Uint8Array): number {
  let n = 0
  for (let k = 0; k < Math.min(a.length, b.length) * 8; k++) if ((a[k >> 3] as number) & (b[k >> 3] as number) & (1 << (k & 7))) n++
  return n
}

describe('county grid', () => {
  const county = buildCountyGrid('000001', square(116, 39, 117, 40))
  const rows = gridRows(county)
  const runs = gridRuns(county)
  const halfRow = 0.5 / county.ny

  it('puts about CELLS_PER_COUNTY cells inside, whatever the size', () => {
    expect(county.cells).toBeGreaterThan(CELLS_PER_COUNTY * 0.97)
    expect(county.cells).toBeLessThan(CELLS_PER_COUNTY * 1.03)
    const small = buildCountyGrid('000002', square(116, 39, 116.05, 39.05))
    expect(small.cells).toBeGreaterThan(CELLS_PER_COUNTY * 0.97)
  })

  it('weighs cells by their area on the sphere: the southern half of a degree holds a little more', () => {
    const south = emptyBits(county)
    paintFootprint(county, runs, rows, prepareEdges([square(115, 38, 118, 39.5).coordinates]), south)
    const north = emptyBits(county)
    paintFootprint(county, runs, rows, [square(115, 39.5, 118, 41).coordinates], north)
    const s = coveredShare(rows, south)
    const n = coveredShare(rows, north)
    expect(s + n).toBeCloseTo(1, 6)
    // exact on the sphere: (sin 39.5° − sin 39°) / (sin 40° − sin 39°), to within half a row of cells
    // (an edge along the grid is the worst case of sampling at cell centres)
    const rad = Math.PI / 180
    const exact = (Math.sin(39.5 * rad) - Math.sin(39 * rad)) / (Math.sin(40 * rad) - Math.sin(39 * rad))
    expect(Math.abs(s - exact)).toBeLessThanOrEqual(halfRow)
    orInto(south, north)
    expect(coveredShare(rows, south)).toBeCloseTo(1, 9)
    expect(uncoveredRuns(county, south)).toEqual([])
  })

  it('answers the painted share as the times covered, and the gaps as runs of cells', () => {
    const bits = emptyBits(county)
    const share = paintFootprint(county, runs, rows, [square(116.5, 38, 118, 41).coordinates], bits)
    expect(Math.abs(share - 0.5)).toBeLessThanOrEqual(halfRow)
    const gaps = uncoveredRuns(county, bits)
    expect(gaps.length).toBeGreaterThan(0)
    for (const [x0, , x1] of gaps) {
      expect(x0).toBeGreaterThanOrEqual(116 - 1e-9)
      expect(x1).toBeLessThanOrEqual(116.5 + county.size)
    }
  })

  it('keeps a county with a hole out of its hole', () => {
    const ring: Polygon = {
      type: 'Polygon',
      coordinates: [...square(100, 30, 101, 31).coordinates, [...(square(100.25, 30.25, 100.75, 30.75).coordinates[0] ?? [])].reverse()],
    }
    const holed = buildCountyGrid('000003', ring)
    const bits = emptyBits(holed)
    paintFootprint(holed, gridRuns(holed), gridRows(holed), [square(100.3, 30.3, 100.7, 30.7).coordinates], bits)
    expect(coveredShare(gridRows(holed), bits)).toBe(0)
  })

  it('stores an area’s cells as runs that give back the same bits and the same counts against any other cells', () => {
    let seed = 7
    const random = () => {
      seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0
      return seed / 4294967296
    }
    for (const density of [0, 0.02, 0.5, 0.98, 1]) {
      const bits = new Uint8Array(2048)
      const other = new Uint8Array(2048)
      for (let n = 0; n < 16_000; n++) {
        // runs of equal bits, as a polygon's cells are along a grid's rows
        if (random() < density && (n % 37 > 3 || density === 1)) bits[n >> 3] = (bits[n >> 3] as number) | (1 << (n & 7))
        if (random() < 0.5) other[n >> 3] = (other[n >> 3] as number) | (1 << (n & 7))
      }
      const runs = decodeRuns(encodeRuns(bits, 16_000))
      expect(bitsOfRuns(runs, bits.length)).toEqual(bits)
      expect(countInRuns(other, runs)).toBe(popcountBoth(bits, other))
      let inRuns = 0
      for (let r = 0; r < runs.length; r += 2) inRuns += (runs[r + 1] as number) - (runs[r] as number)
      expect(inRuns).toBe(popcount(bits))
    }
  })
})
