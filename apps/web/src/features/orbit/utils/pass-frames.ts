import {
  type AreaShape,
  distanceToArea,
  geodesicInverse,
  type OrbitArea,
  type OrbitTle,
  orbitFromTle,
  type Pass,
  type PassFrame,
  passFrames,
  prepareArea,
  rollShiftKm,
  type SceneArea,
  subPoint,
} from '@rs/shared'

/** The frames a chosen pass would take, and the roll they are taken with. */
export interface ChosenPassFrames {
  frames: PassFrame[]
  /** Roll toward the area in degrees (0: at nadir). */
  rollDeg: number
}

/**
 * The scenes a pass would take over the area (docs/glossary.md 过境 and 景): its sensor's swath,
 * sub-swaths side by side as the archive cuts them (WFV1…WFV4 each a quarter), cut into the
 * archive's frames along the ground track by the shared framing code. When the area lies beyond
 * the half swath at the closest moment the satellite rolls so the swath's centre falls on the
 * area's nearest point (at most its maximum roll); frames that do not touch the area are left out.
 */
export function framesOfPass(pass: Pass, tle: Pick<OrbitTle, 'line1' | 'line2'>, area: AreaShape): ChosenPassFrames {
  const orbit = orbitFromTle(tle.line1, tle.line2)
  const prepared = prepareArea(area)
  const closestMs = Date.parse(pass.closestTime)
  const p = subPoint(orbit, closestMs)
  const q = subPoint(orbit, closestMs + 1000)
  let shift = 0
  let rollDeg = 0
  if (p && q && pass.closestKm > pass.swathKm / 2) {
    const heading = geodesicInverse([p.lon, p.lat], [q.lon, q.lat]).azimuthDeg
    const nearest = distanceToArea(prepared, p.lon, p.lat).nearest
    rollDeg = Math.min(pass.maxRollDeg, (Math.atan(pass.closestKm / p.altitudeKm) * 180) / Math.PI)
    shift = rollShiftKm([p.lon, p.lat], heading, nearest, p.altitudeKm, rollDeg)
  }
  const ids = pass.sensor.split('/')
  const frames = passFrames(
    orbit,
    {
      startMs: Date.parse(pass.start),
      endMs: Date.parse(pass.end),
      sensors: ids.map((id) => ({ id, name: pass.sensor, swathKm: pass.swathKm })),
      rollShiftKm: shift,
    },
    prepared,
  )
  return { frames, rollDeg }
}

/**
 * A prediction's area as the image search (/normal) takes it, to show a satellite's archived scenes
 * there: a region or an upload as they are, a drawn shape as a drawing, a point of interest as a box
 * of ±0.05° around it.
 */
export function sceneAreaOf(area: OrbitArea): SceneArea {
  if ('regionCode' in area) return { mode: 'region', regionCode: area.regionCode }
  if ('uploadId' in area) return { mode: 'shp', uploadId: area.uploadId }
  if (area.type === 'Point') {
    const [lon, lat] = area.coordinates as [number, number]
    return {
      mode: 'extent',
      bbox: [Math.max(-180, lon - 0.05), Math.max(-90, lat - 0.05), Math.min(180, lon + 0.05), Math.min(90, lat + 0.05)],
    }
  }
  return { mode: 'draw', geometry: area as Extract<SceneArea, { mode: 'draw' }>['geometry'] }
}
