import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import type { Position } from 'geojson'
import { describe, expect, it } from 'vitest'
import { geodesicAreaKm2 } from '../../lib/geometry/geodesic'
import { type CoverageScene, computeCoverage, greedyCover } from './coverage'

const box = (w: number, s: number, e: number, n: number): Position[][] => [
  [
    [w, s],
    [e, s],
    [e, n],
    [w, n],
    [w, s],
  ],
]
const polygon = (rings: Position[][]) => JSON.stringify({ type: 'Polygon', coordinates: rings })

let serial = 0
function scene(rings: Position[][], cloudPercent = 10, acquiredAt = '2026-06-01T03:00:00Z'): CoverageScene {
  serial++
  return { id: `S${serial}`, footprint: polygon(rings), cloudPercent, acquiredAtMs: Date.parse(acquiredAt) }
}

/** Geodesic km² by Shapely + pyproj (apps/server/src/test/shapely-area.py): the union of the polygons. */
function shapelyKm2(polygons: Position[][][]): number {
  const script = fileURLToPath(new URL('../../test/shapely-area.py', import.meta.url))
  return Number(execFileSync('/usr/bin/python3', [script], { input: JSON.stringify(polygons) }).toString())
}

/** Shapely's area of (area ∩ union(scenes)) through inclusion: |A| + |U| − |A ∪ U|. */
function shapelyCoveredKm2(area: Position[][], scenes: Position[][][]): number {
  return shapelyKm2([area]) + shapelyKm2(scenes) - shapelyKm2([area, ...scenes])
}

const within = (value: number, expected: number, share = 0.005) => expect(Math.abs(value - expected)).toBeLessThanOrEqual(expected * share)

describe('coverage analysis', () => {
  const area = box(116, 39, 117, 40)

  it('finds a square half covered at 50 % (of its geodesic area), with the other half as the gap', async () => {
    const half = box(116, 39, 116.5, 40)
    const result = await computeCoverage({ area: polygon(area), scenes: [scene(half)], regions: [] })
    within(result.aoiAreaKm2, shapelyKm2([area]))
    within(result.coveredAreaKm2, shapelyKm2([half]))
    // the two halves are mirror images: exactly half of the ellipsoidal area
    expect(result.percent).toBeCloseTo(50, 1)
    const gaps = JSON.parse(result.gaps ?? 'null')
    expect(gaps.type).toMatch(/Polygon/)
    within(geodesicAreaKm2(gaps), shapelyKm2([box(116.5, 39, 117, 40)]), 0.001)
    expect(result.cover.ids).toEqual([`S${serial}`])
    expect(result.cover.percent).toBe(result.percent)
  })

  it('counts two overlapping scenes once and a scene sticking out of the area only inside it', async () => {
    const a = box(115.5, 39.2, 116.6, 39.8)
    const b = box(116.3, 39.5, 116.9, 40.5)
    const result = await computeCoverage({ area: polygon(area), scenes: [scene(a), scene(b)], regions: [] })
    const expected = shapelyCoveredKm2(area, [a, b])
    within(result.coveredAreaKm2, expected)
    within(result.percent, (100 * expected) / shapelyKm2([area]))
    // the gap is the rest of the square
    within(geodesicAreaKm2(JSON.parse(result.gaps ?? 'null')), shapelyKm2([area]) - expected, 0.002)
    expect(result.cover.ids).toHaveLength(2)
  })

  it('answers no coverage and the whole area as the gap when no scene is given', async () => {
    const result = await computeCoverage({ area: polygon(area), scenes: [], regions: [] })
    expect(result.coveredAreaKm2).toBe(0)
    expect(result.percent).toBe(0)
    within(geodesicAreaKm2(JSON.parse(result.gaps ?? 'null')), shapelyKm2([area]), 0.001)
    expect(result.cover).toEqual({ ids: [], coveredAreaKm2: 0, percent: 0 })
  })

  it('counts what scenes outside the fewest-scenes cover cover too (the gaps are the area less every footprint)', async () => {
    // a grid of 10 × 10 cells: every cell centre lies in the wide scene, so the cover takes it alone;
    // the strip it leaves is covered by a scene the cover never takes, and partly by a third
    const wide = box(115.9, 38.9, 116.96, 40.1)
    const strip = box(116.96, 38.9, 117.1, 39.6)
    const corner = box(116.98, 39.5, 117.2, 39.8)
    const result = await computeCoverage({
      area: polygon(area),
      scenes: [scene(wide), scene(strip), scene(corner)],
      regions: [],
      gridCells: 100,
    })
    expect(result.cover.ids).toHaveLength(1)
    const expected = shapelyCoveredKm2(area, [wide, strip, corner])
    within(result.coveredAreaKm2, expected, 0.0005)
    within(geodesicAreaKm2(JSON.parse(result.gaps ?? 'null')), shapelyKm2([area]) - expected, 0.005)
    expect(result.cover.percent).toBeLessThan(result.percent)
  })

  it('answers no gap when a scene covers the whole area', async () => {
    const result = await computeCoverage({ area: polygon(area), scenes: [scene(box(115, 38, 118, 41))], regions: [] })
    expect(result.percent).toBe(100)
    expect(result.gaps).toBeNull()
  })

  it('measures each region inside the area and its covered part', async () => {
    const west = { code: '110101', name: '西区', geometry: polygon(box(115, 38, 116.5, 41)) }
    const east = { code: '110102', name: '东区', geometry: polygon(box(116.5, 38, 118, 41)) }
    const away = { code: '110103', name: '远区', geometry: polygon(box(120, 30, 121, 31)) }
    const cover = box(116, 39, 116.25, 40)
    const result = await computeCoverage({ area: polygon(area), scenes: [scene(cover)], regions: [east, away, west] })
    expect(result.regions.map((r) => r.code)).toEqual(['110101', '110102'])
    const [w, e] = result.regions
    within(w?.areaKm2 ?? 0, shapelyKm2([box(116, 39, 116.5, 40)]))
    within(w?.coveredKm2 ?? 0, shapelyKm2([cover]))
    within(w?.percent ?? 0, 50, 0.002)
    expect(e?.coveredKm2).toBe(0)
    expect(e?.percent).toBe(0)
  })

  it('cuts a polygon area with a hole and a scene crossing it', async () => {
    const holed: Position[][] = [...box(116, 39, 117, 40), ...box(116.4, 39.4, 116.6, 39.6).map((r) => [...r].reverse())]
    const fp = box(116.3, 38.5, 116.7, 40.5)
    const result = await computeCoverage({ area: polygon(holed), scenes: [scene(fp)], regions: [] })
    within(result.aoiAreaKm2, shapelyKm2([holed]))
    within(result.coveredAreaKm2, shapelyKm2([box(116.3, 39, 116.7, 40)]) - shapelyKm2([box(116.4, 39.4, 116.6, 39.6)]))
  })
})

describe('greedy set cover', () => {
  const area = box(0, 0, 10, 10)
  const cover = (fps: Position[][][], meta?: Array<{ cloudPercent: number; acquiredAtMs: number }>) =>
    greedyCover(
      [area],
      fps.map((f) => [f]),
      meta ?? fps.map(() => ({ cloudPercent: 10, acquiredAtMs: 0 })),
    )

  it('takes the two halves and leaves out a scene inside one of them', () => {
    expect(cover([box(0, 0, 5, 10), box(1, 1, 3, 3), box(5, 0, 10, 10)]).sort()).toEqual([0, 2])
  })

  it('prefers one scene over the four quarters it equals', () => {
    expect(cover([box(0, 0, 5, 5), box(5, 0, 10, 5), box(-1, -1, 11, 11), box(0, 5, 5, 10), box(5, 5, 10, 10)])).toEqual([2])
  })

  it('prefers the clearer, then the more recent of equal footprints', () => {
    const whole = box(0, 0, 10, 10)
    expect(
      cover(
        [whole, whole, whole],
        [
          { cloudPercent: 40, acquiredAtMs: 3 },
          { cloudPercent: 5, acquiredAtMs: 1 },
          { cloudPercent: 5, acquiredAtMs: 2 },
        ],
      ),
    ).toEqual([2])
  })

  it('takes nothing when no footprint reaches the area', () => {
    expect(cover([box(20, 20, 30, 30)])).toEqual([])
  })

  it('covers a strip of overlapping scenes with the fewest', () => {
    // ten scenes 2° wide every 1°: every other one suffices (0–2, 2–4, …, 8–10)
    const strip = Array.from({ length: 10 }, (_, i) => box(i, 0, i + 2, 10))
    const taken = cover(strip)
    expect(taken).toHaveLength(5)
  })
})
