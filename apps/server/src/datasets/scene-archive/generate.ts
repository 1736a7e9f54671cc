import {
  acrossTrack,
  argumentOfLatitude,
  atU,
  DATA_STATUS,
  type FramingPoint,
  frameAngleDeg,
  frameFootprint,
  frameIndices,
  frameLengthKm,
  type LonLat,
  maxRollDegOf,
  type Orbit,
  PRODUCT_LEVELS,
  readOrbit,
  revolutionsPerDay,
  stateAt,
  subSwaths,
} from '@rs/shared'
import { cloudPercentAt } from './cloud'
import { multiPolygonWkt } from './geometry'
import { fileName } from './naming'
import { hash32, rng } from './random'
import type { ArchiveSettings } from './settings'
import { sunElevation } from './sun'

/** The area the demo archive covers: China and its neighbours. */
export const ARCHIVE_BOX = { west: 70, south: 15, east: 140, north: 55 } as const

/** One imaging sensor of a satellite, from satellite_sensor. */
export interface ArchiveSensor {
  id: string
  name: string
  resolutionM: number
  swathKm: number
}

/** A satellite that images, with its orbit elements. */
export interface ArchiveSatellite {
  /** satellite code of satellite_sensor (GF1, LANDSAT-9, JL1 for the whole Jilin-1 series). */
  code: string
  slug: string
  /** 'optical' | 'hyperspectral' | 'radar' */
  kind: 'optical' | 'hyperspectral' | 'radar'
  noradId: number
  line1: string
  line2: string
  sensors: ArchiveSensor[]
}

/** One generated scene, ready for the scene table (footprint as WKT). */
export interface GeneratedScene {
  id: string
  satellite: string
  sensor: string
  slug: string
  acquiredAt: Date
  cloudPercent: number
  resolutionM: number
  productLevel: string
  orbit: number
  path: number
  row: number
  direction: 'ascending' | 'descending'
  offNadirDeg: number
  sunElevationDeg: number
  fileName: string
  dataStatus: string
  /** Centre of the frame on the ground (after the off-nadir shift). */
  centre: LonLat
  ring: LonLat[]
  wkt: string
}

/** A place that counts as land (or coast) for the archive; everything passes when there is no mask. */
export type LandMask = (lon: number, lat: number) => boolean

/** Repeat cycles in days (path = orbit mod the revolutions of a cycle); 16 when not known. */
const REPEAT_DAYS: Record<string, number> = { landsat: 16, sentinel2: 10, sentinel1: 12, gf1: 41, gf2: 69, gf6: 41, cbers04a: 31, zy3: 59 }

/** Fine time step of the ground track over the area, seconds (positions between are interpolated). */
const FINE_STEP_S = 30
/** Coarse time step away from the area, seconds. */
const COARSE_STEP_S = 120

function position(orbit: Orbit, t: number): { lon: number; lat: number; altKm: number; u: number } | null {
  const s = stateAt(orbit, t)
  return s && { lon: s.lon, lat: s.lat, altKm: s.altitudeKm, u: argumentOfLatitude(s.position, s.velocity) }
}

const MARGIN = 8
const nearBox = (lon: number, lat: number) =>
  lon > ARCHIVE_BOX.west - MARGIN && lon < ARCHIVE_BOX.east + MARGIN && lat > ARCHIVE_BOX.south - MARGIN && lat < ARCHIVE_BOX.north + MARGIN
const inBox = (lon: number, lat: number) =>
  lon >= ARCHIVE_BOX.west && lon <= ARCHIVE_BOX.east && lat >= ARCHIVE_BOX.south && lat <= ARCHIVE_BOX.north

/**
 * The passes over (and near) the area: runs of fine track points with an unwrapped argument of
 * latitude. Below the area's latitudes the satellite is skipped ahead in one step to where its
 * orbit reaches them again (sin lat = sin i · sin u), so about half of each orbit is never propagated.
 */
function* passes(orbit: Orbit, start: number, end: number): Generator<FramingPoint[]> {
  const rec = orbit.satrec
  const periodMs = ((2 * Math.PI) / rec.no) * 60_000
  const lowLat = ARCHIVE_BOX.south - MARGIN
  const sinI = Math.abs(Math.sin(rec.inclo))
  const uEnter = sinI > Math.sin((lowLat * Math.PI) / 180) ? (Math.asin(Math.sin((lowLat * Math.PI) / 180) / sinI) * 180) / Math.PI : null
  let t = start
  let pass: FramingPoint[] = []
  let lastU = -1
  let turns = 0
  while (t <= end) {
    const p = position(orbit, t)
    if (!p) break
    if (nearBox(p.lon, p.lat)) {
      if (pass.length === 0) {
        lastU = p.u
        turns = 0
      }
      if (p.u < lastU - 180) turns++
      lastU = p.u
      pass.push({ t, lon: p.lon, lat: p.lat, altKm: p.altKm, u: p.u + 360 * turns })
      t += FINE_STEP_S * 1000
      continue
    }
    if (pass.length > 1) yield pass
    pass = []
    if (uEnter !== null && p.lat < lowLat) {
      // the next time the orbit climbs through lowLat: u = uEnter
      const du = p.u < uEnter ? uEnter - p.u : p.u > 180 - uEnter ? 360 - p.u + uEnter : 0
      t += Math.max(COARSE_STEP_S * 1000, (du / 360) * periodMs * 0.97)
    } else t += COARSE_STEP_S * 1000
  }
  if (pass.length > 1) yield pass
}

/** Share of candidate frames a sensor images: wide sensors image continuously, narrow agile ones by tasking. */
function dutyCycle(sat: ArchiveSatellite, sensor: ArchiveSensor, settings: ArchiveSettings): number {
  // a radar's power budget allows a part of each orbit
  const radar = sat.kind === 'radar' ? 0.3 : 1
  return Math.min(1, Math.max(0.004, (sensor.swathKm / 300) ** 1.5)) * radar * settings.density
}

/**
 * The scenes of one satellite over the period: for each pass near the area and each sensor, frames
 * of the sensor's length cut at multiples of its angle along the orbit (row = frame index from the
 * ascending node, so a path's frames repeat), kept by the sensor's duty cycle, over land, and for
 * optical and hyperspectral sensors in daylight (sun over 10°).
 */
export function* satelliteScenes(sat: ArchiveSatellite, settings: ArchiveSettings, isLand: LandMask): Generator<GeneratedScene> {
  let orbit: Orbit
  try {
    orbit = readOrbit(sat.line1, sat.line2)
  } catch {
    return // elements SGP4 cannot read give no position, so no scenes
  }
  const revsPerDay = revolutionsPerDay(orbit)
  if (revsPerDay < 5) return // not a low orbit (GF-4 is geostationary): no swath to cut
  const start = Date.parse(settings.start)
  const end = start + settings.days * 86_400_000
  const epochMs = Date.UTC(2000 + Number(sat.line1.slice(18, 20)), 0, 1) + (Number(sat.line1.slice(20, 32)) - 1) * 86_400_000
  const revAtEpoch = Number(sat.line2.slice(63, 68))
  const cycleRevs = Math.round(revsPerDay * (REPEAT_DAYS[sat.slug] ?? 16))
  const rollLimit = maxRollDegOf(sat.slug)
  const parts = subSwaths(sat.sensors)
  const optical = sat.kind !== 'radar'

  for (const pass of passes(orbit, start, end)) {
    const first = pass[0] as FramingPoint
    // revolutions since the epoch: the number of ascending nodes passed
    const uAtEpochOffset = ((first.t - epochMs) / 86_400_000) * revsPerDay
    const baseOrbit = revAtEpoch + Math.floor(uAtEpochOffset - (first.u % 360) / 360 + 1e-9)
    for (const { sensor, widthKm, offsetKm } of parts) {
      // frames of the shared framing (packages/shared/src/domain/orbit/framing.ts), as orbit prediction cuts a pass
      const du = frameAngleDeg(frameLengthKm(widthKm))
      const duty = dutyCycle(sat, sensor, settings)
      const agile = sensor.resolutionM <= 1
      for (const k of frameIndices(pass, du)) {
        const uMid = (k + 0.5) * du
        const orbit = baseOrbit + Math.floor(uMid / 360)
        const rowsPerOrbit = Math.round(360 / du)
        const row = 1 + (((Math.floor(uMid / du) % rowsPerOrbit) + rowsPerOrbit) % rowsPerOrbit)
        const key = `${sat.code}:${sensor.id}:${orbit}:${row}`
        const r = rng(hash32(key, settings.seed))
        if (r() >= duty) continue
        const back = atU(pass, k * du)
        const front = atU(pass, (k + 1) * du)
        const mid = atU(pass, uMid)
        if (!back || !front || !mid) continue
        // off nadir: agile satellites roll to their targets, shifting the frame across the track
        const roll = agile ? (r() < 0.35 ? (r() * 2 - 1) * 3 : (r() < 0.5 ? -1 : 1) * (5 + r() * (rollLimit - 5))) : 0
        const shift = acrossTrack([back.lon, back.lat], [front.lon, front.lat], offsetKm + mid.altKm * Math.tan((roll * Math.PI) / 180))
        const centre = shift(mid)
        if (!inBox(centre[0], centre[1]) || !isLand(centre[0], centre[1])) continue
        const acquiredAt = new Date(Math.round(mid.t))
        const sun = sunElevation(centre[0], centre[1], acquiredAt)
        if (optical && sun <= 10) continue
        const ring = frameFootprint(shift(back), shift(front), widthKm * 1000)
        const direction = front.lat >= back.lat ? 'ascending' : 'descending'
        const path = 1 + (((orbit % cycleRevs) + cycleRevs) % cycleRevs)
        const levelDraw = r()
        const productLevel =
          sat.kind === 'radar'
            ? 'L1A'
            : sat.slug === 'sentinel2'
              ? levelDraw < 0.6
                ? 'L2A'
                : 'L1B'
              : levelDraw < 0.75
                ? 'L1A'
                : levelDraw < 0.93
                  ? 'L2A'
                  : levelDraw < 0.98
                    ? 'L1B'
                    : 'L4'
        const statusDraw = r()
        const dataStatus = statusDraw < 0.94 ? '2' : statusDraw < 0.97 ? '1' : '3'
        const productNumber = Math.floor(r() * 1e10)
        const cloudPercent = optical ? cloudPercentAt(settings.seed, centre[0], centre[1], acquiredAt) : 0
        const safeSensor = sensor.id.replace(/[^A-Za-z0-9-]/g, '_')
        const time = acquiredAt.toISOString().replace(/[-:]/g, '').slice(0, 15)
        yield {
          id: `${sat.code}_${safeSensor}_${time}_${orbit}_${row}`,
          satellite: sat.code,
          sensor: sensor.id,
          slug: sat.slug,
          acquiredAt,
          cloudPercent,
          resolutionM: sensor.resolutionM,
          productLevel: (PRODUCT_LEVELS as readonly string[]).includes(productLevel) ? productLevel : 'L1A',
          orbit,
          path,
          row,
          direction,
          offNadirDeg: Math.round(roll * 100) / 100,
          sunElevationDeg: Math.round(sun * 10) / 10,
          fileName: fileName({
            satellite: sat.code,
            sensor: sensor.id,
            acquiredAt,
            lon: centre[0],
            lat: centre[1],
            orbit,
            path,
            row,
            productLevel,
            productNumber,
            seconds: (front.t - back.t) / 1000,
          }),
          dataStatus: (DATA_STATUS as readonly string[]).includes(dataStatus) ? dataStatus : '2',
          centre,
          ring,
          wkt: multiPolygonWkt(ring),
        }
      }
    }
  }
}

/** Every satellite's scenes, satellite after satellite, up to settings.maxScenes (0: no cap). */
export function* generateScenes(
  satellites: ArchiveSatellite[],
  settings: ArchiveSettings,
  isLand: LandMask = () => true,
): Generator<GeneratedScene> {
  let n = 0
  for (const sat of satellites) {
    for (const scene of satelliteScenes(sat, settings, isLand)) {
      yield scene
      n++
      if (settings.maxScenes > 0 && n >= settings.maxScenes) return
    }
  }
}
