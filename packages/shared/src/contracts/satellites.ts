import { z } from 'zod'
import { defineRoute } from './common'

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
})

export const satelliteCatalogue = defineRoute({
  method: 'GET',
  path: '/api/satellite/catalogue',
  summary: '卫星目录（可按类型筛选：1 光学，2 高光谱，3 雷达）',
  tags: ['satellite'],
  auth: 'public',
  query: z.object({
    type: z.coerce
      .number({ error: '卫星类型应为 1、2 或 3' })
      .int()
      .min(1, { error: '卫星类型应为 1、2 或 3' })
      .max(3, { error: '卫星类型应为 1、2 或 3' })
      .optional(),
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
  query: z.object({ slug: z.string({ error: '请提供卫星标识' }).trim().min(1, { error: '请提供卫星标识' }).max(40) }),
  data: z.record(z.string(), z.unknown()).describe('the entry of data/satellites/satellites.json as given'),
})
