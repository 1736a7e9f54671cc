import { z } from 'zod'
import { PERMISSION } from '../domain/permissions'
import { lazyMessage } from '../messages'
import { defineRoute, queryInt } from './common'
import { CoveragePeriodParam } from './coverage'
import { RegionCode } from './regions'

/**
 * 共享概况 (regionPush, MOD_084, issue 23): per region and period, what the ministry pushed to the
 * nodes there and what the provinces fed back (registered their own imagery). Both modes need the
 * module code and an area range; the region asked must lie in the caller's ranges.
 */

const sharingAuth = { permission: PERMISSION.regionPush, areaScope: true } as const

const Query = z.object({
  region: RegionCode.optional().describe('the caller’s first area range by default (the whole country when it holds 100000)'),
  period: CoveragePeriodParam.optional().describe('pushes delivered / imagery registered in this Beijing period; all by default'),
})

export const SharingRow = z.object({
  code: z.string(),
  name: z.string(),
  pushBatches: z.number().int(),
  pushScenes: z.number().int(),
  pushAreaKm2: z.number(),
  localUploads: z.number().int(),
  localScenes: z.number().int(),
  localAreaKm2: z.number(),
})
export type SharingRow = z.infer<typeof SharingRow>

export const sharingStatistics = defineRoute({
  method: 'GET',
  path: '/api/sharing/statistics',
  summary: '共享概况统计：各下级行政区的推送与本地数据（共享概况权限与权限范围）',
  tags: ['sharing'],
  auth: sharingAuth,
  query: Query,
  data: z.object({
    region: z.object({ code: z.string(), name: z.string(), level: z.enum(['country', 'province', 'city', 'county']) }),
    parentCode: z.string().nullable().describe('one level up, when the caller may see it'),
    rows: z.array(SharingRow),
    total: SharingRow.omit({ code: true, name: true }),
  }),
})

export const sharingDetail = defineRoute({
  method: 'GET',
  path: '/api/sharing/detail',
  summary: '共享概况详情：区域内已送达的推送批次或本地数据登记（共享概况权限与权限范围）',
  tags: ['sharing'],
  auth: sharingAuth,
  query: Query.extend({
    kind: z.enum(['push', 'local'], { error: lazyMessage('sharing.errors.kind') }).default('push'),
    pageNum: queryInt(1, 100_000).default(1),
    pageSize: queryInt(1, 100).default(20),
  }),
  data: z.object({
    total: z.number().int(),
    list: z.array(
      z.object({
        id: z.number().int(),
        title: z.string().describe('node name, or the registration’s file name'),
        regionName: z.string(),
        scenes: z.number().int(),
        areaKm2: z.number(),
        at: z.string().describe('delivered or registered, ISO'),
        by: z.string().nullable(),
        file: z.string().nullable().describe('the delivered package under the push root'),
      }),
    ),
  }),
})
