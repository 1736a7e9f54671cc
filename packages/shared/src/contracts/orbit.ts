import { z } from 'zod'
import { DEFAULT_MIN_SUN_ELEVATION_DEG, SENSOR_KINDS } from '../domain/orbit/sun'
import { PERMISSION } from '../domain/permissions'
import { lazyMessage } from '../messages'
import { defineRoute, IdParam, queryInt, text } from './common'
import { RegionCode } from './regions'

const e = lazyMessage

/** Limits of orbit prediction; the server enforces them all (Chinese 4xx), the web states them. */
export const ORBIT_LIMITS = {
  /** Longest prediction window in days. */
  maxWindowDays: 10,
  /** A window must lie within this many days of each element set's epoch (SGP4 drifts beyond). */
  maxDaysFromEpoch: 366,
  /** Most satellites (members with elements) in one prediction. */
  maxSatellites: 200,
  /** Most vertices of an area. */
  maxAreaVertices: 20_000,
  /** Most points of one ground track. */
  maxTrackPoints: 20_000,
  /** Longest time in seconds one prediction may take in the worker pool, waiting included. */
  maxSeconds: 20,
  /** Largest element text an administrator may upload, bytes. */
  maxTleBytes: 1_000_000,
  /** Predictions kept per user (the oldest go first). */
  keptPerUser: 50,
} as const

/** An ISO 8601 time with its offset, e.g. 2026-12-01T00:00:00+08:00. */
const IsoTime = z.iso.datetime({ offset: true, error: e('orbit.errors.badTime') }).describe('ISO 8601 time with offset')

const Position = z.tuple([z.number(), z.number()]).rest(z.number())
/** A GeoJSON geometry in WGS84 degrees: Polygon, MultiPolygon, or a Point (a point of interest). */
export const OrbitGeometry = z.discriminatedUnion('type', [
  z.object({ type: z.literal('Polygon'), coordinates: z.array(z.array(Position)) }),
  z.object({ type: z.literal('MultiPolygon'), coordinates: z.array(z.array(z.array(Position))) }),
  z.object({ type: z.literal('Point'), coordinates: Position }),
])
export type OrbitGeometry = z.infer<typeof OrbitGeometry>

/** The area of a prediction: GeoJSON, a region by code (its boundary), or an uploaded area (/api/aoi/upload). */
export const OrbitArea = z.union([
  OrbitGeometry,
  z.object({ regionCode: RegionCode }).strict(),
  z.object({ uploadId: z.string().uuid({ error: e('archive.errors.badUploadId') }) }).strict(),
])
export type OrbitArea = z.infer<typeof OrbitArea>

/** A satellite of a request: a series slug of the catalogue (every member with elements) or one member's NORAD number. */
const SatelliteRef = z.union([z.number().int().min(1).max(999_999), text({ max: 40 }).trim().min(1)])

/** The element lines in use for one member. */
export const OrbitTle = z.object({
  noradId: z.number().int(),
  slug: z.string().describe('series slug of the catalogue'),
  satellite: z.string().describe("member name, e.g. 'GF-1 02'"),
  line1: z.string(),
  line2: z.string(),
  epoch: z.string().describe('ISO time of the elements'),
  ageDays: z.number().describe('days from the epoch to now'),
  isOld: z.boolean().describe('older than TLE_OLD_DAYS'),
  swathKm: z
    .number()
    .nullable()
    .describe("the widest swath of the member's imaging sensors; null: the facts give none, so no pass can be predicted"),
  archiveCode: z.string().nullable().describe("the satellite code of the member's scenes in the image archive (GF1, LANDSAT-9, JL1)"),
})
export type OrbitTle = z.infer<typeof OrbitTle>

export const orbitTle = defineRoute({
  method: 'GET',
  path: '/api/satorbit/tle',
  summary: '卫星在用的两行轨道根数（卫星系列标识或 NORAD 编号；不带时给出全部）',
  tags: ['satorbit'],
  auth: 'public',
  query: z.object({ satellite: text({ max: 40 }).trim().min(1).optional() }),
  data: z.array(OrbitTle),
})

export const TrackPoint = z.object({
  time: z.string().describe('ISO time (UTC)'),
  lon: z.number(),
  lat: z.number(),
  altitudeKm: z.number().describe('height of the satellite above the WGS-84 ellipsoid'),
})

export const orbitTrack = defineRoute({
  method: 'GET',
  path: '/api/satorbit/track',
  summary: '星下点轨迹：卫星（NORAD 编号）、起止时间、步长（秒）',
  tags: ['satorbit'],
  auth: 'login',
  query: z.object({
    satellite: queryInt(1, 999_999, lazyMessage('orbit.errors.unknownSatellite', { name: '' })).describe('NORAD catalogue number'),
    start: IsoTime,
    end: IsoTime,
    step: queryInt(1, 3600, e('orbit.errors.badStep')).default(60).describe('seconds between points'),
  }),
  data: z.object({ noradId: z.number().int(), satellite: z.string(), epoch: z.string(), points: z.array(TrackPoint) }),
})

/** What a prediction asks. */
export const PassQuery = z.object({
  satellites: z
    .array(SatelliteRef)
    .min(1, { error: e('orbit.select.noSatellite') })
    .max(ORBIT_LIMITS.maxSatellites),
  start: IsoTime,
  end: IsoTime,
  area: OrbitArea,
  maxRollDeg: z
    .number({ error: e('orbit.errors.badRoll') })
    .min(0, { error: e('orbit.errors.badRoll') })
    .max(60, { error: e('orbit.errors.badRoll') })
    .optional()
    .describe("one maximum roll for all; absent: each satellite's own"),
  minSunElevationDeg: z
    .number({ error: e('orbit.errors.badSun') })
    .min(-90, { error: e('orbit.errors.badSun') })
    .max(90, { error: e('orbit.errors.badSun') })
    .nullable()
    .default(DEFAULT_MIN_SUN_ELEVATION_DEG)
    .describe(
      'degrees; passes of sensors that need daylight (optical, hyperspectral) with the sun lower at the closest moment are left out; radar passes are kept whatever the sun; null: no minimum',
    ),
  name: text({ max: 60 }).optional().describe('a name for the kept prediction'),
})
export type PassQuery = z.infer<typeof PassQuery>

/** One pass of one sensor of one satellite (docs/glossary.md 过境). */
export const Pass = z.object({
  noradId: z.number().int(),
  satellite: z.string().describe('member name'),
  slug: z.string(),
  kind: z.enum(SENSOR_KINDS),
  sensor: z.string().describe("sensor ids, e.g. 'WFV1/WFV2/WFV3/WFV4'"),
  swathKm: z.number(),
  maxRollDeg: z.number(),
  start: z.string().describe('first second within reach (ISO, UTC)'),
  end: z.string().describe('last second within reach'),
  reachKm: z.number().describe('half the swath plus altitude × tan(max roll), at the closest moment'),
  closestKm: z.number().describe('least geodesic ground distance from the sub-satellite point to the area (0 inside)'),
  closestTime: z.string(),
  rollDeg: z.number().describe('roll needed to reach the area at the closest moment'),
  sunElevationDeg: z.number().describe("sun elevation at the area's nearest point at the closest moment"),
  direction: z.enum(['ascending', 'descending']),
  altitudeKm: z.number(),
  subPoint: z.tuple([z.number(), z.number()]).describe('sub-satellite point at the closest moment'),
})
export type Pass = z.infer<typeof Pass>

/** A satellite of the request that was not predicted, and why. */
export const NotPredicted = z.object({
  satellite: z.string(),
  reason: z
    .enum(['noSwath', 'decayed', 'stale'])
    .describe(
      'noSwath: the facts give no swath; decayed: SGP4 cannot use the elements; stale: elements over maxDaysFromEpoch from the window',
    ),
})

/** A kept prediction. */
export const Prediction = z.object({
  id: z.number().int().describe('orbitalPredictId'),
  name: z.string(),
  createdAt: z.string(),
  query: PassQuery,
  passes: z.array(Pass),
  notPredicted: z.array(NotPredicted),
  filteredBySun: z.number().int().describe('optical and hyperspectral passes left out for the minimum sun elevation'),
  elements: z.array(OrbitTle.pick({ noradId: true, satellite: true, epoch: true, ageDays: true, isOld: true })),
  computeMs: z.number().describe('time in the worker pool'),
})
export type Prediction = z.infer<typeof Prediction>

export const orbitPasses = defineRoute({
  method: 'POST',
  path: '/api/satorbit/passes',
  summary: '过境预测：卫星、时间范围、区域（GeoJSON、行政区或上传区域）、最大侧摆角；结果为用户保存',
  tags: ['satorbit'],
  auth: 'account',
  body: PassQuery,
  data: Prediction,
})

export const PredictionSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  createdAt: z.string(),
  start: z.string(),
  end: z.string(),
  satelliteCount: z.number().int(),
  passCount: z.number().int(),
})

export const orbitPredictions = defineRoute({
  method: 'GET',
  path: '/api/satorbit/predictions',
  summary: '我的过境预测（新的在前）',
  tags: ['satorbit'],
  auth: 'account',
  data: z.array(PredictionSummary),
})

export const orbitPrediction = defineRoute({
  method: 'GET',
  path: '/api/satorbit/prediction',
  summary: '打开一次保存的过境预测（仅本人）',
  tags: ['satorbit'],
  auth: 'account',
  query: z.object({ id: IdParam }),
  data: Prediction,
})

export const orbitTleUpload = defineRoute({
  method: 'POST',
  path: '/api/satorbit/tle',
  summary: '上传两行或三行轨道根数（管理员）：校验格式与校验和，一次性替换，记入审计',
  tags: ['satorbit'],
  auth: { permission: PERMISSION.systemAdmin },
  body: z.object({
    text: z
      .string()
      .max(ORBIT_LIMITS.maxTleBytes, { error: e('orbit.errors.tleTooLarge', { max: ORBIT_LIMITS.maxTleBytes }) })
      .describe('two- or three-line element text'),
  }),
  data: z.object({ replaced: z.array(z.object({ noradId: z.number().int(), satellite: z.string(), epoch: z.string() })) }),
})
