import { degreesLat, degreesLong, type EciVec3, eciToGeodetic, gstime, propagate, type SatRec, sgp4, twoline2satrec } from 'satellite.js'

/**
 * SGP4 through satellite.js (the Vallado implementation, WGS-72 gravity constants as the elements
 * are fitted with) and the sub-satellite point: the geodetic point (WGS-84) under the satellite,
 * with the Greenwich sidereal angle of UTC (UT1 − UTC below 1 s: under 0.5 km on the ground).
 */

/** Orbit of one object, ready to propagate. */
export interface Orbit {
  satrec: SatRec
  /** Epoch of the elements in ms since 1970. */
  epochMs: number
}

/** A sub-satellite point. */
export interface SubPoint {
  /** ms since 1970 (UTC). */
  t: number
  lon: number
  lat: number
  altitudeKm: number
  /** Whether the satellite moves north (its ECI velocity has a positive z). */
  ascending: boolean
}

export class OrbitError extends Error {
  constructor(
    message: string,
    readonly kind: 'elements' | 'propagation',
  ) {
    super(message)
    this.name = 'OrbitError'
  }
}

/**
 * An orbit from two element lines as SGP4 reads them; throws OrbitError when satellite.js cannot.
 * A set whose perigee already lies underground is kept: SGP4 then answers no position and sets its
 * error (hasDecayed), which a page can show.
 */
export function readOrbit(line1: string, line2: string): Orbit {
  let satrec: SatRec
  try {
    satrec = twoline2satrec(line1, line2)
  } catch {
    throw new OrbitError('elements not readable', 'elements')
  }
  if (satrec.error !== 0 || !Number.isFinite(satrec.jdsatepoch))
    throw new OrbitError(`elements rejected by SGP4 (error ${satrec.error})`, 'elements')
  return { satrec, epochMs: (satrec.jdsatepoch - 2440587.5) * 86_400_000 }
}

/** SGP4's error code for an orbit that has decayed (the computed position is underground). */
const SGP4_DECAYED = 6

/** Whether the last propagation of this orbit failed because, by its elements, it has decayed (re-entry). */
export function hasDecayed(orbit: Orbit): boolean {
  return orbit.satrec.error === SGP4_DECAYED
}

/** An orbit from two element lines for prediction; throws OrbitError when SGP4 cannot read them or the object has decayed. */
export function orbitFromTle(line1: string, line2: string): Orbit {
  const { satrec, epochMs } = readOrbit(line1, line2)
  // a perigee under 80 km: the object has decayed, SGP4's answers mean nothing
  const n = satrec.no / 60
  const perigeeKm = Math.cbrt(MU / (n * n)) * (1 - satrec.ecco) - EQUATOR_KM
  if (!Number.isFinite(perigeeKm) || perigeeKm < 80) throw new OrbitError('perigee below 80 km', 'elements')
  return { satrec, epochMs }
}

const RAD = 180 / Math.PI

const A = 6378.137
const B = 6356.7523142
const E2 = 2 * ((A - B) / A) - ((A - B) / A) ** 2
const TWO_PI = 2 * Math.PI

/**
 * The sub-satellite point at a moment, or null when SGP4 fails there (decayed orbit). SGP4 is
 * called with minutes since the epoch (what satellite.js's propagate does after reading a Date), and
 * the geodetic latitude is iterated as satellite.js's eciToGeodetic does (same ellipsoid) but stops
 * once it moves by less than 1e-12 rad (3–4 rounds instead of 20): three times the throughput.
 */
export function subPoint(orbit: Orbit, t: number): SubPoint | null {
  const jd = t / 86_400_000 + 2440587.5
  const pv = sgp4(orbit.satrec, (jd - orbit.satrec.jdsatepoch) * 1440)
  if (!pv || !Number.isFinite(pv.position.x)) return null
  const { x, y, z } = pv.position
  const gmst = gstime(jd)
  let lon = ((((Math.atan2(y, x) - gmst + Math.PI) % TWO_PI) + TWO_PI) % TWO_PI) - Math.PI
  const R = Math.sqrt(x * x + y * y)
  let lat = Math.atan2(z, R)
  let C = 1
  for (let k = 0; k < 20; k++) {
    const sin = Math.sin(lat)
    C = 1 / Math.sqrt(1 - E2 * sin * sin)
    const next = Math.atan2(z + A * C * E2 * sin, R)
    const done = Math.abs(next - lat) < 1e-12
    lat = next
    if (done) break
  }
  const sinLat = Math.sin(lat)
  C = 1 / Math.sqrt(1 - E2 * sinLat * sinLat)
  lon *= RAD
  if (lon > 180) lon -= 360
  else if (lon < -180) lon += 360
  return { t, lon, lat: lat * RAD, altitudeKm: R / Math.cos(lat) - A * C, ascending: pv.velocity.z > 0 }
}

/** A sub-satellite point with the TEME state it came from: position (km) and velocity (km/s). */
export interface OrbitState {
  lon: number
  lat: number
  altitudeKm: number
  position: EciVec3<number>
  velocity: EciVec3<number>
}

/**
 * The state at a moment by satellite.js's own Date propagation and eciToGeodetic (20 latitude
 * rounds), or null when SGP4 fails there. The demo scene archive was generated with exactly this
 * arithmetic, so its scenes stay byte-identical; subPoint is the faster form prediction uses (the
 * two differ in the last digits, enough to change the archive's bytes).
 */
export function stateAt(orbit: Orbit, t: number): OrbitState | null {
  const date = new Date(t)
  const pv = propagate(orbit.satrec, date)
  if (!pv || !Number.isFinite(pv.position.x)) return null
  const g = eciToGeodetic(pv.position, gstime(date))
  return { lon: degreesLong(g.longitude), lat: degreesLat(g.latitude), altitudeKm: g.height, position: pv.position, velocity: pv.velocity }
}

/** Mean motion in revolutions per day. */
export function revolutionsPerDay(orbit: Orbit): number {
  return (orbit.satrec.no * 1440) / (2 * Math.PI)
}

const MU = 398600.8 // km³/s², WGS-72 as SGP4
const EARTH_RATE = 7.292115e-5 // rad/s
const EQUATOR_KM = 6378.137

/**
 * An upper bound of how fast the sub-satellite point moves over the ground (km/s): the orbit's
 * angular rate at perigee plus the Earth's rotation, on the equatorial radius, with 10 % to spare
 * for the perturbations SGP4 adds; used to size steps so that no pass is skipped.
 */
export function maxGroundSpeedKmS(orbit: Orbit): number {
  const n = orbit.satrec.no / 60 // rad/s
  const e = Math.min(0.99, Math.max(0, orbit.satrec.ecco))
  const a = Math.cbrt(MU / (n * n))
  const rp = a * (1 - e)
  const vp = Math.sqrt((MU * (1 + e)) / rp)
  return 1.1 * (vp / rp + EARTH_RATE) * EQUATOR_KM
}

/** An upper bound of how fast the altitude changes (km/s): e × the perigee speed, with 10 % to spare plus 0.01 km/s. */
export function maxClimbRateKmS(orbit: Orbit): number {
  const n = orbit.satrec.no / 60
  const e = Math.min(0.99, Math.max(0, orbit.satrec.ecco))
  const a = Math.cbrt(MU / (n * n))
  const vp = Math.sqrt((MU * (1 + e)) / (a * (1 - e)))
  return 1.1 * e * vp + 0.01
}

/** Sub-satellite points from start to end (ms) every stepSeconds (the end included); points where SGP4 fails are left out. */
export function groundTrack(orbit: Orbit, startMs: number, endMs: number, stepSeconds: number): SubPoint[] {
  const out: SubPoint[] = []
  const step = stepSeconds * 1000
  for (let t = startMs; t <= endMs; t += step) {
    const p = subPoint(orbit, t)
    if (p) out.push(p)
  }
  const last = out[out.length - 1]
  if (last && last.t < endMs) {
    const p = subPoint(orbit, endMs)
    if (p) out.push(p)
  }
  return out
}
