import { z } from 'zod'
import { PERMISSION } from '../domain/permissions'
import {
  PROVINCE_MINISTRY_EVENTS,
  PROVINCE_MINISTRY_KINDS,
  PROVINCE_MINISTRY_LIMITS,
  PROVINCE_MINISTRY_MESSAGE_KINDS,
  PROVINCE_MINISTRY_STATES,
} from '../domain/province-ministry'
import { REGION_CODE_PATTERN } from '../domain/region-code'
import { lazyMessage } from '../messages'
import { AttachmentInfo, defineRoute, Id, IdParam, queryInt, requiredString, text } from './common'

/**
 * 省部协同 (/ministryProvince/provinceMinistry, MOD_090): a province's request to the ministry (a
 * question, data, support) with attachments, answered in a thread. Attachments are uploaded first
 * and named by their ids in the message that carries them. Every route needs MOD_090 and an area
 * range; the server decides the caller's side (province or ministry) by the range.
 */

const e = lazyMessage
const LIMITS = PROVINCE_MINISTRY_LIMITS
/** MOD_090 and at least one area range: the range tells the province from the ministry. */
const party = { permission: PERMISSION.provinceMinistry, areaScope: true } as const

export const ProvinceMinistryKindSchema = z.enum(PROVINCE_MINISTRY_KINDS, { error: e('provinceMinistry.errors.badKind') })
export const ProvinceMinistryStateSchema = z.enum(PROVINCE_MINISTRY_STATES, { error: e('provinceMinistry.errors.badState') })
const RoleSchema = z.enum(['province', 'ministry'])
const EventSchema = z.enum(PROVINCE_MINISTRY_EVENTS)

const RegionCode = z
  .string({ error: e('provinceMinistry.errors.badRegion') })
  .regex(REGION_CODE_PATTERN, { error: e('provinceMinistry.errors.badRegion') })
  .describe('six-digit region code')

const AttachmentIds = z
  .array(Id, { error: e('provinceMinistry.errors.attachmentNotFound') })
  .max(LIMITS.attachmentsPerMessage, { error: e('provinceMinistry.errors.tooManyAttachments', { max: LIMITS.attachmentsPerMessage }) })
  .default([])
  .describe('ids of attachments the caller uploaded and no message uses yet')

const Body = requiredString('provinceMinistry.errors.bodyRequired', LIMITS.bodyMax, { multiline: true })

export const ProvinceMinistryMessage = z.object({
  id: z.number().int(),
  kind: z.enum(PROVINCE_MINISTRY_MESSAGE_KINDS).describe('ask: the request itself; answer: the ministry; followUp: the province'),
  author: z.string().describe('user name of the author'),
  authorName: z.string().describe('real name of the author'),
  authorUnit: z.string().describe('the author’s organisation when writing'),
  authorRole: RoleSchema,
  body: z.string(),
  createdAt: z.string().describe('ISO time'),
  attachments: z.array(AttachmentInfo),
})
export type ProvinceMinistryMessage = z.infer<typeof ProvinceMinistryMessage>

export const ProvinceMinistryRequest = z.object({
  id: z.number().int(),
  kind: ProvinceMinistryKindSchema,
  title: z.string(),
  regionId: z.string().describe('six-digit code of the region the request concerns'),
  regionName: z.string(),
  state: ProvinceMinistryStateSchema,
  asker: z.string().describe('user name of the asker'),
  askerName: z.string(),
  askerUnit: z.string().describe('the asking unit (organisation) when asked'),
  messageCount: z.number().int(),
  createdAt: z.string().describe('ISO time'),
  updatedAt: z.string().describe('ISO time of the last message or change'),
  closedAt: z.string().nullable(),
  closedBy: z.string().nullable().describe('user name of who closed it'),
})
export type ProvinceMinistryRequest = z.infer<typeof ProvinceMinistryRequest>

export const ProvinceMinistryThread = z.object({
  request: ProvinceMinistryRequest,
  messages: z.array(ProvinceMinistryMessage),
  role: RoleSchema.describe('the caller’s side in this request'),
  actions: z.array(EventSchema).describe('what the caller may do now, by the state machine and separation of duties'),
})
export type ProvinceMinistryThread = z.infer<typeof ProvinceMinistryThread>

/** POST multipart: one file (PDF, PNG or JPEG, at most 10 MB); answers its id for a message. */
export const provinceMinistryAttachmentUpload = defineRoute({
  method: 'POST',
  path: '/api/province-ministry/attachment',
  summary: `上传省部协同附件（PDF、PNG 或 JPEG，最大 ${LIMITS.attachmentMaxBytes / 1024 / 1024} MB，按文件内容检查）`,
  tags: ['province-ministry'],
  auth: party,
  data: AttachmentInfo,
})

/** GET an attachment file (its uploader, the request's parties and the ministry); not an envelope. */
export const provinceMinistryAttachmentDownload = defineRoute({
  method: 'GET',
  path: '/api/province-ministry/attachment/file',
  summary: '下载省部协同附件（请求的双方；其他人 404）',
  tags: ['province-ministry'],
  auth: party,
  query: z.object({ id: IdParam }),
  data: z.unknown(),
})

export const provinceMinistryCreate = defineRoute({
  method: 'POST',
  path: '/api/province-ministry/create',
  summary: '发起请求（省级用户；行政区须在本人权限范围内；邮件通知部级用户）',
  tags: ['province-ministry'],
  auth: party,
  body: z.object({
    kind: ProvinceMinistryKindSchema,
    title: requiredString('provinceMinistry.errors.titleRequired', LIMITS.titleMax),
    regionId: RegionCode,
    body: Body,
    attachmentIds: AttachmentIds,
  }),
  data: ProvinceMinistryThread,
})

export const ProvinceMinistryListQuery = z.object({
  state: ProvinceMinistryStateSchema.optional(),
  kind: ProvinceMinistryKindSchema.optional(),
  regionId: RegionCode.optional().describe('requests of this region and the regions inside it'),
  text: text({ max: LIMITS.textMax, tooLong: e('provinceMinistry.errors.textTooLong', { max: LIMITS.textMax }) })
    .trim()
    .optional()
    .describe('words of the title or of a message'),
  pageNum: queryInt(1, 10_000).default(1),
  pageSize: queryInt(1, 100).default(20),
})

export const provinceMinistryList = defineRoute({
  method: 'GET',
  path: '/api/province-ministry/list',
  summary: '请求列表（省级：本人的及权限范围内的；部级：全部；最近更新的在前）',
  tags: ['province-ministry'],
  auth: party,
  query: ProvinceMinistryListQuery,
  data: z.object({ list: z.array(ProvinceMinistryRequest), total: z.number().int() }),
})

export const provinceMinistryDetail = defineRoute({
  method: 'GET',
  path: '/api/province-ministry/detail',
  summary: '请求详情与会话（其他人的请求 404）',
  tags: ['province-ministry'],
  auth: party,
  query: z.object({ id: IdParam }),
  data: ProvinceMinistryThread,
})

export const provinceMinistryReply = defineRoute({
  method: 'POST',
  path: '/api/province-ministry/reply',
  summary: '回复：部级用户答复（→ 已答复），省级用户追问（→ 待答复）；邮件通知对方',
  tags: ['province-ministry'],
  auth: party,
  body: z.object({ id: Id, body: Body, attachmentIds: AttachmentIds }),
  data: ProvinceMinistryThread,
})

export const provinceMinistryClose = defineRoute({
  method: 'POST',
  path: '/api/province-ministry/close',
  summary: '关闭请求（提出方或部级用户；关闭后不能再回复）；邮件通知对方',
  tags: ['province-ministry'],
  auth: party,
  body: z.object({ id: Id }),
  data: ProvinceMinistryThread,
})
