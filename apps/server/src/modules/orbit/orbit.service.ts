import {
  type AreaGeometry,
  type AreaShape,
  areaVertexCount,
  groundTrack,
  maxRollDegOf,
  minSunElevationFor,
  ORBIT_LIMITS,
  type OrbitArea,
  type OrbitTle,
  orbitFromTle,
  type Pass,
  type PassQuery,
  type Prediction,
  readTleText,
  TLE_OLD_DAYS,
  tleAgeDays,
  tZh,
} from '@rs/shared'
import { AREA_MESSAGES, type AreaMessages, type Areas } from '../../capabilities/area'
import type { Events } from '../../capabilities/events'
import type { AuditRecorder, Caller } from '../../lib/audit'
import { ApiError } from '../../lib/errors'
import { t } from '../../lib/locale'
import { requestError, type TaskPool } from '../../lib/workers/pool'
import type { OrbitRepository, OrbitTarget } from './orbit.repository'
import { ORBIT_WORKER, type PassTaskOutput } from './orbit.worker'

const DAY_MS = 86_400_000

/** A region outline is simplified by 0.002° (about 200 m) for the pass search, whose cost grows with its vertices. */
const REGION_SIMPLIFY_DEGREES = 0.002

/** Orbit prediction's words for an unknown region or upload (the area capability's for the rest). */
const ORBIT_AREA_MESSAGES: AreaMessages = {
  ...AREA_MESSAGES,
  unknownRegion: 'orbit.errors.areaUnknownRegion',
  unknownUpload: 'orbit.errors.areaUnknownUpload',
}

function elementsOf(t: OrbitTarget, now: number): OrbitTle {
  const ageDays = tleAgeDays(t.epochMs, now)
  return {
    noradId: t.noradId,
    slug: t.slug,
    satellite: t.satellite,
    line1: t.line1,
    line2: t.line2,
    epoch: new Date(t.epochMs).toISOString(),
    ageDays: Math.round(ageDays * 10) / 10,
    isOld: ageDays > TLE_OLD_DAYS,
    swathKm: t.sensors.length > 0 ? Math.max(...t.sensors.map((s) => s.swathKm)) : null,
    archiveCode: t.archiveCode,
  }
}

/** Checks an area's coordinates and size against the budget (Chinese 4xx), before any work. */
export function checkArea(geometry: AreaShape) {
  const count = areaVertexCount(geometry)
  if (count > ORBIT_LIMITS.maxAreaVertices)
    throw ApiError.of(422, 'orbit.errors.areaTooComplex', { count, max: ORBIT_LIMITS.maxAreaVertices })
  const positions: number[][] =
    geometry.type === 'Point'
      ? [geometry.coordinates]
      : geometry.type === 'Polygon'
        ? geometry.coordinates.flat()
        : geometry.coordinates.flat(2)
  if (positions.length === 0) throw ApiError.of(400, 'orbit.errors.areaBadCoordinates')
  let west = Infinity
  let east = -Infinity
  for (const p of positions) {
    const [lon, lat] = p as [number, number]
    if (!Number.isFinite(lon) || !Number.isFinite(lat) || lon < -180 || lon > 180 || lat < -90 || lat > 90)
      throw ApiError.of(400, 'orbit.errors.areaBadCoordinates')
    west = Math.min(west, lon)
    east = Math.max(east, lon)
  }
  // an outline spanning more than half the globe in longitude is taken as crossing ±180°
  if (east - west > 180) throw ApiError.of(400, 'orbit.errors.areaCrossesAntimeridian')
  if (geometry.type !== 'Point') {
    const rings = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates
    if (rings.some((polygon) => polygon.some((ring) => ring.length < 4))) throw ApiError.of(400, 'orbit.errors.areaBadCoordinates')
  }
}

/**
 * Orbit prediction: the elements in use, ground tracks, passes over an area in the worker pool
 * within a budget (kept per user), and the administrator's element upload (all or nothing, audited).
 * The members and their sensors are read once and read again after an upload.
 */
export function createOrbitService(
  repo: OrbitRepository,
  tasks: TaskPool,
  audit: AuditRecorder,
  events: Pick<Events, 'emit'>,
  areas: Pick<Areas, 'resolve' | 'geojson'>,
  now: () => number = Date.now,
) {
  let targets: Promise<OrbitTarget[]> | undefined
  const readTargets = () => {
    targets ??= repo.targets()
    targets.catch(() => {
      targets = undefined
    })
    return targets
  }

  /** The members a request names: series slugs (all their members with elements) or NORAD numbers. */
  async function resolve(refs: Array<string | number>): Promise<OrbitTarget[]> {
    const all = await readTargets()
    const chosen = new Map<number, OrbitTarget>()
    for (const ref of refs) {
      const text = String(ref).trim()
      const found = /^\d+$/.test(text) ? all.filter((t) => t.noradId === Number(text)) : all.filter((t) => t.slug === text.toLowerCase())
      if (found.length === 0) throw ApiError.of(404, 'orbit.errors.unknownSatellite', { name: text })
      for (const t of found) chosen.set(t.noradId, t)
    }
    return [...chosen.values()]
  }

  function windowOf(start: string, end: string): { startMs: number; endMs: number } {
    const startMs = Math.round(Date.parse(start) / 1000) * 1000
    const endMs = Math.round(Date.parse(end) / 1000) * 1000
    if (!(endMs > startMs)) throw ApiError.of(400, 'orbit.errors.windowReversed')
    if (endMs - startMs > ORBIT_LIMITS.maxWindowDays * DAY_MS)
      throw ApiError.of(400, 'orbit.errors.windowTooLong', { days: ORBIT_LIMITS.maxWindowDays })
    return { startMs, endMs }
  }

  async function areaOf(area: OrbitArea): Promise<AreaShape> {
    let geometry: AreaShape
    if ('regionCode' in area) {
      const region = await areas.resolve({ mode: 'region', regionCode: area.regionCode }, ORBIT_AREA_MESSAGES)
      geometry = JSON.parse(await areas.geojson(region, { simplify: REGION_SIMPLIFY_DEGREES, digits: 6 }))
    } else if ('uploadId' in area) {
      const upload = await areas.resolve({ mode: 'shp', uploadId: area.uploadId }, ORBIT_AREA_MESSAGES)
      geometry = JSON.parse(await areas.geojson(upload, { digits: 7 }))
    } else {
      geometry = area as AreaShape
      checkArea(geometry)
      if (geometry.type === 'Point') return geometry
      // a drawn outline is made valid as every drawn area is (a self-crossing ring becomes its parts)
      const drawn = await areas.resolve({ mode: 'draw', geometry: geometry as AreaGeometry }, ORBIT_AREA_MESSAGES)
      geometry = JSON.parse(await areas.geojson(drawn, { digits: 7 }))
    }
    checkArea(geometry)
    return geometry
  }

  return {
    /** The elements in use: all, a series' members, or one member by NORAD number. */
    async tle(satellite?: string): Promise<OrbitTle[]> {
      const t = now()
      if (satellite === undefined) return (await readTargets()).map((x) => elementsOf(x, t))
      return (await resolve([satellite])).map((x) => elementsOf(x, t))
    },

    /** Sub-satellite points of one member (on the main thread: at most maxTrackPoints SGP4 steps, a few ms). */
    async track(noradId: number, start: string, end: string, stepSeconds: number) {
      const [target] = await resolve([noradId])
      if (!target) throw ApiError.of(404, 'orbit.errors.unknownSatellite', { name: noradId })
      const { startMs, endMs } = windowOf(start, end)
      if ((endMs - startMs) / 1000 / stepSeconds + 1 > ORBIT_LIMITS.maxTrackPoints)
        throw ApiError.of(400, 'orbit.errors.tooManyPoints', { max: ORBIT_LIMITS.maxTrackPoints })
      let orbit: ReturnType<typeof orbitFromTle>
      try {
        orbit = orbitFromTle(target.line1, target.line2)
      } catch {
        throw ApiError.of(422, 'orbit.errors.noElements', { name: target.satellite })
      }
      const points = groundTrack(orbit, startMs, endMs, stepSeconds).map((p) => ({
        time: new Date(p.t).toISOString(),
        lon: Math.round(p.lon * 1e6) / 1e6,
        lat: Math.round(p.lat * 1e6) / 1e6,
        altitudeKm: Math.round(p.altitudeKm * 1000) / 1000,
      }))
      return { noradId: target.noradId, satellite: target.satellite, epoch: new Date(target.epochMs).toISOString(), points }
    },

    /** Computes the passes in the worker pool and keeps them as the user's prediction. */
    async passes(query: PassQuery, caller: Caller): Promise<Prediction> {
      const { startMs, endMs } = windowOf(query.start, query.end)
      const chosen = await resolve(query.satellites)
      if (chosen.length > ORBIT_LIMITS.maxSatellites)
        throw ApiError.of(400, 'orbit.errors.tooManySatellites', { max: ORBIT_LIMITS.maxSatellites, count: chosen.length })
      // elements further than maxDaysFromEpoch from the window say nothing: that satellite is named, not predicted
      const isStale = (t: OrbitTarget) =>
        Math.max(Math.abs(startMs - t.epochMs), Math.abs(endMs - t.epochMs)) / DAY_MS > ORBIT_LIMITS.maxDaysFromEpoch
      const geometry = await areaOf(query.area)
      const usable = chosen.filter((t) => t.sensors.length > 0 && !isStale(t))
      const rollOf = (t: OrbitTarget) => query.maxRollDeg ?? maxRollDegOf(t.slug)
      let out: PassTaskOutput
      try {
        out = await tasks.run<PassTaskOutput>(
          ORBIT_WORKER,
          'passTask',
          {
            targets: usable.map((t) => ({
              noradId: t.noradId,
              line1: t.line1,
              line2: t.line2,
              sensors: t.sensors.map((s) => ({ swathKm: s.swathKm, maxRollDeg: rollOf(t) })),
            })),
            geometry,
            startMs,
            endMs,
          },
          ORBIT_LIMITS.maxSeconds * 1000,
        )
      } catch (error) {
        throw requestError(error, () => ApiError.of(422, 'orbit.errors.tooSlow', { seconds: ORBIT_LIMITS.maxSeconds }))
      }
      const decayed = new Set(out.decayed)
      const passes: Pass[] = []
      let filteredBySun = 0
      usable.forEach((t, i) => {
        for (const p of out.passes[i] ?? []) {
          const sensor = t.sensors[p.sensor] as OrbitTarget['sensors'][number]
          // the minimum (the contract's default unless asked otherwise) applies to the kinds of sensor that need daylight
          const minimum = minSunElevationFor(t.kind, query.minSunElevationDeg)
          if (minimum !== null && p.sunElevationDeg < minimum) {
            filteredBySun++
            continue
          }
          passes.push({
            noradId: t.noradId,
            satellite: t.satellite,
            slug: t.slug,
            kind: t.kind,
            sensor: sensor.label,
            swathKm: sensor.swathKm,
            maxRollDeg: rollOf(t),
            start: new Date(p.startMs).toISOString(),
            end: new Date(p.endMs).toISOString(),
            reachKm: round(p.reachKm, 3),
            closestKm: round(p.closestKm, 3),
            closestTime: new Date(p.closestMs).toISOString(),
            rollDeg: round(p.rollDeg, 2),
            sunElevationDeg: round(p.sunElevationDeg, 2),
            direction: p.ascending ? 'ascending' : 'descending',
            altitudeKm: round(p.altitudeKm, 3),
            subPoint: [round(p.subPoint[0], 6), round(p.subPoint[1], 6)],
          })
        }
      })
      passes.sort((a, b) => a.start.localeCompare(b.start) || a.satellite.localeCompare(b.satellite))
      const notPredicted = [
        ...chosen.filter((t) => t.sensors.length === 0).map((t) => ({ satellite: t.satellite, reason: 'noSwath' as const })),
        ...chosen.filter((t) => t.sensors.length > 0 && isStale(t)).map((t) => ({ satellite: t.satellite, reason: 'stale' as const })),
        ...usable.filter((t) => decayed.has(t.noradId)).map((t) => ({ satellite: t.satellite, reason: 'decayed' as const })),
      ]
      const t = now()
      const elements = chosen.map((x) => {
        const { noradId, satellite, epoch, ageDays, isOld } = elementsOf(x, t)
        return { noradId, satellite, epoch, ageDays, isOld }
      })
      // a kept prediction's default name is stored: Chinese, like every record
      const name = query.name?.trim() || tZh('orbit.result.count', { count: passes.length })
      const result = { passes, notPredicted, filteredBySun, elements, computeMs: Math.round(out.ms) }
      const stored = await repo.insertPrediction(
        {
          userId: caller.userId,
          name,
          start: new Date(startMs).toISOString(),
          end: new Date(endMs).toISOString(),
          satelliteCount: chosen.length,
          passCount: passes.length,
          query: JSON.stringify(query),
          result: JSON.stringify(result),
        },
        ORBIT_LIMITS.keptPerUser,
      )
      return { id: stored.id, name, createdAt: new Date(stored.created_at).toISOString(), query, ...result }
    },

    async predictions(userId: number) {
      const rows = await repo.listPredictions(userId)
      return rows.map((r) => ({
        id: r.id,
        name: r.name,
        createdAt: new Date(r.created_at).toISOString(),
        start: new Date(r.window_start).toISOString(),
        end: new Date(r.window_end).toISOString(),
        satelliteCount: r.satellite_count,
        passCount: r.pass_count,
      }))
    },

    async prediction(userId: number, id: number): Promise<Prediction> {
      const row = await repo.getPrediction(userId, id)
      if (!row) throw ApiError.of(404, 'orbit.errors.predictionNotFound')
      const result = row.result as Omit<Prediction, 'id' | 'name' | 'createdAt' | 'query'>
      // a prediction kept before the sun minimum had a default lacks the field: it was made with none
      const kept = row.query as Partial<PassQuery> & Omit<PassQuery, 'minSunElevationDeg'>
      const query: PassQuery = { ...kept, minSunElevationDeg: kept.minSunElevationDeg ?? null }
      return { id: row.id, name: row.name, createdAt: new Date(row.created_at).toISOString(), query, ...result }
    },

    /**
     * An administrator's element upload: every line checked (format, checksum, same object on both
     * lines, a member of the facts, usable by SGP4) before anything is written; the first bad line
     * gives a Chinese 400 naming it. Then each set replaces its object's elements, all in one
     * transaction. Audited either way.
     */
    async uploadTle(text: string, caller: Caller) {
      const record = (outcome: 'success' | 'failure', detail: Record<string, unknown>) =>
        audit.record({ actor: { userId: caller.userId, username: caller.username }, ip: caller.ip, action: 'tleUpload', outcome, detail })
      try {
        const read = readTleText(text)
        if (!read.ok) throw ApiError.of(400, 'orbit.errors.tleLine', { line: read.line, problem: t(`orbit.tleProblem.${read.problem}`) })
        const members = await repo.members()
        const rows = read.sets.map((s) => {
          const member = members.get(s.noradId)
          if (!member) throw ApiError.of(400, 'orbit.errors.tleUnknownObject', { line: s.lineNumber, noradId: s.noradId })
          try {
            orbitFromTle(s.line1, s.line2)
          } catch {
            throw ApiError.of(400, 'orbit.errors.tleDecayed', { line: s.lineNumber })
          }
          return {
            noradId: s.noradId,
            slug: member.slug,
            member: member.member,
            line1: s.line1,
            line2: s.line2,
            epoch: new Date(s.epochMs).toISOString(),
          }
        })
        await repo.replaceTle(rows)
        targets = undefined
        await events.emit('tle.replaced', { noradIds: rows.map((r) => r.noradId) })
        await record('success', { count: rows.length, noradIds: rows.map((r) => r.noradId).slice(0, 200) })
        return { replaced: rows.map((r) => ({ noradId: r.noradId, satellite: r.member, epoch: r.epoch })) }
      } catch (error) {
        await record('failure', {
          status: error instanceof ApiError ? error.status : 500,
          message: error instanceof ApiError ? error.message : '',
        })
        throw error
      }
    },
  }
}
export type OrbitService = ReturnType<typeof createOrbitService>

const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits
