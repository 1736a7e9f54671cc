import { z } from 'zod'
import { DEFAULT_PAGE } from '../domain/constants'
import { MONITOR_MODULE_KEYS, MONITOR_STAGES } from '../domain/monitor/modules'
import { lazyMessage } from '../messages'
import { defineRoute, IdParam, queryInt, text } from './common'
import { RegionCode } from './regions'

/**
 * The monitoring engine's one set of routes (issue 13): every descriptor takes the module as a
 * parameter, a z.enum of the declaration keys (domain/monitor/modules.ts). Statistics and batches
 * are public (SPEC §6: anonymous users have the statistics mode); the detail list and a spot by
 * id need login, the module's MOD code and an area range, checked by the server per module.
 * SPEC wire names kept: xzqdm (region), tblx (spot type), pageNum, pageSize.
 */

export const MonitorModuleParam = z
  .enum(MONITOR_MODULE_KEYS, { error: lazyMessage('monitor.errors.unknownModule') })
  .describe('module key: landcover, surfaceDeform, road, nonagricultural, plantingstructure, pvland, windmill, steelplant')

export const MonitorBatchParam = z
  .string({ error: lazyMessage('monitor.errors.badBatch') })
  .regex(/^\d{8}$/, { error: lazyMessage('monitor.errors.badBatch') })
  .describe('batch date YYYYMMDD')

const StageParam = z.enum(MONITOR_STAGES, { error: lazyMessage('monitor.errors.badStage') }).describe('new 新增 or persist 延续')
const SpotTypeParam = text({ max: 40, error: lazyMessage('monitor.errors.unknownSpotType') }).describe(
  'spot type (tblx), one of the module’s declared values',
)

export const MonitorBatch = z.object({
  batch: z.string().describe('YYYYMMDD'),
  filename: z.string(),
  spotCount: z.number().int(),
  illustrative: z.boolean().describe('generated demo batch (示意)'),
})
export type MonitorBatch = z.infer<typeof MonitorBatch>

export const monitorBatches = defineRoute({
  method: 'GET',
  path: '/api/monitor/batches',
  summary: '监测模块的批次（由旧到新）',
  tags: ['monitor'],
  auth: 'public',
  query: z.object({ module: MonitorModuleParam }),
  data: z.array(MonitorBatch),
})

/** One region's figures: spot count, area (km², the legend's unit) and length (km); null when it has no spots. */
export const MonitorStatisticsRow = z.object({
  code: z.string(),
  name: z.string(),
  num: z.number().int().nullable(),
  areaKm2: z.number().nullable().describe('sum of the spots’ areas, square kilometres (geodesic), 4 decimals'),
  lengthKm: z.number().nullable().describe('sum of the spots’ lengths, kilometres (geodesic), 2 decimals'),
})
export type MonitorStatisticsRow = z.infer<typeof MonitorStatisticsRow>

export const MonitorStatisticsQuery = z.object({
  module: MonitorModuleParam,
  region: RegionCode.optional().describe('region whose children are counted; 100000 (whole country) by default'),
  batchFrom: MonitorBatchParam.optional().describe('first batch of the range; the latest batch by default'),
  batchTo: MonitorBatchParam.optional().describe('last batch of the range; the latest batch by default'),
  stage: StageParam.optional(),
  tblx: SpotTypeParam.optional(),
})

export const MonitorStatistics = z.object({
  region: z.object({ code: z.string(), name: z.string(), level: z.enum(['country', 'province', 'city', 'county']) }),
  parentCode: z.string().nullable().describe('the region one level up (drill back); null for the whole country'),
  batchFrom: z.string().nullable(),
  batchTo: z.string().nullable(),
  rows: z.array(MonitorStatisticsRow).describe('the region’s children (a county: itself), every child listed'),
  total: MonitorStatisticsRow.omit({ code: true, name: true }),
  illustrative: z.boolean().describe('the figures come from generated demo spots (示意)'),
})
export type MonitorStatistics = z.infer<typeof MonitorStatistics>

export const monitorStatistics = defineRoute({
  method: 'GET',
  path: '/api/monitor/statistics',
  summary: '图斑统计：某行政区下级的数量、面积、长度（一个站点在批次范围内计一次，取其最新批次）',
  tags: ['monitor'],
  auth: 'public',
  query: MonitorStatisticsQuery,
  data: MonitorStatistics,
})

export const MonitorSpotSummary = z.object({
  id: z.number().int(),
  siteId: z.string().describe('the same place across batches'),
  batch: z.string(),
  filename: z.string(),
  xzqdm: z.string().describe('county code'),
  regionName: z.string().describe('province city county'),
  spotType: z.string(),
  stage: StageParam,
  areaHa: z.number().nullable(),
  lengthKm: z.number().nullable(),
  center: z.tuple([z.number(), z.number()]).describe('[longitude, latitude] of a point on the spot'),
  geometry: z.object({ type: z.string(), coordinates: z.array(z.unknown()) }).describe('GeoJSON geometry, WGS84'),
  illustrative: z.boolean(),
})
export type MonitorSpotSummary = z.infer<typeof MonitorSpotSummary>

export const MonitorSpotListQuery = z.object({
  module: MonitorModuleParam,
  xzqdm: RegionCode.optional().describe('region the spots lie in; must lie inside the caller’s area ranges'),
  stage: StageParam.optional(),
  tblx: SpotTypeParam.optional(),
  batch: MonitorBatchParam.optional(),
  filename: text({ max: 120, error: lazyMessage('monitor.errors.badFilename') }).optional(),
  pageNum: queryInt(1, 100_000).default(DEFAULT_PAGE.pageNum),
  pageSize: queryInt(1, 100).default(DEFAULT_PAGE.pageSize),
})

export const monitorSpotList = defineRoute({
  method: 'GET',
  path: '/api/monitor/spot/list',
  summary: '图斑列表（详情模式；需登录、模块权限与权限范围，仅返回权限范围内的图斑）',
  tags: ['monitor'],
  auth: 'login',
  query: MonitorSpotListQuery,
  data: z.object({
    total: z.number().int(),
    pageNum: z.number().int(),
    pageSize: z.number().int(),
    items: z.array(MonitorSpotSummary),
  }),
})

export const MonitorSpotDetail = MonitorSpotSummary.extend({
  attributes: z.record(z.string(), z.union([z.string(), z.number()])),
  province: z.object({ code: z.string(), name: z.string() }),
  city: z.object({ code: z.string(), name: z.string() }),
  county: z.object({ code: z.string(), name: z.string() }),
  batches: z
    .array(z.object({ batch: z.string(), spotType: z.string(), id: z.number().int() }))
    .describe('the site in every batch, oldest first'),
})
export type MonitorSpotDetail = z.infer<typeof MonitorSpotDetail>

export const monitorSpotDetail = defineRoute({
  method: 'GET',
  path: '/api/monitor/spot/detail',
  summary: '图斑详情（属性、所在行政区、该位置各批次；权限范围外 403）',
  tags: ['monitor'],
  auth: 'login',
  query: z.object({ module: MonitorModuleParam, id: IdParam }),
  data: MonitorSpotDetail,
})
