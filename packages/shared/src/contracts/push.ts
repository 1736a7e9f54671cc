import { z } from 'zod'
import { COVERAGE_CLASS_KEYS } from '../domain/coverage'
import { PERMISSION } from '../domain/permissions'
import { PUSH_LIMITS, PUSH_STATES, PUSH_TARGET_KINDS } from '../domain/push'
import { lazyMessage } from '../messages'
import { defineRoute, Id, IdParam, queryInt, requiredString, text } from './common'
import { CoveragePeriodParam } from './coverage'
import { RegionCode } from './regions'
import { SceneIds } from './scenes'

/**
 * Pushes (推送, issue 23): administrators (系统管理, MOD_001) keep the push nodes and push batches of
 * scenes to them; the statistics of what was delivered are public (/statistics/push).
 */

const e = lazyMessage
const adminOnly = { permission: PERMISSION.systemAdmin }

const Contact = z.object({
  name: requiredString('push.errors.contactName', 40),
  phone: z
    .string()
    .regex(/^[0-9+\- ]{5,20}$/, { error: e('push.errors.contactPhone') })
    .optional(),
  email: z
    .email({ error: e('push.errors.contactEmail') })
    .max(120)
    .optional(),
})

/** An S3-compatible bucket as a node names it; the secret key is only ever sent, never returned. */
const PushS3Location = z.object({
  endpoint: z
    .url({ protocol: /^https?$/, error: e('push.errors.s3Endpoint') })
    .max(200, { error: e('push.errors.s3Endpoint') })
    .describe('the service address, e.g. https://oss-cn-beijing.aliyuncs.com or http://minio.example:9000'),
  region: z
    .string()
    .regex(PUSH_LIMITS.regionPattern, { error: e('push.errors.s3Region') })
    .default('us-east-1'),
  bucket: z.string({ error: e('push.errors.s3Bucket') }).regex(PUSH_LIMITS.bucketPattern, { error: e('push.errors.s3Bucket') }),
  forcePathStyle: z.boolean().default(true).describe('the bucket in the path (MinIO, Ceph) instead of the host name (AWS, OSS)'),
  accessKeyId: requiredString('push.errors.s3AccessKey', 128),
})

const PushNodeFields = z.object({
  name: requiredString('push.errors.name', PUSH_LIMITS.maxNameLength),
  regionId: RegionCode,
  level: z.enum(['province', 'city'], { error: e('push.errors.level') }).default('province'),
  targetKind: z.enum(PUSH_TARGET_KINDS, { error: e('push.errors.targetKind') }).default('folder'),
  target: z
    .string({ error: e('push.errors.target') })
    .regex(PUSH_LIMITS.folderPattern, { error: e('push.errors.target') })
    .describe('folder under the push root (PUSH_DIR), or the key prefix in the bucket: letters, digits, - and _, up to four levels'),
  s3: PushS3Location.extend({
    secretAccessKey: z
      .string()
      .min(1, { error: e('push.errors.s3Secret') })
      .max(256, { error: e('push.errors.s3Secret') })
      .optional()
      .describe('required for a new bucket; absent: the stored secret is kept'),
  })
    .optional()
    .describe('targetKind s3: the bucket'),
  contacts: z
    .array(Contact)
    .max(PUSH_LIMITS.maxContacts, { error: e('push.errors.tooManyContacts') })
    .default([]),
  userNames: z
    .array(text({ max: 64 }))
    .max(50)
    .default([])
    .describe('accounts tied to the node (their push nodes in person information; mailed on each delivery)'),
  enabled: z.boolean().default(true),
})
/** A bucket exactly when the target is one. */
const bucketWhenS3 = (v: { targetKind: string; s3?: unknown }) => (v.targetKind === 's3') === (v.s3 !== undefined)
export const PushNodeInput = PushNodeFields.refine(bucketWhenS3, { error: e('push.errors.s3Missing'), path: ['s3'] })
export type PushNodeInput = z.input<typeof PushNodeInput>

export const PushNode = z.object({
  id: z.number().int(),
  name: z.string(),
  regionId: z.string(),
  regionName: z.string(),
  level: z.enum(['province', 'city']),
  targetKind: z.enum(PUSH_TARGET_KINDS),
  target: z.string(),
  s3: PushS3Location.nullable().describe('the bucket (targetKind s3), without its secret key'),
  location: z.string().describe('where deliveries go, for people: the folder, or s3://bucket/prefix'),
  contacts: z.array(z.object({ name: z.string(), phone: z.string().optional(), email: z.string().optional() })),
  userNames: z.array(z.string()),
  enabled: z.boolean(),
  lastPushedAt: z.string().nullable(),
  batches: z.number().int(),
})
export type PushNode = z.infer<typeof PushNode>

export const pushNodes = defineRoute({
  method: 'GET',
  path: '/api/push/nodes',
  summary: '推送节点一览（系统管理权限）',
  tags: ['push'],
  auth: adminOnly,
  data: z.array(PushNode),
})

export const pushNodeSave = defineRoute({
  method: 'POST',
  path: '/api/push/nodes/save',
  summary: '新建或修改推送节点（系统管理权限；记入审计日志）',
  tags: ['push'],
  auth: adminOnly,
  body: PushNodeFields.extend({ id: Id.optional().describe('absent: a new node') }).refine(bucketWhenS3, {
    error: e('push.errors.s3Missing'),
    path: ['s3'],
  }),
  data: PushNode,
})

export const pushNodeProbe = defineRoute({
  method: 'POST',
  path: '/api/push/nodes/probe',
  summary: '测试节点的送达位置：写入、读回并删除一个探测文件（系统管理权限）',
  tags: ['push'],
  auth: adminOnly,
  body: z.object({ id: Id }),
  data: z.object({
    reachable: z.boolean(),
    location: z.string(),
    reason: z.string().nullable().describe('why it is not reachable (a short code such as ECONNREFUSED or NoSuchBucket)'),
    milliseconds: z.number().int(),
  }),
})

/** What a push takes: chosen scenes, or the scenes newly imported over the node's region since its last push. */
export const PushSelection = z
  .object({
    nodeId: Id,
    sceneIds: SceneIds.optional().describe('scenes chosen in the archive'),
    newSinceLastPush: z.boolean().optional().describe('the published scenes over the node’s region imported since its last push'),
  })
  .refine((b) => (b.sceneIds?.length ?? 0) > 0 !== (b.newSinceLastPush === true), { error: e('push.errors.selection') })

export const PushPreview = z.object({
  node: z.object({ id: z.number().int(), name: z.string(), regionName: z.string() }),
  scenes: z.number().int(),
  missing: z.array(z.string()).describe('chosen ids not in the archive (or not published)'),
  areaKm2: z.number(),
  estimatedBytes: z.number().describe('from the scenes’ package files (metadata, quicklook, footprint)'),
  satellites: z.array(z.object({ satellite: z.string(), scenes: z.number().int() })),
  from: z.string().nullable().describe('the earliest acquisition'),
  to: z.string().nullable(),
})

export const pushPreview = defineRoute({
  method: 'POST',
  path: '/api/push/preview',
  summary: '推送前预览：景数、面积与预计数据量（系统管理权限）',
  tags: ['push'],
  auth: adminOnly,
  body: PushSelection,
  data: PushPreview,
})

export const PushBatch = z.object({
  id: z.number().int(),
  nodeId: z.number().int(),
  nodeName: z.string(),
  state: z.enum(PUSH_STATES),
  selection: z.enum(['ids', 'new']),
  scenes: z.number().int(),
  areaKm2: z.number(),
  bytes: z.number().nullable(),
  sha256: z.string().nullable(),
  deliveredFile: z.string().nullable().describe('path under the push root, or s3://bucket/key'),
  progress: z.number().int(),
  attempts: z.number().int(),
  error: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
})
export type PushBatch = z.infer<typeof PushBatch>

export const pushCreate = defineRoute({
  method: 'POST',
  path: '/api/push/batches',
  summary: '推送一批影像到节点（系统管理权限；离开请求生产并送达，记入审计日志）',
  tags: ['push'],
  auth: adminOnly,
  body: PushSelection,
  data: PushBatch,
})

export const pushBatches = defineRoute({
  method: 'GET',
  path: '/api/push/batches',
  summary: '推送批次一览（系统管理权限）',
  tags: ['push'],
  auth: adminOnly,
  query: z.object({
    nodeId: IdParam.optional(),
    state: z.enum(PUSH_STATES, { error: e('push.errors.state') }).optional(),
    pageNum: queryInt(1, 100_000).default(1),
    pageSize: queryInt(1, 100).default(20),
  }),
  data: z.object({ total: z.number().int(), list: z.array(PushBatch) }),
})

export const pushRetry = defineRoute({
  method: 'POST',
  path: '/api/push/batches/retry',
  summary: '重新推送失败的批次（系统管理权限）',
  tags: ['push'],
  auth: adminOnly,
  body: z.object({ id: Id }),
  data: PushBatch,
})

export const PUSH_DIMENSIONS = ['node', 'province', 'month', 'satellite', 'class'] as const

export const PushStatisticsRow = z.object({
  key: z.string().describe('node id, province code, month yyyymm, satellite code or class key'),
  label: z.string(),
  batches: z.number().int(),
  scenes: z.number().int(),
  areaKm2: z.number(),
  bytes: z.number(),
})
export type PushStatisticsRow = z.infer<typeof PushStatisticsRow>

export const pushStatistics = defineRoute({
  method: 'GET',
  path: '/api/push/statistics',
  summary: '推送统计：按节点、省份、月份、卫星或分辨率级别汇总已送达的景数、面积与数据量（公开）',
  tags: ['push'],
  auth: 'public',
  query: z.object({
    by: z.enum(PUSH_DIMENSIONS, { error: e('push.errors.dimension') }).default('province'),
    period: CoveragePeriodParam.optional().describe('deliveries in this Beijing year, quarter or month; all by default'),
    class: z.enum(COVERAGE_CLASS_KEYS, { error: e('coverage.errors.badClass') }).optional(),
  }),
  data: z.object({
    by: z.enum(PUSH_DIMENSIONS),
    rows: z.array(PushStatisticsRow),
    total: PushStatisticsRow.omit({ key: true, label: true }),
  }),
})
