import {
  APPLY_LIMITS,
  type ApplyEvent,
  type ApplyKind,
  type ApplyState,
  type ApplySummary,
  applyMachine,
  canSeeRegion,
  grantedCodes,
  isApplicableModule,
  nextApplyState,
} from '@rs/shared'
import type { Kysely } from 'kysely'
import { type AttachmentPolicy, acceptAttachment, storeAttachment } from '../../capabilities/attachments'
import type { Database } from '../../db/schema'
import { type AuditRecorder, actorOf, type Caller } from '../../lib/audit'
import { ApiError } from '../../lib/errors'
import { t } from '../../lib/locale'
import { requireSeparateActor } from '../../lib/workflow'
import { type ApplyRepository, type ApplyRow, toApplySummary } from './apply.repository'
import { type ApplyMail, applyDecisionMail } from './mail'

/** Sends a mail to an address (the accounts module's delivery, handed in by modules/index.ts). */
export type MailSender = (to: string, mail: ApplyMail) => Promise<void>

interface Logger {
  error(obj: unknown, msg?: string): void
}

/** An application's attachment: PDF, PNG or JPEG up to 5 MB (the attachments capability checks it). */
export const APPLY_ATTACHMENT_POLICY: AttachmentPolicy = {
  maxBytes: APPLY_LIMITS.attachmentMaxBytes,
  nameMax: APPLY_LIMITS.attachmentNameMax,
  messages: {
    required: 'apply.errors.attachmentRequired',
    tooLarge: 'apply.errors.attachmentTooLarge',
    type: 'apply.errors.attachmentType',
    broken: 'apply.errors.attachmentBroken',
  },
}
const moduleName = (code: string) => t(`permission.names.${code}`)

function transitionError(state: ApplyState, event: ApplyEvent) {
  return ApiError.of(409, 'apply.errors.transition', { state: t(`apply.state.${state}`), action: t(`apply.action.${event}`) })
}

const isUniqueViolation = (error: unknown) => !!error && typeof error === 'object' && 'code' in error && error.code === '23505'

/**
 * Applications: a submit is checked whole before anything is written (module, regions, attachment,
 * a pending duplicate, rights already held); every state change goes through the shared state
 * machine inside a transaction that locks the application; approval grants the permission codes and
 * the area ranges in that same transaction. Each change is audited; decisions are mailed.
 */
export function createApplyService(
  db: Kysely<Database>,
  repo: ApplyRepository,
  deps: { audit: AuditRecorder; sendMail: MailSender; log: Logger },
) {
  async function summary(id: number): Promise<ApplySummary> {
    const row = await repo.application(db, id)
    if (!row) throw ApiError.of(404, 'apply.errors.notFound')
    return toApplySummary(row)
  }

  async function mailDecision(row: ApplyRow) {
    if (!row.email) return
    try {
      const names = await repo.regionNames(db, row.region_ids)
      await deps.sendMail(
        row.email,
        applyDecisionMail({
          id: row.id,
          module: row.module,
          status: row.status,
          regionNames: row.region_ids.map((c) => `${names.get(c) ?? c}（${c}）`),
          rejectReason: row.reject_reason,
        }),
      )
    } catch (error) {
      deps.log.error({ err: error, application: row.id }, 'application mail not sent')
    }
  }

  return {
    /** Checks and stores an attachment for a later submit; the user's unused attachments older than a day go. */
    async uploadAttachment(caller: Caller, file: { filename: string; data: Buffer }) {
      const accepted = await acceptAttachment(file, APPLY_ATTACHMENT_POLICY)
      await repo.purgeUnusedAttachments(db, caller.userId)
      return storeAttachment(db, 'apply_attachment', caller.userId, accepted)
    },

    /** The attachment's bytes for its owner or an administrator (404 for anyone else: its existence is not told). */
    async attachmentFile(caller: Caller, id: number, isAdmin: boolean) {
      const file = await repo.attachmentFile(db, id)
      if (!file || (file.user_id !== caller.userId && !isAdmin)) throw ApiError.of(404, 'apply.errors.attachmentNotFound')
      return { fileName: file.file_name, contentType: file.content_type, data: file.data }
    },

    async submit(
      caller: Caller,
      input: { kind: ApplyKind; module: string; regionIds: string[]; reason: string; attachmentId: number },
    ): Promise<ApplySummary> {
      if (!isApplicableModule(input.kind, input.module))
        throw ApiError.of(400, 'apply.errors.moduleNotApplicable', { module: input.module, kind: t(`apply.kinds.${input.kind}`) })
      const regionIds = [...new Set(input.regionIds)].sort()
      const unknown = await repo.unknownRegions(db, regionIds)
      if (unknown.length > 0) throw ApiError.of(400, 'apply.errors.unknownRegion', { codes: unknown.join('、') })
      let id: number
      try {
        id = await db.transaction().execute(async (trx) => {
          await repo.lockUser(trx, caller.userId)
          if (await repo.pendingFor(trx, caller.userId, input.module))
            throw ApiError.of(409, 'apply.errors.duplicate', { module: moduleName(input.module) })
          const rights = await repo.userRights(trx, caller.userId)
          if (rights.permissions.includes(input.module) && regionIds.every((code) => canSeeRegion(rights.regionIds, code)))
            throw ApiError.of(409, 'apply.errors.alreadyGranted', { module: moduleName(input.module) })
          if (!(await repo.freeAttachment(trx, caller.userId, input.attachmentId)))
            throw ApiError.of(400, 'apply.errors.attachmentNotFound')
          return repo.insert(trx, {
            userId: caller.userId,
            kind: input.kind,
            module: input.module,
            regionIds,
            reason: input.reason,
            attachmentId: input.attachmentId,
          })
        })
      } catch (error) {
        // a concurrent submit of the same module won the unique index
        if (isUniqueViolation(error)) throw ApiError.of(409, 'apply.errors.duplicate', { module: moduleName(input.module) })
        throw error
      }
      await deps.audit.record({
        actor: actorOf(caller),
        ip: caller.ip,
        action: 'applySubmit',
        target: `application:${id}`,
        detail: { kind: input.kind, module: input.module, regionIds },
      })
      return summary(id)
    },

    async list(filter: { userId?: number; status?: ApplyState }, page: { pageNum: number; pageSize: number }) {
      const { rows, total } = await repo.list(db, filter, { offset: (page.pageNum - 1) * page.pageSize, limit: page.pageSize })
      return { list: rows.map(toApplySummary), total }
    },

    /** The applicant withdraws a pending application. */
    async withdraw(caller: Caller, id: number): Promise<ApplySummary> {
      await db.transaction().execute(async (trx) => {
        const row = await repo.application(trx, id, { forUpdate: true })
        if (!row || row.user_id !== caller.userId) throw ApiError.of(404, 'apply.errors.notFound')
        const to = nextApplyState(row.status, 'withdraw')
        if (!to || !(await repo.setStatus(trx, id, row.status, to))) throw transitionError(row.status, 'withdraw')
      })
      await deps.audit.record({ actor: actorOf(caller), ip: caller.ip, action: 'applyWithdraw', target: `application:${id}` })
      return summary(id)
    },

    /**
     * An administrator decides an application someone else submitted (the machine's separation of
     * duties, 403 for one's own): approval grants the module's codes and the area ranges not yet
     * covered, in the transaction that moves the state; a rejection needs a reason.
     */
    async review(admin: Caller, input: { id: number; decision: 'approve' | 'reject'; reason?: string }): Promise<ApplySummary> {
      const event: ApplyEvent = input.decision
      const reason = input.reason?.trim()
      if (event === 'reject' && !reason) throw ApiError.of(400, 'apply.errors.rejectReasonRequired')
      const granted = await db.transaction().execute(async (trx) => {
        const row = await repo.application(trx, input.id, { forUpdate: true })
        if (!row) throw ApiError.of(404, 'apply.errors.notFound')
        requireSeparateActor(applyMachine, event, admin.userId, { submitter: row.user_id }, 'apply.errors.selfReview')
        const to = nextApplyState(row.status, event)
        if (!to) throw transitionError(row.status, event)
        let added: string[] = []
        if (event === 'approve') {
          await repo.lockUser(trx, row.user_id)
          const rights = await repo.userRights(trx, row.user_id)
          added = row.region_ids.filter((code) => !canSeeRegion(rights.regionIds, code))
          await repo.grantPermissions(trx, row.user_id, grantedCodes(row.kind, row.module))
          await repo.addAreaRanges(trx, row.user_id, added)
        }
        const moved = await repo.setStatus(trx, row.id, row.status, to, {
          reviewerId: admin.userId,
          ...(event === 'reject' ? { rejectReason: reason } : {}),
        })
        if (!moved) throw transitionError(row.status, event)
        return { row, added }
      })
      await deps.audit.record({
        actor: actorOf(admin),
        ip: admin.ip,
        action: event === 'approve' ? 'applyApprove' : 'applyReject',
        target: `application:${input.id}`,
        detail:
          event === 'approve'
            ? { applicant: granted.row.applicant, codes: grantedCodes(granted.row.kind, granted.row.module), regionIdsAdded: granted.added }
            : { applicant: granted.row.applicant, reason },
      })
      const after = await repo.application(db, input.id)
      if (after) await mailDecision(after)
      return summary(input.id)
    },
  }
}

export type ApplyService = ReturnType<typeof createApplyService>
