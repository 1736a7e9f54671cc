import { findPasses, type OrbitArea, orbitFromTle, type Pass, prepareArea, ringTouchesArea } from '@rs/shared'
import type { Polygon } from 'geojson'
import { describe, expect, it } from 'vitest'
import { framesOfPass, sceneAreaOf } from './pass-frames'

// GF-1 as in data/satellites/tle/resource.tle
const TLE = {
  line1: '1 39150U 13018A   26164.87794749  .00000016  00000+0  96064-5 0  9991',
  line2: '2 39150  97.9101 237.0128 0015727 278.3165  81.6262 14.76531261707751',
}
const AREA: Polygon = {
  type: 'Polygon',
  coordinates: [
    [
      [103.5, 30.3],
      [104.4, 30.3],
      [104.4, 31.0],
      [103.5, 31.0],
      [103.5, 30.3],
    ],
  ],
}

/** The passes of GF-1's 60 km PMS over the area in 3 days, as the server states them. */
function passes(): Pass[] {
  const orbit = orbitFromTle(TLE.line1, TLE.line2)
  const start = Date.UTC(2026, 5, 14)
  return findPasses(orbit, prepareArea(AREA), [{ swathKm: 60, maxRollDeg: 30 }], start, start + 3 * 86_400_000).map((p) => ({
    noradId: 39150,
    satellite: 'GF-1 01',
    slug: 'gf1',
    kind: 'optical',
    sensor: 'PMS1/PMS2',
    swathKm: 60,
    maxRollDeg: 30,
    start: new Date(p.startMs).toISOString(),
    end: new Date(p.endMs).toISOString(),
    reachKm: p.reachKm,
    closestKm: p.closestKm,
    closestTime: new Date(p.closestMs).toISOString(),
    rollDeg: p.rollDeg,
    sunElevationDeg: p.sunElevationDeg,
    direction: p.ascending ? 'ascending' : 'descending',
    altitudeKm: p.altitudeKm,
    subPoint: p.subPoint,
  }))
}

describe('the frames of a chosen pass', () => {
  it('roll toward the area when it lies beyond the half swath, and every frame touches it', () => {
    const all = passes()
    expect(all.length).toBeGreaterThan(1)
    const area = prepareArea(AREA)
    let rolled = 0
    for (const p of all) {
      const { frames, rollDeg } = framesOfPass(p, TLE, AREA)
      // every pass reaches the area, so after the roll at least one frame touches it
      expect(frames.length).toBeGreaterThan(0)
      for (const f of frames) expect(ringTouchesArea(f.ring, area)).toBe(true)
      if (p.closestKm > 30) {
        rolled++
        expect(rollDeg).toBeGreaterThan(0)
        expect(rollDeg).toBeLessThanOrEqual(30)
      } else expect(rollDeg).toBe(0)
      // PMS1 and PMS2 side by side, 30 km each
      expect(new Set(frames.map((f) => f.sensor)).size).toBeLessThanOrEqual(2)
    }
    expect(rolled).toBeGreaterThan(0)
  })
})

describe("a prediction's area for the image search", () => {
  it('keeps a region, an upload and a drawing, and puts a box around a point of interest', () => {
    expect(sceneAreaOf({ regionCode: '110000' })).toEqual({ mode: 'region', regionCode: '110000' })
    expect(sceneAreaOf(AREA as OrbitArea)).toEqual({ mode: 'draw', geometry: AREA })
    const upload = '0b7c6f8e-3d1a-4c7e-9a55-2f1e8d9c0a11'
    expect(sceneAreaOf({ uploadId: upload })).toEqual({ mode: 'shp', uploadId: upload })
    const box = sceneAreaOf({ type: 'Point', coordinates: [116.4, 39.9] })
    expect(box.mode).toBe('extent')
    const want = [116.35, 39.85, 116.45, 39.95]
    if (box.mode === 'extent') for (let i = 0; i < 4; i++) expect(box.bbox[i]).toBeCloseTo(want[i] as number, 9)
  })
})
