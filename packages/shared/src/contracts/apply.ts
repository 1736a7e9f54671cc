import { z } from 'zod'
import { APPLY_KINDS, APPLY_LIMITS, APPLY_STATES } from '../domain/apply'
import { PERMISSION } from '../domain/permissions'
import { REGION_CODE_PATTERN } from '../domain/region-code'
import { lazyMessage } from '../messages'
import { AttachmentInfo, defineRoute, Id, IdParam, queryInt, requiredString, text } from './common'

/**
 * Applications (申请, SPEC §7 'request'): a user applies for a module permission over regions, with
 * a reason and an attachment (uploaded first, then named by its id); administrators (MOD_001)
 * approve, which grants the permission and the area ranges at once, or reject with a reason.
 */

export const ApplyStateSchema = z.enum(APPLY_STATES, { error: lazyMessage('apply.errors.badState') })
export const ApplyKindSchema = z.enum(APPLY_KINDS, { error: lazyMessage('apply.errors.badKind') })

const RegionCode = z
  .string({ error: lazyMessage('apply.errors.badRegion') })
  .regex(REGION_CODE_PATTERN, { error: lazyMessage('apply.errors.badRegion') })

export const ApplyAttachment = AttachmentInfo
export type ApplyAttachment = AttachmentInfo

export const ApplySummary = z.object({
  id: z.number().int(),
  kind: ApplyKindSchema,
  module: z.string().describe('the module permission code MOD_xxx applied for'),
  regionIds: z.array(z.string()).describe('six-digit region codes of the area ranges applied for'),
  reason: z.string(),
  status: ApplyStateSchema,
  applicant: z.string().describe('user name of the applicant'),
  applicantName: z.string().describe('real name of the applicant'),
  organization: z.string(),
  attachment: ApplyAttachment.nullable(),
  rejectReason: z.string().nullable(),
  reviewer: z.string().nullable(),
  reviewedAt: z.string().nullable().describe('ISO time of the decision'),
  createdAt: z.string().describe('ISO time'),
})
export type ApplySummary = z.infer<typeof ApplySummary>

/** POST multipart: one file (PDF, PNG or JPEG, at most 5 MB); answers its id for the application. */
export const applyAttachmentUpload = defineRoute({
  method: 'POST',
  path: '/api/request/attachment',
  summary: `上传申请附件（PDF、PNG 或 JPEG，最大 ${APPLY_LIMITS.attachmentMaxBytes / 1024 / 1024} MB，按文件内容检查）`,
  tags: ['request'],
  auth: 'account',
  data: ApplyAttachment,
})

/** GET the attachment file (its owner or an administrator); not an envelope. */
export const applyAttachmentDownload = defineRoute({
  method: 'GET',
  path: '/api/request/attachment/file',
  summary: '下载申请附件（申请人本人或系统管理权限）',
  tags: ['request'],
  auth: 'account',
  query: z.object({ id: IdParam }),
  data: z.unknown(),
})

export const applySubmit = defineRoute({
  method: 'POST',
  path: '/api/request/submit',
  summary: '提交申请：模块权限与权限范围（同一模块只能有一条待审核的申请）',
  tags: ['request'],
  auth: 'account',
  body: z.object({
    kind: ApplyKindSchema,
    module: z
      .string({ error: lazyMessage('apply.errors.unknownModule') })
      .regex(/^MOD_\d{3}$/, { error: lazyMessage('apply.errors.unknownModule') }),
    regionIds: z
      .array(RegionCode, { error: lazyMessage('apply.errors.regionsRequired') })
      .min(1, { error: lazyMessage('apply.errors.regionsRequired') })
      .max(APPLY_LIMITS.regionsMax, { error: lazyMessage('apply.errors.tooManyRegions', { max: APPLY_LIMITS.regionsMax }) }),
    reason: requiredString('apply.errors.reasonRequired', APPLY_LIMITS.reasonMax, { multiline: true }),
    attachmentId: Id.describe('id of an uploaded attachment of the applicant, not yet used'),
  }),
  data: ApplySummary,
})

export const ApplyListQuery = z.object({
  status: ApplyStateSchema.optional(),
  pageNum: queryInt(1, 10_000).default(1),
  pageSize: queryInt(1, 100).default(20),
})

const ApplyPage = z.object({ list: z.array(ApplySummary), total: z.number().int() })

export const applyList = defineRoute({
  method: 'GET',
  path: '/api/request/list',
  summary: '我的申请（最新的在前）',
  tags: ['request'],
  auth: 'account',
  query: ApplyListQuery,
  data: ApplyPage,
})

export const applyWithdraw = defineRoute({
  method: 'POST',
  path: '/api/request/withdraw',
  summary: '审核前撤回申请（本人）',
  tags: ['request'],
  auth: 'account',
  body: z.object({ id: Id }),
  data: ApplySummary,
})

const reviewer = { permission: PERMISSION.systemAdmin }

export const applyReviewList = defineRoute({
  method: 'GET',
  path: '/api/request/review/list',
  summary: '全部用户的申请（系统管理权限）',
  tags: ['request'],
  auth: reviewer,
  query: ApplyListQuery,
  data: ApplyPage,
})

export const applyReview = defineRoute({
  method: 'POST',
  path: '/api/request/review',
  summary: '审核申请：通过（即时授予模块权限与权限范围）或驳回（须填原因）',
  tags: ['request'],
  auth: reviewer,
  body: z.object({
    id: Id,
    decision: z.enum(['approve', 'reject'], { error: lazyMessage('validation.decision') }),
    reason: text({ max: APPLY_LIMITS.rejectReasonMax, multiline: true }).trim().optional(),
  }),
  data: ApplySummary,
})
