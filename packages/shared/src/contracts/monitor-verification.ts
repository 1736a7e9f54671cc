import { z } from 'zod'
import {
  MONITOR_IMPORT_LIMITS,
  VERIFICATION_EVENTS,
  VERIFICATION_LIMITS,
  VERIFICATION_RESULTS,
  VERIFICATION_STATES,
} from '../domain/monitor/verification'
import { PERMISSION } from '../domain/permissions'
import { lazyMessage } from '../messages'
import { defineRoute, Id, IdParam, text } from './common'
import { MonitorBatchParam, MonitorModuleParam } from './monitor'

/**
 * Spot verification (实地核查) and the import of a delivery (issue 13). A province user records the
 * field check of a spot in range (multipart: fields and photos); the ministry (area range 100000)
 * accepts or returns it; every step is a row of the spot's history and an audit record. An
 * administrator (MOD_001) imports a zipped shapefile or GeoJSON as a new batch, all or nothing.
 */

export const VerificationStateSchema = z.enum(VERIFICATION_STATES)
export const VerificationResultSchema = z.enum(VERIFICATION_RESULTS, { error: lazyMessage('monitorVerify.errors.badResult') })

export const VerificationPhoto = z.object({
  id: z.number().int(),
  fileName: z.string(),
  contentType: z.string(),
  bytes: z.number().int(),
})
export type VerificationPhoto = z.infer<typeof VerificationPhoto>

export const VerificationStep = z.object({
  id: z.number().int(),
  event: z.enum(VERIFICATION_EVENTS),
  state: VerificationStateSchema.describe('the state the step led to'),
  actor: z.string().describe('user name'),
  actorName: z.string().describe('real name'),
  at: z.string().describe('ISO time'),
  result: VerificationResultSchema.nullable(),
  note: z.string().nullable(),
  position: z.tuple([z.number(), z.number()]).nullable().describe('[lon, lat] where the check was made'),
  reason: z.string().nullable().describe('why the ministry returned it'),
  photos: z.array(VerificationPhoto),
})
export type VerificationStep = z.infer<typeof VerificationStep>

export const MonitorVerification = z.object({
  spotId: z.number().int(),
  needsCheck: z.boolean().describe('only spots of stage new are checked'),
  state: VerificationStateSchema,
  role: z.enum(['province', 'ministry']).nullable().describe('what the caller may do with this spot'),
  allowed: z.array(z.enum(VERIFICATION_EVENTS)).describe('the events the caller may send now'),
  history: z.array(VerificationStep).describe('oldest first'),
})
export type MonitorVerification = z.infer<typeof MonitorVerification>

const SpotQuery = z.object({ module: MonitorModuleParam, id: IdParam })

export const monitorVerification = defineRoute({
  method: 'GET',
  path: '/api/monitor/verification',
  summary: '图斑核查状态与历史（需登录、模块权限，图斑在权限范围内）',
  tags: ['monitor'],
  auth: 'login',
  query: SpotQuery,
  data: MonitorVerification,
})

/**
 * POST multipart: fields module, id, result, note, lon, lat; 1–6 files named photo (JPEG or PNG,
 * each at most 5 MB). The check, its history row and its photos are written in one transaction.
 */
export const monitorVerificationRecord = defineRoute({
  method: 'POST',
  path: '/api/monitor/verification/record',
  summary: `录入实地核查结果（省级用户；属实/不属实/部分属实、说明、照片 ${VERIFICATION_LIMITS.photosMin}–${VERIFICATION_LIMITS.photosMax} 张 JPEG/PNG、每张不超过 ${VERIFICATION_LIMITS.photoMaxBytes / 1024 / 1024} MB、位置须在图斑所在县内或距图斑 ${VERIFICATION_LIMITS.nearMetres} 米内）`,
  tags: ['monitor'],
  auth: 'login',
  data: MonitorVerification,
})

export const monitorVerificationReview = defineRoute({
  method: 'POST',
  path: '/api/monitor/verification/review',
  summary: '部级审核核查结果：通过，或退回并说明原因（权限范围为全国 100000）',
  tags: ['monitor'],
  auth: 'login',
  body: z.object({
    module: MonitorModuleParam,
    id: Id,
    decision: z.enum(['accept', 'return'], { error: lazyMessage('monitorVerify.errors.badDecision') }),
    reason: text({ max: VERIFICATION_LIMITS.reasonMax, multiline: true }).optional(),
  }),
  data: MonitorVerification,
})

/** GET one photo of a check (anyone who may see the spot); not an envelope. */
export const monitorVerificationPhoto = defineRoute({
  method: 'GET',
  path: '/api/monitor/verification/photo',
  summary: '核查照片（可查看该图斑的用户）',
  tags: ['monitor'],
  auth: 'login',
  query: z.object({ module: MonitorModuleParam, id: IdParam }),
  data: z.unknown(),
})

export const VerificationProgressRow = z.object({
  code: z.string(),
  name: z.string(),
  toCheck: z.number().int().describe('spots of stage new in the batch'),
  unchecked: z.number().int(),
  recorded: z.number().int().describe('recorded, waiting for the ministry'),
  accepted: z.number().int(),
  returned: z.number().int(),
})
export type VerificationProgressRow = z.infer<typeof VerificationProgressRow>

export const monitorVerificationProgress = defineRoute({
  method: 'GET',
  path: '/api/monitor/verification/progress',
  summary: '核查进度：各省待核查、已录入待审核、已通过、已退回的图斑数（权限范围内）',
  tags: ['monitor'],
  auth: 'login',
  query: z.object({ module: MonitorModuleParam, batch: MonitorBatchParam.optional().describe('the latest batch by default') }),
  data: z.object({
    batch: z.string().nullable(),
    rows: z.array(VerificationProgressRow).describe('provinces with spots to check, in code order'),
    total: VerificationProgressRow.omit({ code: true, name: true }),
  }),
})

export const MonitorImportRejection = z.object({
  index: z.number().int().describe('feature number in the file, from 1'),
  siteId: z.string().nullable(),
  reasons: z.array(z.string()).describe('Chinese reasons'),
})
export type MonitorImportRejection = z.infer<typeof MonitorImportRejection>

export const MonitorImportReport = z.object({
  module: z.string(),
  batch: z.string(),
  filename: z.string(),
  featureCount: z.number().int(),
  dryRun: z.boolean().describe('a check only (dryRun=true): nothing was written'),
  imported: z
    .number()
    .int()
    .describe('spots stored (0 when any feature is rejected: all or nothing); in a dry run, the spots an import would store'),
  rejectedCount: z.number().int(),
  rejected: z.array(MonitorImportRejection).describe(`the first ${MONITOR_IMPORT_LIMITS.maxReported} rejected features`),
  milliseconds: z.number().int(),
})
export type MonitorImportReport = z.infer<typeof MonitorImportReport>

/**
 * POST multipart: file (.zip shapefile or .geojson/.json), fields module, batch (YYYYMMDD),
 * mapping (JSON {siteId, spotType, attributes: {key: field}}). Any rejected feature: 422 with the
 * report as data, nothing stored; a batch that exists: 409. With ?dryRun=true the file is checked
 * exactly as for an import and the same report (or the same 4xx) comes back, but nothing is written.
 */
export const monitorImport = defineRoute({
  method: 'POST',
  path: '/api/monitor/import',
  summary: `导入监测成果为新批次（系统管理权限；压缩的 Shapefile 或 GeoJSON，最大 ${MONITOR_IMPORT_LIMITS.maxUploadBytes / 1024 / 1024} MB，字段映射；全部通过才入库，否则返回逐条原因；dryRun=true 仅检查、不入库）`,
  tags: ['monitor'],
  auth: { permission: PERMISSION.systemAdmin },
  query: z.object({
    dryRun: z
      .enum(['true', 'false'], { error: lazyMessage('monitorVerify.errors.importBadDryRun') })
      .optional()
      .describe('true: check the file and report as an import would, write nothing (audited as monitorImportCheck)'),
  }),
  data: MonitorImportReport,
})
