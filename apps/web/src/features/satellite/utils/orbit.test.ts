import { describe, expect, it } from 'vitest'
import {
  groundTrack,
  hasDecayed,
  type LonLat,
  normalizeLongitude,
  parseTle,
  splitAtAntimeridian,
  subSatellitePoint,
  tleAgeDays,
  trackPoints,
} from './orbit'

// Vallado's SGP4 verification case 00005 (tcppver.out): at the epoch r = (7022.465, −1400.083, 0.040) km,
// after 360 min r = (−7154.031, −3783.177, −3536.194) km
const VANGUARD = [
  '1 00005U 58002B   00179.78495062  .00000023  00000-0  28098-4 0  4753',
  '2 00005  34.2682 348.7242 1859667 331.7664  19.3264 10.82419157413667',
] as const
// data/satellites/tle/resource.tle (CelesTrak active group, 2026-06-13)
const GF1 = [
  '1 39150U 13018A   26164.87794749  .00000016  00000+0  96064-5 0  9991',
  '2 39150  97.9101 237.0128 0015727 278.3165  81.6262 14.76531261707751',
] as const
const GF4 = [
  '1 41194U 15083A   26164.86883948 -.00000325  00000+0  00000+0 0  9998',
  '2 41194   0.3474  83.8624 0004338 114.2055 122.6039  1.00270524 38494',
] as const

function model(lines: readonly [string, string]) {
  const parsed = parseTle(lines[0], lines[1])
  if (!parsed) throw new Error('TLE did not parse')
  return parsed
}

describe('parseTle', () => {
  it('reads the epoch, the period and the SGP4 mode', () => {
    const gf1 = model(GF1)
    expect(gf1.epoch.toISOString()).toBe('2026-06-13T21:04:14.663Z')
    expect(gf1.periodMin).toBeCloseTo(1440 / 14.76531261, 1)
    expect(gf1.isDeepSpace).toBe(false)
    const vanguard = model(VANGUARD)
    expect(vanguard.epoch.toISOString()).toBe('2000-06-27T18:50:19.734Z')
  })

  it('refuses lines that are not a TLE', () => {
    expect(parseTle('hello', 'world')).toBeUndefined()
    expect(parseTle('', '')).toBeUndefined()
  })
})

describe('subSatellitePoint', () => {
  it('matches the published SGP4 verification positions of satellite 00005', () => {
    const vanguard = model(VANGUARD)
    const atEpoch = subSatellitePoint(vanguard, vanguard.epoch)
    // |r| = 7160.674 km on the equator: height = |r| − 6378.137 km
    expect(atEpoch?.altitudeKm).toBeCloseTo(782.54, 0)
    expect(Math.abs(atEpoch?.lat ?? 99)).toBeLessThan(0.01)
    const later = subSatellitePoint(vanguard, new Date(vanguard.epoch.getTime() + 360 * 60_000))
    // geocentric latitude asin(z/|r|) = −23.60°; the geodetic latitude lies slightly further from the equator
    expect(later?.lat).toBeGreaterThan(-23.9)
    expect(later?.lat).toBeLessThan(-23.6)
    expect(later?.altitudeKm).toBeGreaterThan(2440)
    expect(later?.altitudeKm).toBeLessThan(2470)
  })

  it('keeps a geostationary satellite (GF-4, deep-space SGP4) over one longitude at ~35 786 km', () => {
    const gf4 = model(GF4)
    expect(gf4.isDeepSpace).toBe(true)
    expect(gf4.periodMin).toBeGreaterThan(1430)
    expect(gf4.periodMin).toBeLessThan(1440)
    const points = trackPoints(gf4, gf4.epoch, { periods: 1, pointsPerPeriod: 48 })
    expect(points).toHaveLength(97)
    const lons = points.map((p) => p.lon)
    expect(Math.max(...lons) - Math.min(...lons)).toBeLessThan(2)
    for (const p of points) expect(Math.abs(p.lat)).toBeLessThan(1)
    const here = subSatellitePoint(gf4, gf4.epoch)
    expect(here?.altitudeKm).toBeGreaterThan(35_700)
    expect(here?.altitudeKm).toBeLessThan(35_900)
  })
})

describe('decay', () => {
  // ZHUHAI-1 03C (44537) in data/satellites/tle/resource.tle: an older set with strong drag
  const ZHUHAI_03C = [
    '1 44537U 19060D   26127.75801744  .00257195  26797-4  79401-3 0  9991',
    '2 44537  97.5491 295.6321 0003345 350.3088   9.8120 15.91730776370804',
  ] as const

  it('answers no position once SGP4 finds the orbit decayed, and says why', () => {
    const sat = model(ZHUHAI_03C)
    expect(subSatellitePoint(sat, sat.epoch)).toBeDefined()
    expect(hasDecayed(sat)).toBe(false)
    expect(subSatellitePoint(sat, new Date('2026-11-01T00:00:00Z'))).toBeUndefined()
    expect(hasDecayed(sat)).toBe(true)
  })
})

describe('ground track', () => {
  it('stays within the latitudes the inclination allows, and reaches them', () => {
    const gf1 = model(GF1)
    const points = trackPoints(gf1, gf1.epoch, { periods: 1 })
    const maxLat = Math.max(...points.map((p) => Math.abs(p.lat)))
    // a retrograde orbit of 97.91° reaches 180 − 97.91 = 82.09° (geodetic latitude a little more)
    expect(maxLat).toBeLessThan(82.4)
    expect(maxLat).toBeGreaterThan(81.5)
    const vanguard = model(VANGUARD)
    const low = trackPoints(vanguard, vanguard.epoch, { periods: 1 })
    expect(Math.max(...low.map((p) => Math.abs(p.lat)))).toBeLessThan(34.27 + 0.3)
  })

  it('samples evenly and crosses the equator northwards once per period', () => {
    const gf1 = model(GF1)
    const points = trackPoints(gf1, gf1.epoch, { periods: 2, pointsPerPeriod: 360 })
    expect(points).toHaveLength(2 * 2 * 360 + 1)
    const step = (points[1]?.time.getTime() ?? 0) - (points[0]?.time.getTime() ?? 0)
    expect(step / 60_000).toBeCloseTo(gf1.periodMin / 360, 3)
    const northward: number[] = []
    for (let i = 1; i < points.length; i++) {
      const a = points[i - 1]
      const b = points[i]
      if (a && b && a.lat < 0 && b.lat >= 0) northward.push(b.time.getTime())
    }
    expect(northward.length).toBeGreaterThanOrEqual(3)
    for (let i = 1; i < northward.length; i++) {
      const minutes = ((northward[i] ?? 0) - (northward[i - 1] ?? 0)) / 60_000
      expect(Math.abs(minutes - gf1.periodMin)).toBeLessThan(1)
    }
  })

  it('splits at the antimeridian and at now, with no part jumping across the map', () => {
    const gf1 = model(GF1)
    const now = new Date(gf1.epoch.getTime() + 3 * 86_400_000)
    const track = groundTrack(gf1, now)
    const parts = [...track.past, ...track.future]
    expect(parts.length).toBeGreaterThanOrEqual(3)
    for (const part of parts) {
      for (let i = 1; i < part.length; i++) {
        const [lon] = part[i] as LonLat
        expect(Math.abs(lon - (part[i - 1] as LonLat)[0])).toBeLessThan(180)
        expect(Math.abs(lon)).toBeLessThanOrEqual(180)
      }
    }
    // the flown part ends where the coming part starts: at the satellite
    const here = subSatellitePoint(gf1, now)
    const lastPast = track.past.at(-1)?.at(-1)
    const firstFuture = track.future[0]?.[0]
    expect(lastPast?.[0]).toBeCloseTo(here?.lon ?? 999, 6)
    expect(firstFuture?.[1]).toBeCloseTo(here?.lat ?? 999, 6)
  })
})

describe('splitAtAntimeridian', () => {
  it('ends a part at +180 and starts the next at −180 going east, with the latitude interpolated', () => {
    const parts = splitAtAntimeridian([
      [170, 0],
      [179, 10],
      [-179, 12],
      [-170, 20],
    ])
    expect(parts).toEqual([
      [
        [170, 0],
        [179, 10],
        [180, 11],
      ],
      [
        [-180, 11],
        [-179, 12],
        [-170, 20],
      ],
    ])
  })

  it('handles westward crossings and leaves other lines whole', () => {
    const parts = splitAtAntimeridian([
      [-178, -5],
      [178, -9],
    ])
    expect(parts).toEqual([
      [
        [-178, -5],
        [-180, -7],
      ],
      [
        [180, -7],
        [178, -9],
      ],
    ])
    expect(
      splitAtAntimeridian([
        [0, 0],
        [90, 10],
        [179, 0],
      ]),
    ).toHaveLength(1)
    expect(splitAtAntimeridian([[0, 0]])).toEqual([])
  })
})

describe('small helpers', () => {
  it('folds longitudes into −180…180', () => {
    expect(normalizeLongitude(190)).toBe(-170)
    expect(normalizeLongitude(-190)).toBe(170)
    expect(normalizeLongitude(180)).toBe(180)
    expect(normalizeLongitude(-180)).toBe(-180)
    expect(normalizeLongitude(540)).toBe(180)
  })

  it('counts the age of the elements in whole days', () => {
    const epoch = new Date('2026-06-13T21:04:14Z')
    expect(tleAgeDays(epoch, new Date('2026-11-21T12:00:00Z'))).toBe(160)
    expect(tleAgeDays(epoch, new Date('2026-06-14T20:00:00Z'))).toBe(0)
  })
})
