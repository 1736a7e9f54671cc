import { z } from 'zod'
import { MONITOR_STAGES } from '../domain/monitor/modules'
import { lazyMessage } from '../messages'
import { defineRoute, queryInt, text } from './common'
import { MonitorBatchParam, MonitorModuleParam } from './monitor'
import { RegionCode } from './regions'

/**
 * The grid, sequence and trend modes of the monitoring engine (SPEC §4, issue 13), one route each
 * for every module (the module a parameter). Grid and sequence are area-range data like detail:
 * login, the module's MOD code and a regionId area range, limited on the server to the caller's
 * ranges. Trend shows the statistics figures per batch and is public like statistics.
 */

const StageParam = z.enum(MONITOR_STAGES, { error: lazyMessage('monitor.errors.badStage') }).describe('new 新增 or persist 延续')
const SpotTypeParam = text({ max: 40, error: lazyMessage('monitor.errors.unknownSpotType') }).describe(
  'spot type (tblx), one of the module’s declared values',
)

/** Count and sums of a group of spots (the figures of a cell, a batch or a region in a batch). */
const Figures = z.object({
  num: z.number().int(),
  areaKm2: z.number().nullable().describe('sum of the spots’ areas, square kilometres; null for modules without area'),
  lengthKm: z.number().nullable().describe('sum of the spots’ lengths, kilometres; null for modules without length'),
})

export const MonitorGridCell = Figures.extend({
  z: z.number().int(),
  x: z.number().int(),
  y: z.number().int(),
  key: z.string().describe('"z/x/y"'),
  bbox: z.tuple([z.number(), z.number(), z.number(), z.number()]).describe('[west, south, east, north], WGS84'),
})
export type MonitorGridCell = z.infer<typeof MonitorGridCell>

export const MonitorGridQuery = z.object({
  module: MonitorModuleParam,
  region: RegionCode.optional().describe('province, city or county whose spots are counted; must lie in the caller’s area ranges'),
  level: queryInt(0, 30, lazyMessage('monitorModes.errors.badLevel'))
    .optional()
    .describe('grid level 13 or 14; the module’s level by default'),
  batch: MonitorBatchParam.optional().describe('the batch counted; the latest by default'),
  stage: StageParam.optional(),
  tblx: SpotTypeParam.optional(),
})

export const MonitorGrid = z.object({
  level: z.number().int(),
  batch: z.string().nullable(),
  region: z.string().nullable().describe('the region asked for; null: every area range of the caller'),
  cells: z.array(MonitorGridCell).describe('cells with at least one spot, the densest first'),
  total: Figures,
  maxCells: z.number().int().describe('the cap on cells in one answer'),
  illustrative: z.boolean(),
})
export type MonitorGrid = z.infer<typeof MonitorGrid>

export const monitorGrid = defineRoute({
  method: 'GET',
  path: '/api/monitor/grid',
  summary: '格网统计：按 Web 墨卡托瓦片（13 或 14 级）统计图斑数量、面积或长度（需登录、模块权限与权限范围；格网数上限 20000）',
  tags: ['monitor'],
  auth: 'login',
  query: MonitorGridQuery,
  data: MonitorGrid,
})

export const MonitorSequenceBatch = Figures.extend({
  batch: z.string(),
  filename: z.string(),
  previous: z.string().nullable().describe('the batch before it (compared); null for the module’s first batch'),
  newSites: z.number().int().nullable().describe('sites in this batch and not in the previous one'),
  goneSites: z.number().int().nullable().describe('sites in the previous batch and not in this one'),
  persisting: z.number().int().nullable().describe('sites in both'),
})
export type MonitorSequenceBatch = z.infer<typeof MonitorSequenceBatch>

export const monitorSequence = defineRoute({
  method: 'GET',
  path: '/api/monitor/sequence',
  summary: '时序：某行政区最近 5 个批次的数量、面积与批次间变化（新增、消失、延续；需登录、模块权限与权限范围）',
  tags: ['monitor'],
  auth: 'login',
  query: z.object({
    module: MonitorModuleParam,
    region: RegionCode.optional().describe('region; must lie in the caller’s area ranges'),
    batch: MonitorBatchParam.optional().describe('the last batch shown; the latest by default'),
    tblx: SpotTypeParam.optional(),
  }),
  data: z.object({
    region: z.string().nullable(),
    batches: z.array(MonitorSequenceBatch).describe('up to 5 batches, oldest first'),
    illustrative: z.boolean(),
  }),
})

export const MonitorTrendRow = z.object({
  code: z.string(),
  name: z.string(),
  values: z.array(Figures).describe('one per batch, in the order of `batches`'),
})
export type MonitorTrendRow = z.infer<typeof MonitorTrendRow>

export const MonitorTrend = z.object({
  region: z.object({ code: z.string(), name: z.string(), level: z.enum(['country', 'province', 'city', 'county']) }),
  batches: z.array(z.string()).describe('oldest first'),
  total: z.array(Figures).describe('the region’s figures per batch'),
  rows: z.array(MonitorTrendRow).describe('the region’s children (a county: itself) per batch'),
  illustrative: z.boolean(),
})
export type MonitorTrend = z.infer<typeof MonitorTrend>

export const monitorTrend = defineRoute({
  method: 'GET',
  path: '/api/monitor/trend',
  summary: '趋势：某行政区及其下级各批次的图斑数量、面积或长度（需登录与模块权限；不限权限范围，同统计）',
  tags: ['monitor'],
  auth: 'login',
  query: z.object({
    module: MonitorModuleParam,
    region: RegionCode.optional().describe('100000 (whole country) by default'),
    batchFrom: MonitorBatchParam.optional(),
    batchTo: MonitorBatchParam.optional(),
    stage: StageParam.optional(),
    tblx: SpotTypeParam.optional(),
  }),
  data: MonitorTrend,
})
