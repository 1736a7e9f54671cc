import geographiclib from 'geographiclib-geodesic'
import type { Polygon } from 'geojson'
import { describe, expect, it } from 'vitest'
import { prepareArea } from './area'
import { passFrames, ringTouchesArea, rollShiftKm } from './framing'
import { findPasses } from './passes'
import { orbitFromTle, subPoint } from './propagate'

// GF-1 as in data/satellites/tle/resource.tle
const GF1 = orbitFromTle(
  '1 39150U 13018A   26164.87794749  .00000016  00000+0  96064-5 0  9991',
  '2 39150  97.9101 237.0128 0015727 278.3165  81.6262 14.76531261707751',
)
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
const WFV = ['WFV1', 'WFV2', 'WFV3', 'WFV4'].map((id) => ({ id, name: 'WFV1/WFV2/WFV3/WFV4', swathKm: 800 }))
const START = Date.UTC(2026, 5, 14)
const END = START + 3 * 86_400_000

/** Cross-track distance (km, + right) of a point from the ground track at time t: by the geodesic to the sub-satellite point and the heading. */
function acrossKm(t: number, lon: number, lat: number): { across: number; along: number } {
  const p = subPoint(GF1, t)
  const q = subPoint(GF1, t + 1000)
  if (!p || !q) throw new Error('no position')
  const heading = WGS84.Inverse(p.lat, p.lon, q.lat, q.lon).azi1 as number
  const r = WGS84.Inverse(p.lat, p.lon, lat, lon)
  const rel = (((r.azi1 as number) - heading) * Math.PI) / 180
  return { across: ((r.s12 as number) / 1000) * Math.sin(rel), along: ((r.s12 as number) / 1000) * Math.cos(rel) }
}

describe('the frames a pass would take', () => {
  // a county-sized square in Sichuan: GF-1's 800 km WFV swath passes it every few days
  const area = prepareArea(square(103.5, 30.3, 104.4, 31.0))
  const passes = findPasses(GF1, area, [{ swathKm: 800, maxRollDeg: 0 }], START, END)

  it('lie along the track within the swath, in time order, and touch the area', () => {
    expect(passes.length).toBeGreaterThan(0)
    for (const pass of passes) {
      const frames = passFrames(GF1, { startMs: pass.startMs, endMs: pass.endMs, sensors: WFV, rollShiftKm: 0 }, area)
      expect(frames.length).toBeGreaterThan(0)
      for (let i = 1; i < frames.length; i++)
        expect((frames[i] as (typeof frames)[0]).centreMs).toBeGreaterThanOrEqual((frames[i - 1] as (typeof frames)[0]).centreMs)
      for (const f of frames) {
        expect(f.startMs).toBeLessThan(f.centreMs)
        expect(f.centreMs).toBeLessThan(f.endMs)
        expect(ringTouchesArea(f.ring, area)).toBe(true)
        // the centre is under the track at its own time (along ≈ 0) and within the swath across it
        const c = acrossKm(f.centreMs, f.centre[0], f.centre[1])
        expect(Math.abs(c.along)).toBeLessThan(2)
        expect(Math.abs(c.across)).toBeLessThan(400)
        // WFV1…WFV4 side by side: 200 km each, centres 300 / 100 km either side
        const expected = { WFV1: -300, WFV2: -100, WFV3: 100, WFV4: 300 }[f.sensor] as number
        expect(Math.abs(c.across - expected)).toBeLessThan(2)
        // every corner within the swath's half width (and a little for the ellipsoid)
        for (const corner of f.ring) expect(Math.abs(acrossKm(f.centreMs, corner[0], corner[1]).across)).toBeLessThan(402)
        // a frame at most 185 km long: its duration at ~6.8 km/s
        expect(f.endMs - f.startMs).toBeGreaterThan(20_000)
        expect(f.endMs - f.startMs).toBeLessThan(30_000)
      }
    }
  })

  it('leave out frames that do not touch the area, and roll toward it', () => {
    const pass = passes[0] as (typeof passes)[0]
    const all = passFrames(
      GF1,
      { startMs: pass.startMs, endMs: pass.endMs, sensors: WFV, rollShiftKm: 0 },
      prepareArea(square(60, 0, 150, 60)),
    )
    const some = passFrames(GF1, { startMs: pass.startMs, endMs: pass.endMs, sensors: WFV, rollShiftKm: 0 }, area)
    expect(all.length).toBeGreaterThan(some.length)
    // a point 300 km right of the track: the roll shift is positive (right) and the swath's centre moves there
    const p = subPoint(GF1, pass.closestMs)
    const q = subPoint(GF1, pass.closestMs + 1000)
    if (!p || !q) throw new Error('no position')
    const heading = WGS84.Inverse(p.lat, p.lon, q.lat, q.lon).azi1 as number
    const right = WGS84.Direct(p.lat, p.lon, heading + 90, 300_000)
    const left = WGS84.Direct(p.lat, p.lon, heading - 90, 300_000)
    expect(rollShiftKm([p.lon, p.lat], heading, [right.lon2 as number, right.lat2 as number], p.altitudeKm, 20)).toBeGreaterThan(200)
    expect(rollShiftKm([p.lon, p.lat], heading, [left.lon2 as number, left.lat2 as number], p.altitudeKm, 20)).toBeLessThan(-200)
    expect(rollShiftKm([p.lon, p.lat], heading, [left.lon2 as number, left.lat2 as number], p.altitudeKm, 0)).toBe(0)
    const poi = prepareArea({ type: 'Point', coordinates: [right.lon2 as number, right.lat2 as number] })
    const shifted = passFrames(
      GF1,
      {
        startMs: pass.closestMs - 60_000,
        endMs: pass.closestMs + 60_000,
        sensors: [{ id: 'PMS', name: 'PMS', swathKm: 60 }],
        rollShiftKm: 300,
      },
      poi,
    )
    expect(shifted.length).toBe(1)
    expect(Math.abs((shifted[0] as (typeof shifted)[0]).centreMs - pass.closestMs)).toBeLessThan(10_000)
    const unshifted = passFrames(
      GF1,
      {
        startMs: pass.closestMs - 60_000,
        endMs: pass.closestMs + 60_000,
        sensors: [{ id: 'PMS', name: 'PMS', swathKm: 60 }],
        rollShiftKm: 0,
      },
      poi,
    )
    expect(unshifted).toEqual([])
  })

  it('meet an area by a corner inside, an area vertex inside, or crossing edges only', () => {
    const frame: Array<[number, number]> = [
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 1],
      [0, 0],
    ]
    expect(ringTouchesArea(frame, prepareArea(square(0.5, 0.5, 3, 3)))).toBe(true) // corner inside the area
    expect(ringTouchesArea(frame, prepareArea(square(-1, -1, 2, 2)))).toBe(true) // frame inside the area
    expect(ringTouchesArea(frame, prepareArea(square(0.2, 0.2, 0.4, 0.4)))).toBe(true) // area inside the frame
    expect(ringTouchesArea(frame, prepareArea(square(0.4, -1, 0.6, 2)))).toBe(true) // a strip across: edges cross
    expect(ringTouchesArea(frame, prepareArea(square(1.5, 0, 2, 1)))).toBe(false)
    expect(ringTouchesArea(frame, prepareArea({ type: 'Point', coordinates: [0.5, 0.5] }))).toBe(true)
    expect(ringTouchesArea(frame, prepareArea({ type: 'Point', coordinates: [1.5, 0.5] }))).toBe(false)
  })
})
