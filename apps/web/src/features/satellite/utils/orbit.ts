import { type Orbit, hasDecayed as orbitHasDecayed, readOrbit, subPoint } from '@rs/shared'

/** A point on the ground in WGS84 degrees: [longitude −180…180, latitude]. */
export type LonLat = [number, number]

/** One member's orbit, ready to propagate: the parsed elements and what the page says about them. */
export interface OrbitModel {
  /** The elements as SGP4 reads them (packages/shared domain/orbit/propagate.ts). */
  orbit: Orbit
  /** Time of the elements (UTC). */
  epoch: Date
  /** Orbital period from the mean motion, in minutes. */
  periodMin: number
  /** SGP4 chose deep-space mode (period ≥ 225 min: geostationary and other high orbits). */
  isDeepSpace: boolean
}

/** Where a satellite is at one moment. */
export interface SubSatellitePoint {
  lon: number
  lat: number
  /** Height above the WGS84 ellipsoid, km. */
  altitudeKm: number
}

const MINUTES_PER_DAY = 1440
const MS_PER_MINUTE = 60_000
const MS_PER_DAY = 86_400_000

/** Parses a two-line element set; undefined when the lines are not a usable TLE. */
export function parseTle(line1: string, line2: string): OrbitModel | undefined {
  let orbit: Orbit
  try {
    orbit = readOrbit(line1.trim(), line2.trim())
  } catch {
    return undefined
  }
  const { satrec } = orbit
  // nokozai: the TLE's mean motion in radians per minute; NaN or 0 when the lines did not parse
  const meanMotion = satrec.nokozai
  if (!Number.isFinite(meanMotion) || meanMotion <= 0) return undefined
  return {
    orbit,
    epoch: new Date(Math.round(orbit.epochMs)),
    periodMin: (2 * Math.PI) / meanMotion,
    isDeepSpace: satrec.method === 'd',
  }
}

/** The sub-satellite point at a time; undefined when SGP4 cannot propagate to it (decayed, elements too old). */
export function subSatellitePoint(model: OrbitModel, date: Date): SubSatellitePoint | undefined {
  const point = subPoint(model.orbit, date.getTime())
  if (!point || !Number.isFinite(point.lon) || !Number.isFinite(point.lat)) return undefined
  return { lon: normalizeLongitude(point.lon), lat: point.lat, altitudeKm: point.altitudeKm }
}

/** Whether the last propagation failed because, by these elements, the orbit has decayed (re-entry). */
export function hasDecayed(model: OrbitModel): boolean {
  return orbitHasDecayed(model.orbit)
}

/** A longitude folded into −180…180. */
export function normalizeLongitude(lon: number): number {
  const folded = ((((lon + 180) % 360) + 360) % 360) - 180
  return folded === -180 && lon > 0 ? 180 : folded
}

/** A timed point of a ground track. */
export interface TrackPoint {
  time: Date
  lon: number
  lat: number
}

export interface TrackOptions {
  /** How many periods before and after `center` (1: the orbit just flown and the one to come). */
  periods?: number
  /** Points per period; the step is period / pointsPerPeriod. */
  pointsPerPeriod?: number
}

/** A ground track around a moment: timed points from −periods to +periods, `center` included. */
export function trackPoints(model: OrbitModel, center: Date, options: TrackOptions = {}): TrackPoint[] {
  const periods = options.periods ?? 1
  const perPeriod = options.pointsPerPeriod ?? 180
  const stepMs = (model.periodMin * MS_PER_MINUTE) / perPeriod
  const steps = Math.round(periods * perPeriod)
  const points: TrackPoint[] = []
  for (let i = -steps; i <= steps; i++) {
    const time = new Date(center.getTime() + i * stepMs)
    const point = subSatellitePoint(model, time)
    if (point) points.push({ time, lon: point.lon, lat: point.lat })
  }
  return points
}

/**
 * Splits a line of lon/lat points where it crosses the antimeridian (a step of more than 180° in
 * longitude), ending one part at ±180° and starting the next at ∓180° with the latitude
 * interpolated there, so no part is drawn across the whole map.
 */
export function splitAtAntimeridian(points: readonly LonLat[]): LonLat[][] {
  const parts: LonLat[][] = []
  let current: LonLat[] = []
  for (const point of points) {
    const previous = current[current.length - 1]
    if (previous && Math.abs(point[0] - previous[0]) > 180) {
      const eastward = point[0] < previous[0] // e.g. 179 → −179
      const edge = eastward ? 180 : -180
      const unwrapped = point[0] + (eastward ? 360 : -360)
      const fraction = (edge - previous[0]) / (unwrapped - previous[0])
      const lat = previous[1] + fraction * (point[1] - previous[1])
      current.push([edge, lat])
      parts.push(current)
      current = [[-edge, lat]]
    }
    current.push([point[0], point[1]])
  }
  if (current.length > 1) parts.push(current)
  return parts.filter((part) => part.length > 1)
}

/** A ground track around now, split for drawing: the part already flown and the part to come. */
export interface GroundTrack {
  past: LonLat[][]
  future: LonLat[][]
}

/** The ground track over ±`periods` orbital periods around `center`, split at the antimeridian and at `center`. */
export function groundTrack(model: OrbitModel, center: Date, options: TrackOptions = {}): GroundTrack {
  const points = trackPoints(model, center, options)
  const at = center.getTime()
  const lonLat = (p: TrackPoint): LonLat => [p.lon, p.lat]
  const past = points.filter((p) => p.time.getTime() <= at).map(lonLat)
  const future = points.filter((p) => p.time.getTime() >= at).map(lonLat)
  return { past: splitAtAntimeridian(past), future: splitAtAntimeridian(future) }
}

/** Whole days from the elements' epoch to `now` (negative when the epoch is in the future). */
export function tleAgeDays(epoch: Date, now: Date): number {
  return Math.floor((now.getTime() - epoch.getTime()) / MS_PER_DAY)
}

/** Revolutions per day of an orbit model (the TLE's mean motion). */
export function revolutionsPerDay(model: OrbitModel): number {
  return MINUTES_PER_DAY / model.periodMin
}
