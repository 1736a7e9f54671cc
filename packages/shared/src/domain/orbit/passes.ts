import { distanceBoundsKm, distanceLowerBoundKm, distanceToArea, type PreparedArea } from './area'
import { maxClimbRateKmS, maxGroundSpeedKmS, type Orbit, type SubPoint, subPoint } from './propagate'
import { sunElevationDeg } from './sun'

/**
 * Passes (过境) by the portal's definition (docs/glossary.md): a satellite can image the area at
 * time t when the geodesic ground distance from its sub-satellite point to the area (0 inside) is at
 * most its reach, half the sensor's swath plus altitude × tan(maximum roll); a pass is a maximal
 * interval of such times, its ends found to the second.
 *
 * Finding them: g(t) = distance − reach is sampled from the window's start. Between samples g can
 * change by at most the bound of the ground speed plus the bound of the reach's change (altitude
 * rate × tan(roll)) per second, so the next sample is |g| / that rate seconds later (at least 1 s,
 * at most MAX_STEP_S): a pass, or a gap between two passes, longer than a second cannot fall between
 * two samples. Each change of sign is then bisected to one second.
 */

/** Reach in km: half the swath plus altitude × tan(maximum roll). */
export function reachKm(swathKm: number, altitudeKm: number, maxRollDeg: number): number {
  return swathKm / 2 + altitudeKm * Math.tan((maxRollDeg * Math.PI) / 180)
}

/** The roll (degrees) that brings a point at groundKm from the track into the swath's edge; 0 when the swath already holds it. */
export function rollNeededDeg(swathKm: number, altitudeKm: number, groundKm: number): number {
  const beyond = groundKm - swathKm / 2
  return beyond <= 0 ? 0 : (Math.atan(beyond / altitudeKm) * 180) / Math.PI
}

/** A sensor as the pass finder sees it. */
export interface PassSensor {
  swathKm: number
  maxRollDeg: number
}

/** One pass of one sensor. */
export interface FoundPass {
  /** Index into the sensors given. */
  sensor: number
  /** First second (ms since 1970) the area is within reach; the window's start when it already was. */
  startMs: number
  /** Last second within reach; the window's end when it still is. */
  endMs: number
  /** The moment of the least distance (to the second). */
  closestMs: number
  closestKm: number
  /** Reach at the closest moment. */
  reachKm: number
  altitudeKm: number
  /** Roll needed to see the area's nearest point at the closest moment. */
  rollDeg: number
  ascending: boolean
  /** Sun elevation at the area's nearest point at the closest moment. */
  sunElevationDeg: number
  /** Sub-satellite point at the closest moment. */
  subPoint: [number, number]
}

export const MAX_STEP_S = 600
const MIN_STEP_MS = 1000

interface Sample {
  t: number
  p: SubPoint | null
  /** Bounds of the distance in km: equal when measured exactly. */
  lo: number
  hi: number
  nearest?: [number, number]
}

export interface PassSearchStats {
  /** SGP4 propagations made. */
  propagations: number
}

/** The passes of one orbit over an area within [startMs, endMs], for each sensor, in time order. */
export function findPasses(
  orbit: Orbit,
  area: PreparedArea,
  sensors: PassSensor[],
  startMs: number,
  endMs: number,
  stats: PassSearchStats = { propagations: 0 },
): FoundPass[] {
  if (sensors.length === 0 || endMs < startMs) return []
  const tans = sensors.map((s) => Math.tan((s.maxRollDeg * Math.PI) / 180))
  const maxTan = Math.max(...tans)
  const maxHalfSwath = Math.max(...sensors.map((s) => s.swathKm / 2))
  const rate = maxGroundSpeedKmS(orbit) + maxClimbRateKmS(orbit) * maxTan // km/s that g may change by

  const reaches = (p: SubPoint) => sensors.map((s) => reachKm(s.swathKm, p.altitudeKm, s.maxRollDeg))
  // the distance is measured exactly (GeographicLib) only where cheaper bounds leave a sensor's side of its reach open
  const sample = (t: number, exact = false): Sample => {
    stats.propagations++
    const p = subPoint(orbit, t)
    if (!p) return { t, p, lo: Infinity, hi: Infinity }
    if (!exact) {
      const lower = distanceLowerBoundKm(area, p.lon, p.lat)
      if (lower > maxHalfSwath + p.altitudeKm * maxTan) return { t, p, lo: lower, hi: Infinity }
      const bounds = distanceBoundsKm(area, p.lon, p.lat)
      if (reaches(p).every((r) => bounds.lower > r || bounds.upper <= r)) return { t, p, lo: bounds.lower, hi: bounds.upper }
    }
    const { km, nearest } = distanceToArea(area, p.lon, p.lat)
    return { t, p, lo: km, hi: km, nearest }
  }
  const reachOf = (s: Sample, i: number) =>
    reachKm((sensors[i] as PassSensor).swathKm, (s.p as SubPoint).altitudeKm, (sensors[i] as PassSensor).maxRollDeg)
  const within = (s: Sample, i: number) => s.p !== null && s.hi <= reachOf(s, i)
  /** How far (km) g = distance − reach is from 0 at least. */
  const margin = (s: Sample, i: number) => {
    if (!s.p) return Infinity
    const r = reachOf(s, i)
    return s.lo > r ? s.lo - r : r - s.hi
  }

  // first second within reach in (outside, inside], to the second
  const bisect = (i: number, outside: number, inside: number) => {
    let a = outside
    let b = inside
    while (Math.abs(b - a) > MIN_STEP_MS) {
      const mid = Math.round((a + b) / 2 / 1000) * 1000
      if (mid === a || mid === b) break
      if (within(sample(mid), i)) b = mid
      else a = mid
    }
    return b
  }

  const passes: FoundPass[] = []
  const open: Array<{ start: number; best: Sample; prev: Sample } | null> = sensors.map(() => null)
  let prev: Sample | null = null
  let t = startMs
  for (;;) {
    const s = sample(t)
    for (let i = 0; i < sensors.length; i++) {
      const isIn = within(s, i)
      const wasOpen = open[i]
      if (isIn && !wasOpen) {
        const start = prev ? bisect(i, prev.t, s.t) : s.t
        open[i] = { start, best: s, prev: s }
      } else if (isIn && wasOpen) {
        if (s.hi < wasOpen.best.hi) wasOpen.best = s
        wasOpen.prev = s
      } else if (!isIn && wasOpen && prev) {
        const end = bisect(i, s.t, prev.t) // last second within reach, searched from the inside
        passes.push(finish(i, wasOpen.start, end, wasOpen.best))
        open[i] = null
      }
    }
    if (t >= endMs) break
    let stepMs = MAX_STEP_S * 1000
    if (s.p) {
      let least = Infinity
      for (let i = 0; i < sensors.length; i++) least = Math.min(least, margin(s, i))
      stepMs = Math.min(stepMs, Math.max(MIN_STEP_MS, Math.floor(least / rate) * 1000))
    }
    prev = s
    t = Math.min(endMs, t + stepMs)
  }
  for (let i = 0; i < sensors.length; i++) {
    const o = open[i]
    if (o) passes.push(finish(i, o.start, endMs, o.best))
  }
  return passes.sort((a, b) => a.startMs - b.startMs || a.sensor - b.sensor)

  function finish(i: number, start: number, end: number, best: Sample): FoundPass {
    const sensor = sensors[i] as PassSensor
    // the least distance near the best sample: golden-section search to a second, within the pass
    let a = Math.max(start, best.t - MAX_STEP_S * 1000)
    let b = Math.min(end, best.t + MAX_STEP_S * 1000)
    let closest = sample(best.t, true)
    if (closest.hi > 0) {
      const r = (Math.sqrt(5) - 1) / 2
      let c = b - r * (b - a)
      let d = a + r * (b - a)
      let fc = sample(c, true)
      let fd = sample(d, true)
      while (b - a > MIN_STEP_MS) {
        if (fc.hi <= fd.hi) {
          b = d
          d = c
          fd = fc
          c = b - r * (b - a)
          fc = sample(c, true)
        } else {
          a = c
          c = d
          fc = fd
          d = a + r * (b - a)
          fd = sample(d, true)
        }
      }
      for (const cand of [fc, fd]) if (cand.hi < closest.hi) closest = cand
    }
    const p = closest.p as SubPoint
    const at = Math.round(closest.t / 1000) * 1000
    const nearest = closest.nearest ?? [p.lon, p.lat]
    return {
      sensor: i,
      startMs: start,
      endMs: end,
      closestMs: Math.min(end, Math.max(start, at)),
      closestKm: closest.hi,
      reachKm: reachKm(sensor.swathKm, p.altitudeKm, sensor.maxRollDeg),
      altitudeKm: p.altitudeKm,
      rollDeg: Math.min(sensor.maxRollDeg, rollNeededDeg(sensor.swathKm, p.altitudeKm, closest.hi)),
      ascending: p.ascending,
      sunElevationDeg: sunElevationDeg(closest.t, nearest[0], nearest[1]),
      subPoint: [p.lon, p.lat],
    }
  }
}
