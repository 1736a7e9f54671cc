import { z } from 'zod'
import { defineRoute, queryInt, text } from './common'

/** A satellite catalogue entry (SPEC §3); value is the satellite's page slug. */
export const SatelliteCatalogueEntry = z.object({
  index: z.number().int(),
  label: z.string(),
  value: z.string(),
  checked: z.boolean(),
  properties: z.number().int().min(1).max(3).describe('1 domestic, 2 foreign, 3 retired (archive data only)'),
  resolution: z.number().int().min(1).max(4).describe('best ground resolution: 1 ≤ 1 m, 2 ≤ 4 m, 3 ≤ 16 m, 4 > 16 m or unknown'),
  type: z.number().int().min(1).max(3).describe('1 optical, 2 hyperspectral, 3 radar'),
})
export type SatelliteCatalogueEntry = z.infer<typeof SatelliteCatalogueEntry>

export const SatelliteSensors = z.object({
  satellite: z.string().describe("satellite code, e.g. 'GF1', 'ZY3-2'"),
  slug: z.string(),
  sensors: z.array(z.string()).describe("sensor ids, e.g. 'PMS1', 'WFV1'"),
})

export const SatelliteSummary = z.object({
  slug: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  country: z.string(),
  category: z.string(),
  status: z.string(),
  memberCount: z.number().int(),
  trackedCount: z.number().int().describe('members with current two-line orbit elements'),
})

export const satelliteCatalogue = defineRoute({
  method: 'GET',
  path: '/api/satellite/catalogue',
  summary: '卫星目录（可按类型筛选：1 光学，2 高光谱，3 雷达）',
  tags: ['satellite'],
  auth: 'public',
  query: z.object({
    type: queryInt(1, 3, '卫星类型应为 1、2 或 3').optional(),
  }),
  data: z.array(SatelliteCatalogueEntry),
})

export const satelliteSensors = defineRoute({
  method: 'GET',
  path: '/api/satellite/sensors',
  summary: '卫星与传感器对应关系',
  tags: ['satellite'],
  auth: 'public',
  data: z.array(SatelliteSensors),
})

export const satelliteList = defineRoute({
  method: 'GET',
  path: '/api/satellite/list',
  summary: '卫星系列列表',
  tags: ['satellite'],
  auth: 'public',
  data: z.array(SatelliteSummary),
})

export const satelliteDetail = defineRoute({
  method: 'GET',
  path: '/api/satellite/detail',
  summary: '卫星资料（成员、发射日期、轨道、载荷、来源）',
  tags: ['satellite'],
  auth: 'public',
  query: z.object({ slug: text({ max: 40, error: '请提供卫星标识' }).trim().min(1, { error: '请提供卫星标识' }) }),
  data: z.record(z.string(), z.unknown()).describe('the entry of data/satellites/satellites.json as given'),
})

/** One member's two-line orbit elements (data/satellites/tle/resource.tle), matched by NORAD id. */
export const SatelliteTle = z.object({
  slug: z.string(),
  member: z.string().describe("the member's name in the facts, e.g. 'GF-1 02'"),
  noradId: z.number().int(),
  line1: z.string(),
  line2: z.string(),
  epoch: z.string().describe('ISO time of the elements'),
})
export type SatelliteTle = z.infer<typeof SatelliteTle>

export const satelliteTle = defineRoute({
  method: 'GET',
  path: '/api/satellite/tle',
  summary: '卫星两行轨道根数（不带 slug 时给出全部）',
  tags: ['satellite'],
  auth: 'public',
  query: z.object({ slug: text({ max: 40 }).trim().min(1).optional() }),
  data: z.array(SatelliteTle),
})

/** A dated satellite event from the facts: a member's launch. */
export const SatelliteEvent = z.object({
  date: z.string().describe('YYYY-MM-DD (Beijing date for Chinese launches, as the facts give it)'),
  kind: z.enum(['launch']),
  slug: z.string(),
  seriesName: z.string().describe('the series name in Chinese'),
  member: z.string(),
  country: z.string(),
})
export type SatelliteEvent = z.infer<typeof SatelliteEvent>

export const satelliteEvents = defineRoute({
  method: 'GET',
  path: '/api/satellite/events',
  summary: '卫星动态：按日期从近到远的发射记录',
  tags: ['satellite'],
  auth: 'public',
  query: z.object({
    limit: queryInt(1, 100, '条数应为 1–100 的整数').default(10),
  }),
  data: z.array(SatelliteEvent),
})
