import { z } from 'zod'
import { LOCAL_IMAGERY_KINDS, LOCAL_IMAGERY_LIMITS } from '../domain/local-imagery'
import { PERMISSION } from '../domain/permissions'
import { lazyMessage } from '../messages'
import { defineRoute, Id, queryInt } from './common'
import { CoveragePeriodParam } from './coverage'
import { RegionCode } from './regions'

/**
 * 本地数据 (provinceFeedback, MOD_085, issue 23): a province registers the imagery it holds itself.
 * Every route needs the module code and an area range; the server limits what is read and written
 * to the caller's regions.
 */

const e = lazyMessage
const feedbackAuth = { permission: PERMISSION.provinceFeedback, areaScope: true } as const

export const LocalImageryReport = z.object({
  dryRun: z.boolean(),
  fileName: z.string(),
  features: z.number().int(),
  accepted: z.number().int(),
  stored: z.number().int().describe('rows written (0 on a dry run or when any row is refused)'),
  uploadId: z.number().int().nullable(),
  rejected: z
    .array(z.object({ row: z.number().int(), name: z.string().nullable(), reasons: z.array(z.string()) }))
    .describe('every refused row with its Chinese reasons; any refusal stores nothing'),
  notices: z.array(z.string()),
})
export type LocalImageryReport = z.infer<typeof LocalImageryReport>

export const localImageryUpload = defineRoute({
  method: 'POST',
  path: '/api/provincial-feedback/upload',
  summary: `登记本省自有影像（本地数据权限与权限范围；压缩的 Shapefile、GeoJSON、KML 或 Excel 清单，最大 ${LOCAL_IMAGERY_LIMITS.maxUploadBytes / 1024 / 1024} MB；全部通过才入库，否则逐行说明原因；dryRun=true 仅检查）`,
  tags: ['provincial-feedback'],
  auth: feedbackAuth,
  query: z.object({
    dryRun: z
      .enum(['true', 'false'], { error: e('localImagery.errors.badFlag') })
      .optional()
      .describe('true: check and report, write nothing'),
  }),
  data: LocalImageryReport,
})

export const LocalImagery = z.object({
  id: z.number().int(),
  uploadId: z.number().int(),
  kind: z.enum(LOCAL_IMAGERY_KINDS),
  name: z.string(),
  acquiredOn: z.string().describe('YYYY-MM-DD'),
  resolutionM: z.number(),
  sensor: z.string(),
  ownerUnit: z.string(),
  licence: z.string().nullable(),
  areaKm2: z.number(),
  countyCode: z.string(),
  regionName: z.string().describe('province · city · county of the footprint’s inner point'),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
})
export type LocalImagery = z.infer<typeof LocalImagery>

const ListQuery = z.object({
  region: RegionCode.optional().describe('only imagery inside this region (within the caller’s ranges)'),
  kind: z.enum(LOCAL_IMAGERY_KINDS, { error: e('localImagery.errors.badKind') }).optional(),
  period: CoveragePeriodParam.optional().describe('acquired in this Beijing year, quarter or month'),
})

export const localImageryList = defineRoute({
  method: 'GET',
  path: '/api/provincial-feedback/list',
  summary: '本地数据列表（本地数据权限；只列权限范围内的影像）',
  tags: ['provincial-feedback'],
  auth: feedbackAuth,
  query: ListQuery.extend({ pageNum: queryInt(1, 100_000).default(1), pageSize: queryInt(1, 500).default(20) }),
  data: z.object({ total: z.number().int(), areaKm2: z.number(), list: z.array(LocalImagery) }),
})

export const localImageryFootprints = defineRoute({
  method: 'GET',
  path: '/api/provincial-feedback/footprints',
  summary: '本地数据范围（GeoJSON，至多 5,000 个；本地数据权限与权限范围）',
  tags: ['provincial-feedback'],
  auth: feedbackAuth,
  query: ListQuery,
  data: z.object({ type: z.literal('FeatureCollection'), features: z.array(z.unknown()), truncated: z.boolean() }),
})

export const localImageryDelete = defineRoute({
  method: 'POST',
  path: '/api/provincial-feedback/delete',
  summary: '删除一次登记的全部影像（登记人或系统管理员；权限范围内；记入审计日志）',
  tags: ['provincial-feedback'],
  auth: feedbackAuth,
  body: z.object({ uploadId: Id }),
  data: z.object({ deleted: z.number().int() }),
})
