import { z } from 'zod'
import { FEEDBACK_LIMITS, FEEDBACK_TYPES } from '../domain/feedback'
import { PERMISSION } from '../domain/permissions'
import { lazyMessage } from '../messages'
import { CaptchaToken } from './auth'
import { defineRoute, Id, queryInt, requiredString, text } from './common'

/** Feedback (SPEC §7 'feedback'): any visitor or user sends it; administrators (MOD_001) read and handle it. */

export const FeedbackTypeSchema = z.enum(FEEDBACK_TYPES, { error: lazyMessage('feedback.errors.typeRequired') })

export const feedbackSubmit = defineRoute({
  method: 'POST',
  path: '/api/feedback/submit',
  summary: '提交意见反馈（未登录时须填图形验证码）',
  tags: ['feedback'],
  auth: 'public',
  body: z.object({
    type: FeedbackTypeSchema,
    content: requiredString('feedback.errors.contentRequired', FEEDBACK_LIMITS.contentMax, { multiline: true }).refine(
      (s) => s.length >= FEEDBACK_LIMITS.contentMin,
      { error: lazyMessage('feedback.errors.contentShort', { min: FEEDBACK_LIMITS.contentMin }) },
    ),
    contact: text({ max: FEEDBACK_LIMITS.contactMax }).trim().optional().describe('e-mail or telephone to answer to'),
    captcha: text({ max: 16 }).optional().describe('answer of the picture captcha of `token`; required without a session'),
    token: CaptchaToken.optional(),
  }),
  data: z.object({ id: z.number().int() }),
})

export const FeedbackEntry = z.object({
  id: z.number().int(),
  type: FeedbackTypeSchema,
  content: z.string(),
  contact: z.string(),
  username: z.string().nullable().describe('the sender when logged in'),
  createdAt: z.string(),
  handled: z.boolean(),
  handledBy: z.string().nullable(),
  handledAt: z.string().nullable(),
  handleNote: z.string(),
})
export type FeedbackEntry = z.infer<typeof FeedbackEntry>

const adminOnly = { permission: PERMISSION.systemAdmin }

export const feedbackList = defineRoute({
  method: 'GET',
  path: '/api/feedback/list',
  summary: '意见反馈列表（系统管理权限；最新的在前）',
  tags: ['feedback'],
  auth: adminOnly,
  query: z.object({
    handled: z.enum(['true', 'false'], { error: lazyMessage('validation.handledFlag') }).optional(),
    pageNum: queryInt(1, 10_000).default(1),
    pageSize: queryInt(1, 100).default(20),
  }),
  data: z.object({ list: z.array(FeedbackEntry), total: z.number().int() }),
})

export const feedbackHandle = defineRoute({
  method: 'POST',
  path: '/api/feedback/handle',
  summary: '标记意见反馈为已处理（系统管理权限，记入审计日志）',
  tags: ['feedback'],
  auth: adminOnly,
  body: z.object({ id: Id, note: text({ max: FEEDBACK_LIMITS.handleNoteMax, multiline: true }).trim().optional() }),
  data: FeedbackEntry,
})
