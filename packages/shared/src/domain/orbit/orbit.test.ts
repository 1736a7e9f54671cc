import geographiclib from 'geographiclib-geodesic'
import type { Polygon } from 'geojson'
import { describe, expect, it } from 'vitest'
import { distanceLowerBoundKm, distanceToArea, isInside, prepareArea } from './area'
import { findPasses, reachKm, rollNeededDeg } from './passes'
import { groundTrack, maxGroundSpeedKmS, orbitFromTle, subPoint } from './propagate'
import { sunElevationDeg } from './sun'
import { readTleText, tleChecksum, tleEpochMs, tleLineProblem } from './tle'

// GF-1 and ZY-3 02 as in data/satellites/tle/resource.tle
const GF1 = [
  '1 39150U 13018A   26164.87794749  .00000016  00000+0  96064-5 0  9991',
  '2 39150  97.9101 237.0128 0015727 278.3165  81.6262 14.76531261707751',
] as const
const ZY3 = [
  '1 41556U 16033A   26164.83552265  .00005595  00000+0  25168-3 0  9997',
  '2 41556  97.3842 240.6739 0011291 303.2066  56.8087 15.21451760557475',
] as const

const WGS84 = geographiclib.Geodesic.WGS84
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

describe('two-line elements', () => {
  it('checks the checksum and the format of each line', () => {
    for (const line of [...GF1, ...ZY3]) expect(tleChecksum(line)).toBe(Number(line[68]))
    expect(tleLineProblem(GF1[0], 1)).toBeUndefined()
    expect(tleLineProblem(GF1[1], 2)).toBeUndefined()
    expect(tleLineProblem(`${GF1[0].slice(0, 68)}${(Number(GF1[0][68]) + 1) % 10}`, 1)).toBe('checksum')
    expect(tleLineProblem(GF1[0], 2)).toBe('lineNumber')
    expect(tleLineProblem(GF1[0].slice(0, 60), 1)).toBe('length')
    // a letter where the inclination's digits are, checksum still right
    const broken = `2 39150  9X.9443${GF1[1].slice(16, 68)}`
    expect(tleLineProblem(`${broken}${tleChecksum(broken)}`, 2)).toBe('format')
    expect(tleEpochMs(GF1[0])).toBe(Date.UTC(2026, 0, 1) + Math.round(163.87794749 * 86_400_000))
  })

  it('reads two- and three-line text and names the first bad line', () => {
    const ok = readTleText(`GAOFEN-1\r\n${GF1[0]}\n${GF1[1]}\n\n${ZY3[0]}\n${ZY3[1]}\n`)
    expect(ok.ok && ok.sets.map((s) => [s.name, s.noradId, s.lineNumber])).toEqual([
      ['GAOFEN-1', 39150, 1],
      ['', 41556, 5],
    ])
    const badSum = `${ZY3[1].slice(0, 68)}${(Number(ZY3[1][68]) + 3) % 10}`
    expect(readTleText(`GAOFEN-1\n${GF1[0]}\n${GF1[1]}\nZY-3\n${ZY3[0]}\n${badSum}\n`)).toEqual({ ok: false, line: 6, problem: 'checksum' })
    expect(readTleText(`${GF1[0]}\n${ZY3[1]}`)).toEqual({ ok: false, line: 2, problem: 'catalogueMismatch' })
    expect(readTleText(`${GF1[0]}\n${GF1[1]}\n${GF1[0]}\n${GF1[1]}`)).toEqual({ ok: false, line: 3, problem: 'duplicate' })
    expect(readTleText(`GAOFEN-1\n${GF1[0]}`)).toEqual({ ok: false, line: 3, problem: 'missingLine' })
    expect(readTleText(' \n\n')).toEqual({ ok: false, line: 1, problem: 'empty' })
  })
})

describe('SGP4 and the sub-satellite point', () => {
  it('keeps GF-1 on a 645 km sun-synchronous orbit', () => {
    const orbit = orbitFromTle(...GF1)
    const track = groundTrack(orbit, orbit.epochMs, orbit.epochMs + 6000_000, 60)
    expect(track).toHaveLength(101)
    for (const p of track) {
      expect(p.altitudeKm).toBeGreaterThan(620)
      expect(p.altitudeKm).toBeLessThan(680)
      expect(Math.abs(p.lat)).toBeLessThan(82.2)
    }
    // one revolution brings the track back to nearly the same latitude
    const period = 86_400_000 / 14.76531261
    const a = subPoint(orbit, orbit.epochMs) as NonNullable<ReturnType<typeof subPoint>>
    const b = subPoint(orbit, orbit.epochMs + period) as NonNullable<ReturnType<typeof subPoint>>
    expect(Math.abs(a.lat - b.lat)).toBeLessThan(0.5)
    expect(maxGroundSpeedKmS(orbit)).toBeGreaterThan(7)
    expect(maxGroundSpeedKmS(orbit)).toBeLessThan(8.5)
  })

  it('refuses elements SGP4 cannot use', () => {
    expect(() => orbitFromTle(GF1[0], GF1[1].replace('0015727', '9915727'))).toThrow()
  })
})

describe('distance to an area', () => {
  const area = prepareArea(square(100, 30, 102, 32))

  it('is 0 inside, and the geodesic distance to the nearest edge outside', () => {
    expect(isInside(area, 101, 31)).toBe(true)
    expect(distanceToArea(area, 101, 31).km).toBe(0)
    // due south of the south edge: the meridian arc from 29° to 30°
    const south = WGS84.Inverse(29, 101, 30, 101).s12 as number
    expect(distanceToArea(area, 101, 29).km).toBeCloseTo(south / 1000, 0)
    // beyond a corner: the distance to the corner
    const corner = WGS84.Inverse(33, 103, 32, 102).s12 as number
    expect(distanceToArea(area, 103, 33).km).toBeCloseTo(corner / 1000, 0)
  })

  it('takes edges as straight lines in longitude/latitude, measured geodesically', () => {
    // a long east-west edge at 60° N: its nearest point to (90°, 61°) is (90°, 60°), not on the great circle that bulges to 63.4°
    const long = prepareArea(square(60, 50, 120, 60))
    expect(isInside(long, 90, 59.9)).toBe(true)
    expect(isInside(long, 90, 60.1)).toBe(false)
    const toParallel = (WGS84.Inverse(61, 90, 60, 90).s12 as number) / 1000
    expect(distanceToArea(long, 90, 61).km).toBeCloseTo(toParallel, 0)
    // brute force over the lon/lat edge
    let best = Infinity
    for (let i = 0; i <= 6000; i++) best = Math.min(best, (WGS84.Inverse(61.5, 80, 60, 60 + i / 100).s12 as number) / 1000)
    expect(Math.abs(distanceToArea(long, 80, 61.5).km - best)).toBeLessThan(0.2)
  })

  it('holes are outside, and the lower bound never exceeds the distance', () => {
    const holed = prepareArea({
      type: 'Polygon',
      coordinates: [square(100, 30, 104, 34).coordinates[0] as number[][], square(101, 31, 103, 33).coordinates[0] as number[][]],
    })
    expect(isInside(holed, 102, 32)).toBe(false)
    expect(distanceToArea(holed, 102, 32).km).toBeCloseTo((WGS84.Inverse(32, 102, 32, 103).s12 as number) / 1000, 0)
    for (const [lon, lat] of [
      [0, 0],
      [100, 80],
      [110, 20],
      [-170, -40],
    ] as const)
      expect(distanceLowerBoundKm(holed, lon, lat)).toBeLessThanOrEqual(distanceToArea(holed, lon, lat).km)
  })

  it('measures to a point of interest', () => {
    const poi = prepareArea({ type: 'Point', coordinates: [116.4, 39.9] })
    expect(distanceToArea(poi, 116.4, 40.9).km).toBeCloseTo((WGS84.Inverse(40.9, 116.4, 39.9, 116.4).s12 as number) / 1000, 1)
  })
})

describe('passes', () => {
  it('states the reach and the roll needed', () => {
    expect(reachKm(60, 645, 0)).toBe(30)
    expect(reachKm(60, 645, 35)).toBeCloseTo(30 + 645 * Math.tan((35 * Math.PI) / 180), 9)
    expect(rollNeededDeg(60, 645, 20)).toBe(0)
    expect(rollNeededDeg(60, 645, 30 + 645)).toBeCloseTo(45, 9)
  })

  // brute force by the definition: every second of the window
  function bruteForce(tle: readonly [string, string], geometry: Polygon, swathKm: number, rollDeg: number, startMs: number, endMs: number) {
    const orbit = orbitFromTle(...tle)
    const area = prepareArea(geometry)
    const found: Array<[number, number]> = []
    let open: number | null = null
    let last = startMs
    for (let t = startMs; t <= endMs; t += 1000) {
      const p = subPoint(orbit, t) as NonNullable<ReturnType<typeof subPoint>>
      const reach = reachKm(swathKm, p.altitudeKm, rollDeg)
      // the cap's lower bound (tested above) only skips points that are out of reach anyway
      const inReach = distanceLowerBoundKm(area, p.lon, p.lat) <= reach && distanceToArea(area, p.lon, p.lat).km <= reach
      if (inReach && open === null) open = t
      if (!inReach && open !== null) {
        found.push([open, last])
        open = null
      }
      last = t
    }
    if (open !== null) found.push([open, last])
    return found
  }

  it.each([
    ['GF-1 WFV over a province-sized square, nadir', GF1, square(112, 36, 118, 41), 800, 0],
    ['ZY-3 02 over a small square with 32° roll', ZY3, square(104, 30.5, 104.2, 30.7), 51, 32],
  ] as const)(
    'finds every pass of %s that a second-by-second scan finds, ends within a second',
    { timeout: 60_000 },
    (_name, tle, geometry, swath, roll) => {
      const start = Date.UTC(2026, 5, 14)
      const end = start + 86_400_000
      const expected = bruteForce(tle, geometry, swath, roll, start, end)
      const stats = { propagations: 0 }
      const passes = findPasses(
        orbitFromTle(tle[0], tle[1]),
        prepareArea(geometry),
        [{ swathKm: swath, maxRollDeg: roll }],
        start,
        end,
        stats,
      )
      expect(expected.length).toBeGreaterThan(0)
      expect(passes.map((p) => [p.startMs, p.endMs])).toHaveLength(expected.length)
      passes.forEach((p, i) => {
        const [s, e] = expected[i] as [number, number]
        expect(Math.abs(p.startMs - s)).toBeLessThanOrEqual(1000)
        expect(Math.abs(p.endMs - e)).toBeLessThanOrEqual(1000)
        expect(p.closestMs).toBeGreaterThanOrEqual(p.startMs)
        expect(p.closestMs).toBeLessThanOrEqual(p.endMs)
        expect(p.closestKm).toBeLessThanOrEqual(p.reachKm + 0.01)
        expect(p.rollDeg).toBeLessThanOrEqual(roll)
      })
      // far fewer propagations than the scan
      expect(stats.propagations).toBeLessThan(86_400 / 10)
    },
  )

  it('gives each sensor its own passes and a pass still open at the window end ends there', () => {
    const orbit = orbitFromTle(...GF1)
    const start = Date.UTC(2026, 5, 14)
    const passes = findPasses(
      orbit,
      prepareArea(square(100, 20, 120, 45)),
      [
        { swathKm: 60, maxRollDeg: 0 },
        { swathKm: 800, maxRollDeg: 0 },
      ],
      start,
      start + 2 * 86_400_000,
    )
    const narrow = passes.filter((p) => p.sensor === 0)
    const wide = passes.filter((p) => p.sensor === 1)
    expect(wide.length).toBeGreaterThanOrEqual(narrow.length)
    for (const n of narrow) expect(wide.some((w) => w.startMs <= n.startMs && w.endMs >= n.endMs)).toBe(true)
    const inside = passes[0] as (typeof passes)[number]
    const cut = findPasses(
      orbit,
      prepareArea(square(100, 20, 120, 45)),
      [{ swathKm: 800, maxRollDeg: 0 }],
      inside.startMs + 30_000,
      inside.startMs + 60_000,
    )
    expect(cut).toHaveLength(1)
    expect(cut[0]?.startMs).toBe(inside.startMs + 30_000)
    expect(cut[0]?.endMs).toBe(inside.startMs + 60_000)
  })
})

describe('sun elevation', () => {
  it('is high at noon in summer and below the horizon at midnight', () => {
    // Beijing, 21 June 2026, 12:00 local (04:00 UTC): about 90 − 39.9 + 23.4 = 73.5°
    expect(sunElevationDeg(Date.UTC(2026, 5, 21, 4, 14), 116.4, 39.9)).toBeCloseTo(73.5, 0)
    expect(sunElevationDeg(Date.UTC(2026, 5, 21, 16), 116.4, 39.9)).toBeLessThan(-20)
  })
})
