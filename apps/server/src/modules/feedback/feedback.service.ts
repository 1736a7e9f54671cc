import type { FeedbackEntry, FeedbackType } from '@rs/shared'
import { type AuditRecorder, actorOf } from '../../lib/audit'
import { ApiError } from '../../lib/errors'
import type { SessionUser } from '../../lib/session'
import type { FeedbackRepository } from './feedback.repository'

/** What this module needs of the auth module (handed in by modules/index.ts): using up a picture captcha. */
export interface CaptchaCheck {
  consumeCaptcha(token: string, answer: string): Promise<string | undefined>
}

/** Feedback: a visitor proves with a captcha, a user by the session; administrators read and mark it handled (audited). */
export function createFeedbackService(repo: FeedbackRepository, captchas: CaptchaCheck, audit: AuditRecorder) {
  return {
    async submit(
      input: { type: FeedbackType; content: string; contact?: string; captcha?: string; token?: string },
      caller: { user: SessionUser | undefined; ip: string },
    ): Promise<{ id: number }> {
      if (!caller.user) {
        if (!input.captcha?.trim() || !input.token) throw ApiError.of(400, 'feedback.errors.captchaRequired')
        if (!(await captchas.consumeCaptcha(input.token, input.captcha))) throw ApiError.of(400, 'errors.captchaInvalid')
      }
      const id = await repo.insert({
        type: input.type,
        content: input.content,
        contact: input.contact ?? '',
        userId: caller.user?.userId ?? null,
        ip: caller.ip,
      })
      await audit.record({
        actor: caller.user ? actorOf(caller.user) : null,
        ip: caller.ip,
        action: 'feedbackSubmit',
        target: `feedback:${id}`,
        detail: { type: input.type },
      })
      return { id }
    },

    list(filter: { handled?: boolean }, page: { pageNum: number; pageSize: number }) {
      return repo.list(filter, { offset: (page.pageNum - 1) * page.pageSize, limit: page.pageSize })
    },

    async handle(admin: SessionUser, id: number, note: string | undefined, ip: string): Promise<FeedbackEntry> {
      if (!(await repo.markHandled(id, admin.userId, note ?? ''))) {
        if (!(await repo.exists(id))) throw ApiError.of(404, 'feedback.errors.notFound')
        throw ApiError.of(409, 'feedback.errors.alreadyHandled')
      }
      await audit.record({ actor: actorOf(admin), ip, action: 'feedbackHandle', target: `feedback:${id}` })
      const entry = await repo.entry(id)
      if (!entry) throw ApiError.of(404, 'feedback.errors.notFound')
      return entry
    },
  }
}

export type FeedbackService = ReturnType<typeof createFeedbackService>
