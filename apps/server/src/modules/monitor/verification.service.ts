import {
  canSeeRegion,
  type MonitorModuleDecl,
  type MonitorVerification,
  monitorModule,
  needsVerification,
  nextVerificationState,
  type RegionScope,
  VERIFICATION_LIMITS,
  type VerificationEvent,
  type VerificationResult,
  type VerificationState,
  verificationMachine,
  verificationRole,
  verificationRoleOf,
} from '@rs/shared'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import { type AuditRecorder, actorOf } from '../../lib/audit'
import { ApiError } from '../../lib/errors'
import { ImageCheckError, inspectImage, sniffImageType } from '../../lib/image-upload'
import { t } from '../../lib/locale'
import { regionScopeOf, type SessionUser } from '../../lib/session'
import { requireSeparateActor } from '../../lib/workflow'
import { requireModuleAccess } from './monitor.service'
import type { VerificationRepository, VerificationSpot } from './verification.repository'

const MB = 1024 * 1024

/** A logged-in caller: the session user and the request's address. */
export interface VerificationCaller {
  user: SessionUser
  ip: string
}

export interface RecordInput {
  module: string
  id: number
  result: VerificationResult
  note: string | null
  position: [number, number]
  photos: ReadonlyArray<{ filename: string; data: Buffer }>
}

function declaration(key: string): MonitorModuleDecl {
  const module = monitorModule(key)
  if (!module) throw ApiError.of(400, 'monitor.errors.unknownModule')
  return module
}

function transitionError(state: VerificationState, event: VerificationEvent) {
  return ApiError.of(409, 'monitorVerify.errors.transition', {
    state: t(`monitorVerify.state.${state}`),
    action: t(`monitorVerify.event.${event}`),
  })
}

/** A photo's type from its bytes (JPEG or PNG), complete and decodable (lib/image-upload.ts); a Chinese 4xx otherwise. */
export async function checkPhoto(bytes: Uint8Array): Promise<'image/jpeg' | 'image/png'> {
  if (bytes.length > VERIFICATION_LIMITS.photoMaxBytes)
    throw ApiError.of(413, 'monitorVerify.errors.photoTooLarge', { size: `${VERIFICATION_LIMITS.photoMaxBytes / MB} MB` })
  const type = sniffImageType(bytes)
  if (type !== 'image/jpeg' && type !== 'image/png') throw ApiError.of(415, 'monitorVerify.errors.photoType')
  try {
    await inspectImage(bytes, { maxSide: VERIFICATION_LIMITS.photoMaxSide })
  } catch (error) {
    if (error instanceof ImageCheckError) throw ApiError.of(400, 'monitorVerify.errors.photoBroken')
    throw error
  }
  return type
}

/** A file name safe to show and send back: its last path part, at most photoNameMax characters. */
export function photoName(name: string, index: number): string {
  const base = name.split(/[\\/]/).pop()?.trim() || `photo-${index + 1}`
  return base.length > VERIFICATION_LIMITS.photoNameMax ? base.slice(base.length - VERIFICATION_LIMITS.photoNameMax) : base
}

/**
 * Spot verification (packages/shared domain/monitor/verification.ts): every change is checked
 * whole before the transaction (module code, area range, role, stage, input, photos, position),
 * then the transaction locks the spot, moves the state by the shared machine, writes the step and
 * its photos; nothing is written on any refusal. Each step is audited.
 */
/** The spots of stage new of a batch per province inside a scope (the statistics rollup's newSpots). */
export type NewSpotCounter = (module: string, batch: string, scope: RegionScope) => Promise<Array<{ code: string; num: number }>>

export function createVerificationService(
  db: Kysely<Database>,
  repo: VerificationRepository,
  deps: { audit: AuditRecorder; newSpots: NewSpotCounter },
) {
  /** The module's spot the caller may see: 400 unknown module, 403 no code / range, 404 no spot. */
  async function visibleSpot(user: SessionUser, key: string, id: number): Promise<VerificationSpot> {
    const module = declaration(key)
    requireModuleAccess(user, module)
    const spot = await repo.spot(db, module.key, id)
    if (!spot) throw ApiError.of(404, 'monitor.errors.spotNotFound')
    if (!canSeeRegion(user.regionIds, spot.countyCode)) throw ApiError.of(403, 'errors.noPermission')
    return spot
  }

  async function view(user: SessionUser, spot: VerificationSpot): Promise<MonitorVerification> {
    const needsCheck = needsVerification(spot.stage)
    const state = await repo.state(db, spot.id)
    const role = verificationRole(user.regionIds)
    const events = needsCheck && role ? verificationMachine.eventsFor(state, [role]) : []
    // a review is not offered to the account that recorded the check (the server refuses it too)
    const recorder = events.some((e) => verificationMachine.separatedFrom(e).length > 0) ? await repo.recorder(db, spot.id) : null
    return {
      spotId: spot.id,
      needsCheck,
      state,
      role,
      allowed: events.filter((e) => verificationMachine.separationConflict(e, user.userId, { recorder }) === null),
      history: await repo.history(db, spot.id),
    }
  }

  /** The role an event needs, or 403 with the reason. */
  function requireRole(user: SessionUser, event: VerificationEvent) {
    const role = verificationRole(user.regionIds)
    if (role === verificationRoleOf(event)) return
    throw ApiError.of(403, event === 'record' ? 'monitorVerify.errors.provinceOnly' : 'monitorVerify.errors.ministryOnly')
  }

  return {
    async get(user: SessionUser, module: string, id: number): Promise<MonitorVerification> {
      return view(user, await visibleSpot(user, module, id))
    },

    /** A province user records the field check of a spot in range (again after a return). */
    async record(caller: VerificationCaller, input: RecordInput): Promise<MonitorVerification> {
      const { user } = caller
      const spot = await visibleSpot(user, input.module, input.id)
      requireRole(user, 'record')
      if (!needsVerification(spot.stage)) throw ApiError.of(409, 'monitorVerify.errors.notNeeded')
      const before = await repo.state(db, spot.id)
      if (!nextVerificationState(before, 'record')) throw transitionError(before, 'record')
      const note = input.note?.trim() || null
      if (note && note.length > VERIFICATION_LIMITS.noteMax)
        throw ApiError.of(400, 'monitorVerify.errors.noteTooLong', { max: VERIFICATION_LIMITS.noteMax })
      const [lon, lat] = input.position
      if (!(Number.isFinite(lon) && Number.isFinite(lat) && Math.abs(lon) <= 180 && Math.abs(lat) <= 90))
        throw ApiError.of(400, 'monitorVerify.errors.badPosition')
      const { photosMin, photosMax } = VERIFICATION_LIMITS
      if (input.photos.length < photosMin) throw ApiError.of(400, 'monitorVerify.errors.photosRequired', { min: photosMin, max: photosMax })
      if (input.photos.length > photosMax) throw ApiError.of(413, 'monitorVerify.errors.tooManyPhotos', { max: photosMax })
      const photos: Array<{ fileName: string; contentType: 'image/jpeg' | 'image/png'; data: Buffer }> = []
      for (const [i, p] of input.photos.entries())
        photos.push({ fileName: photoName(p.filename, i), contentType: await checkPhoto(p.data), data: p.data })
      if (!(await repo.positionAllowed(db, spot.id, lon, lat, VERIFICATION_LIMITS.nearMetres)))
        throw ApiError.of(400, 'monitorVerify.errors.positionFar', { metres: VERIFICATION_LIMITS.nearMetres })
      const stepId = await db.transaction().execute(async (trx) => {
        await repo.spot(trx, spot.module, spot.id, { forUpdate: true })
        const state = await repo.state(trx, spot.id)
        const to = nextVerificationState(state, 'record')
        if (to !== 'recorded') throw transitionError(state, 'record')
        const id = await repo.insertStep(trx, {
          spotId: spot.id,
          event: 'record',
          state: to,
          userId: user.userId,
          username: user.username,
          result: input.result,
          note,
          position: [lon, lat],
        })
        await repo.insertPhotos(trx, id, photos)
        await repo.setState(trx, spot, to, input.result)
        return id
      })
      await deps.audit.record({
        actor: actorOf(user),
        ip: caller.ip,
        action: 'monitorVerifyRecord',
        target: `monitor_spot:${spot.id}`,
        detail: { module: spot.module, step: stepId, result: input.result, photos: photos.length, position: [lon, lat] },
      })
      return view(user, spot)
    },

    /** The ministry accepts a recorded check, or returns it with a reason; never the account that recorded it. */
    async review(
      caller: VerificationCaller,
      input: { module: string; id: number; decision: 'accept' | 'return'; reason?: string },
    ): Promise<MonitorVerification> {
      const { user } = caller
      const event: VerificationEvent = input.decision
      const spot = await visibleSpot(user, input.module, input.id)
      requireRole(user, event)
      if (!needsVerification(spot.stage)) throw ApiError.of(409, 'monitorVerify.errors.notNeeded')
      const reason = input.reason?.trim() || undefined
      if (event === 'return' && !reason) throw ApiError.of(400, 'monitorVerify.errors.reasonRequired')
      const stepId = await db.transaction().execute(async (trx) => {
        await repo.spot(trx, spot.module, spot.id, { forUpdate: true })
        const recorder = await repo.recorder(trx, spot.id)
        requireSeparateActor(verificationMachine, event, user.userId, { recorder }, 'monitorVerify.errors.selfReview')
        const state = await repo.state(trx, spot.id)
        const to = nextVerificationState(state, event)
        if (to !== 'accepted' && to !== 'returned') throw transitionError(state, event)
        const id = await repo.insertStep(trx, {
          spotId: spot.id,
          event,
          state: to,
          userId: user.userId,
          username: user.username,
          ...(event === 'return' ? { reason } : {}),
        })
        await repo.setState(trx, spot, to)
        return id
      })
      await deps.audit.record({
        actor: actorOf(user),
        ip: caller.ip,
        action: event === 'accept' ? 'monitorVerifyAccept' : 'monitorVerifyReturn',
        target: `monitor_spot:${spot.id}`,
        detail: { module: spot.module, step: stepId, ...(reason ? { reason } : {}) },
      })
      return view(user, spot)
    },

    /** A photo's bytes for anyone who may see its spot (404 otherwise, or 403 outside the range). */
    async photo(user: SessionUser, key: string, id: number) {
      const module = declaration(key)
      requireModuleAccess(user, module)
      const photo = await repo.photo(db, module.key, id)
      if (!photo) throw ApiError.of(404, 'monitorVerify.errors.photoNotFound')
      if (!canSeeRegion(user.regionIds, photo.county_code)) throw ApiError.of(403, 'errors.noPermission')
      return { fileName: photo.file_name, contentType: photo.content_type, data: photo.data }
    },

    /** Verification progress per province for a batch (the latest by default), inside the caller's area ranges. */
    async progress(user: SessionUser, key: string, batch: string | undefined) {
      const module = declaration(key)
      requireModuleAccess(user, module)
      if (batch !== undefined && !(await repo.batchExists(db, module.key, batch))) throw ApiError.of(400, 'monitor.errors.unknownBatch')
      const chosen = batch ?? (await repo.latestBatch(db, module.key))
      const scope = regionScopeOf(user)
      const rows = chosen ? await repo.progress(db, module.key, chosen, scope, await deps.newSpots(module.key, chosen, scope)) : []
      const sum = (pick: (r: (typeof rows)[number]) => number) => rows.reduce((a, r) => a + pick(r), 0)
      return {
        batch: chosen,
        rows,
        total: {
          toCheck: sum((r) => r.toCheck),
          unchecked: sum((r) => r.unchecked),
          recorded: sum((r) => r.recorded),
          accepted: sum((r) => r.accepted),
          returned: sum((r) => r.returned),
        },
      }
    },
  }
}

export type VerificationService = ReturnType<typeof createVerificationService>
