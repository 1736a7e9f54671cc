import {
  type AuditAction,
  canAsk,
  canSeeRegion,
  PROVINCE_MINISTRY_LIMITS,
  type ProvinceMinistryEvent,
  type ProvinceMinistryKind,
  type ProvinceMinistryListQuery,
  type ProvinceMinistryRole,
  type ProvinceMinistryState,
  type ProvinceMinistryThread,
  provinceMinistryActions,
  provinceMinistryMachine,
  provinceMinistryRole,
  replyEventOf,
} from '@rs/shared'
import type { Kysely } from 'kysely'
import type { z } from 'zod'
import { type AttachmentPolicy, acceptAttachment, storeAttachment } from '../../capabilities/attachments'
import type { MailContent } from '../../capabilities/notification'
import type { Database } from '../../db/schema'
import { type AuditRecorder, actorOf } from '../../lib/audit'
import { ApiError } from '../../lib/errors'
import { t } from '../../lib/locale'
import { regionScopeOf, type SessionUser } from '../../lib/session'
import { requireSeparateActor } from '../../lib/workflow'
import { type ProvinceMinistryMailEvent, provinceMinistryMail } from './mail'
import { type Db, type ProvinceMinistryRepository, type RequestRow, toRequest, type Visibility } from './province-ministry.repository'

/** A logged-in caller: the session user (its area ranges decide its side) and the request's address. */
export interface ProvinceMinistryCaller {
  user: SessionUser
  ip: string
}

/** Sends a mail to an address (the notification capability's delivery, handed in by the registration). */
export type MailSender = (to: string, mail: MailContent) => Promise<void>

interface Logger {
  error(obj: unknown, msg?: string): void
}

const LIMITS = PROVINCE_MINISTRY_LIMITS
const machine = provinceMinistryMachine

/** A 省部协同 attachment: PDF, PNG or JPEG up to 10 MB (the attachments capability checks it). */
export const PROVINCE_MINISTRY_ATTACHMENT_POLICY: AttachmentPolicy = {
  maxBytes: LIMITS.attachmentMaxBytes,
  nameMax: LIMITS.attachmentNameMax,
  messages: {
    required: 'provinceMinistry.errors.attachmentRequired',
    tooLarge: 'provinceMinistry.errors.attachmentTooLarge',
    type: 'provinceMinistry.errors.attachmentType',
    broken: 'provinceMinistry.errors.attachmentBroken',
  },
}

const AUDIT: Record<ProvinceMinistryEvent, AuditAction> = {
  answer: 'provinceMinistryAnswer',
  followUp: 'provinceMinistryFollowUp',
  close: 'provinceMinistryClose',
}

function transitionError(state: ProvinceMinistryState, event: ProvinceMinistryEvent) {
  return ApiError.of(409, 'provinceMinistry.errors.transition', {
    state: t(`provinceMinistry.state.${state}`),
    action: t(`provinceMinistry.action.${event}`),
  })
}

/** The caller's side by its area ranges (the route asked for MOD_090 and at least one range). */
function roleOf(user: SessionUser): ProvinceMinistryRole {
  const role = provinceMinistryRole(user.regionIds)
  if (!role) throw ApiError.of(403, 'errors.noAreaRange')
  return role
}

/**
 * The caller's side in one request, or null when it is not theirs to see: the ministry sees every
 * request; a province its own and those of regions inside its ranges.
 */
function partyOf(user: SessionUser, request: Pick<RequestRow, 'asker_id' | 'region_id'>): ProvinceMinistryRole | null {
  const role = roleOf(user)
  if (role === 'ministry') return role
  return request.asker_id === user.userId || canSeeRegion(user.regionIds, request.region_id) ? role : null
}

/**
 * 省部协同: a province asks (a region inside its ranges, attachments uploaded first), the ministry
 * answers, the province follows up, either closes. Every change is checked whole and moved through
 * the shared state machine inside a transaction that locks the request row, so a refusal writes
 * nothing; each is audited and mailed to the other side (a mail that fails is logged, not undone).
 */
export function createProvinceMinistryService(
  db: Kysely<Database>,
  repo: ProvinceMinistryRepository,
  deps: { audit: AuditRecorder; sendMail: MailSender; log: Logger },
) {
  /** The request and its thread as the caller sees it, with what the caller may do now; 404 when not theirs. */
  async function thread(user: SessionUser, id: number, from: Db = db): Promise<ProvinceMinistryThread> {
    const row = await repo.request(from, id)
    const role = row ? partyOf(user, row) : null
    if (!row || !role) throw ApiError.of(404, 'provinceMinistry.errors.notFound')
    return {
      request: toRequest(row),
      messages: await repo.messages(from, id),
      role,
      actions: provinceMinistryActions(row.state, role, { userId: user.userId, askerId: row.asker_id }),
    }
  }

  /** Locks the attachments named by a message: every one must be the caller's and unused (400 otherwise). */
  async function takeAttachments(trx: Db, userId: number, ids: readonly number[]) {
    if ((await repo.lockFreeAttachments(trx, userId, ids)) !== ids.length)
      throw ApiError.of(400, 'provinceMinistry.errors.attachmentNotFound')
  }

  /** Mails the other side; a failed mail is logged, the change stands. */
  async function mailOtherSide(
    event: ProvinceMinistryMailEvent,
    row: RequestRow,
    actor: { userId: number; role: ProvinceMinistryRole },
    body?: string,
  ) {
    try {
      const author = await repo.author(db, actor.userId)
      const to =
        actor.role === 'ministry'
          ? row.asker_email && row.asker_id !== actor.userId
            ? [row.asker_email]
            : []
          : await repo.ministryAddresses(db, row.id, actor.userId)
      const mail = provinceMinistryMail(event, row, author, body)
      await Promise.all(to.map((address) => deps.sendMail(address, mail)))
    } catch (error) {
      deps.log.error({ err: error, request: row.id }, 'province–ministry mail not sent')
    }
  }

  async function audit(caller: ProvinceMinistryCaller, action: AuditAction, id: number, detail?: Record<string, unknown>) {
    await deps.audit.record({
      actor: actorOf(caller.user),
      ip: caller.ip,
      action,
      target: `provinceMinistry:${id}`,
      ...(detail ? { detail } : {}),
    })
  }

  return {
    thread,

    /** Checks and keeps an attachment for a later message; the user's unused ones older than a day go. */
    async uploadAttachment(caller: ProvinceMinistryCaller, file: { filename: string; data: Buffer }) {
      const accepted = await acceptAttachment(file, PROVINCE_MINISTRY_ATTACHMENT_POLICY)
      await repo.purgeUnusedAttachments(db, caller.user.userId)
      return storeAttachment(db, 'province_ministry_attachment', caller.user.userId, accepted)
    },

    /**
     * An attachment's bytes for the parties of its request (the ministry, the asker, a province whose
     * ranges cover its region) or, before a message carries it, its uploader; 404 for anyone else.
     */
    async attachmentFile(user: SessionUser, id: number) {
      const file = await repo.attachmentFile(db, id)
      const allowed =
        file &&
        (file.asker_id === null || file.region_id === null
          ? file.user_id === user.userId
          : partyOf(user, { asker_id: file.asker_id, region_id: file.region_id }) !== null)
      if (!file || !allowed) throw ApiError.of(404, 'provinceMinistry.errors.attachmentMissing')
      return { fileName: file.file_name, contentType: file.content_type, data: file.data }
    },

    async list(user: SessionUser, query: z.output<typeof ProvinceMinistryListQuery>) {
      const visibility: Visibility =
        roleOf(user) === 'ministry' ? { all: true } : { all: false, userId: user.userId, scope: regionScopeOf(user) }
      const { rows, total } = await repo.list(
        db,
        visibility,
        { state: query.state, kind: query.kind, regionId: query.regionId, text: query.text || undefined },
        { offset: (query.pageNum - 1) * query.pageSize, limit: query.pageSize },
      )
      return { list: rows.map(toRequest), total }
    },

    /** A province asks: a region inside its ranges, the first message and its attachments, in one transaction. */
    async create(
      caller: ProvinceMinistryCaller,
      input: { kind: ProvinceMinistryKind; title: string; regionId: string; body: string; attachmentIds: number[] },
    ): Promise<ProvinceMinistryThread> {
      const { user } = caller
      const role = roleOf(user)
      if (!canAsk(role)) throw ApiError.of(403, 'provinceMinistry.errors.askerOnly')
      if (!(await repo.regionExists(db, input.regionId)))
        throw ApiError.of(400, 'provinceMinistry.errors.unknownRegion', { code: input.regionId })
      if (!canSeeRegion(user.regionIds, input.regionId)) throw ApiError.of(403, 'provinceMinistry.errors.regionOutOfRange')
      const attachmentIds = [...new Set(input.attachmentIds)]
      const id = await db.transaction().execute(async (trx) => {
        await takeAttachments(trx, user.userId, attachmentIds)
        const { unit } = await repo.author(trx, user.userId)
        const requestId = await repo.insertRequest(trx, {
          kind: input.kind,
          title: input.title,
          regionId: input.regionId,
          askerId: user.userId,
          askerUnit: unit,
        })
        const messageId = await repo.insertMessage(trx, {
          requestId,
          kind: 'ask',
          authorId: user.userId,
          authorRole: role,
          authorUnit: unit,
          body: input.body,
        })
        await repo.bindAttachments(trx, attachmentIds, messageId)
        return requestId
      })
      await audit(caller, 'provinceMinistryCreate', id, { kind: input.kind, regionId: input.regionId, attachments: attachmentIds.length })
      const row = await repo.request(db, id)
      if (row) await mailOtherSide('ask', row, { userId: user.userId, role }, input.body)
      return thread(user, id)
    },

    /**
     * A reply in the thread: the ministry answers (→ 已答复), never a request it asked; the province
     * follows up (→ 待答复). 409 when the state does not allow it or the thread is full.
     */
    async reply(
      caller: ProvinceMinistryCaller,
      input: { id: number; body: string; attachmentIds: number[] },
    ): Promise<ProvinceMinistryThread> {
      const { user } = caller
      const attachmentIds = [...new Set(input.attachmentIds)]
      const { row, event, role } = await db.transaction().execute(async (trx) => {
        const row = await repo.request(trx, input.id, { forUpdate: true })
        const role = row ? partyOf(user, row) : null
        if (!row || !role) throw ApiError.of(404, 'provinceMinistry.errors.notFound')
        const event = replyEventOf(role)
        requireSeparateActor(machine, event, user.userId, { asker: row.asker_id }, 'provinceMinistry.errors.selfAnswer')
        const to = machine.next(row.state, event)
        if (!to) throw transitionError(row.state, event)
        if (row.message_count >= LIMITS.messagesPerThread)
          throw ApiError.of(409, 'provinceMinistry.errors.threadFull', { max: LIMITS.messagesPerThread })
        await takeAttachments(trx, user.userId, attachmentIds)
        const messageId = await repo.insertMessage(trx, {
          requestId: row.id,
          kind: event,
          authorId: user.userId,
          authorRole: role,
          authorUnit: (await repo.author(trx, user.userId)).unit,
          body: input.body,
        })
        await repo.bindAttachments(trx, attachmentIds, messageId)
        if (!(await repo.setState(trx, row.id, row.state, to))) throw transitionError(row.state, event)
        return { row, event, role }
      })
      await audit(caller, AUDIT[event], row.id, { attachments: attachmentIds.length })
      await mailOtherSide(event, row, { userId: user.userId, role }, input.body)
      return thread(user, row.id)
    },

    /** The asking province or the ministry closes an open or answered request; nothing happens to it afterwards. */
    async close(caller: ProvinceMinistryCaller, id: number): Promise<ProvinceMinistryThread> {
      const { user } = caller
      const { row, role } = await db.transaction().execute(async (trx) => {
        const row = await repo.request(trx, id, { forUpdate: true })
        const role = row ? partyOf(user, row) : null
        if (!row || !role) throw ApiError.of(404, 'provinceMinistry.errors.notFound')
        if (!machine.rolesOf('close').includes(role)) throw ApiError.of(403, 'errors.noPermission')
        const to = machine.next(row.state, 'close')
        if (!to || !(await repo.setState(trx, row.id, row.state, to, user.userId))) throw transitionError(row.state, 'close')
        return { row, role }
      })
      await audit(caller, AUDIT.close, row.id, { from: row.state })
      await mailOtherSide('close', row, { userId: user.userId, role })
      return thread(user, row.id)
    },
  }
}

export type ProvinceMinistryService = ReturnType<typeof createProvinceMinistryService>
