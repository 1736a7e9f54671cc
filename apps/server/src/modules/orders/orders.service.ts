import { randomInt, timingSafeEqual } from 'node:crypto'
import { readdir, rm } from 'node:fs/promises'
import path from 'node:path'
import {
  EXTRACT_CODE_ALPHABET,
  isDownloadable,
  nextOrderState,
  ORDER_LIMITS,
  type OrderDetail,
  type OrderEvent,
  type OrderScene,
  type OrderState,
  type OrderSummary,
  orderEventsFrom,
  orderMachine,
} from '@rs/shared'
import type { Kysely } from 'kysely'
import type { ExportRecord } from '../../capabilities/exports'
import { createPackages, type PackageScene, type QuicklookSource } from '../../capabilities/packages'
import type { Database } from '../../db/schema'
import { type AuditRecorder, actorOf, type Caller } from '../../lib/audit'
import { ApiError } from '../../lib/errors'
import { JsonText } from '../../lib/json-text'
import { t } from '../../lib/locale'
import type { LoadRetry, TaskPool } from '../../lib/workers/pool'
import { requireSeparateActor } from '../../lib/workflow'
import { type OrderMail, orderStateMail } from './mail'
import { type Db, type OrderFilter, type OrderRow, type OrdersRepository, toSummary } from './orders.repository'

/**
 * A scene of the archive as the scenes module's one scene query reads it (handed in by
 * modules/index.ts): the row in its one row shape (the columns orders use), the export record the
 * archive's exports write, and the footprint's box as the quicklook route rounds it.
 */
export interface ArchiveScene {
  row: {
    id: string
    satellite: string
    sensor: string
    acquired_at: Date | string
    cloud_percent: number
    resolution_m: number
    illustrative: boolean
    quicklook_href: string | null
    footprint: string
  }
  record: ExportRecord
  bbox: [number, number, number, number]
}

/** What orders need of the scenes module: scenes by id, through its one scene query. */
export interface SceneSource {
  /** The scenes of these ids still in the archive, by id: a scene that left the archive is absent. */
  byIds(ids: readonly string[]): Promise<ReadonlyMap<string, ArchiveScene>>
}

/** A cart or order line: the scene's columns, null once it has left the archive. */
function toOrderScene(id: string, scene: ArchiveScene | undefined): OrderScene {
  const r = scene?.row
  return {
    id,
    available: r !== undefined,
    satellite: r?.satellite ?? null,
    sensor: r?.sensor ?? null,
    acquiredAt: r ? new Date(r.acquired_at).toISOString() : null,
    cloudPercent: r ? Number(r.cloud_percent) : null,
    resolutionM: r ? Number(r.resolution_m) : null,
    illustrative: r?.illustrative === true,
  }
}

/** Sends a mail to an address (the accounts module's delivery, handed in by modules/index.ts). */
export type MailSender = (to: string, mail: OrderMail) => Promise<void>

export interface OrdersSettings {
  /** Folder of the packages (under DATA_DIR). */
  packageDir: string
  /** Days a package stays downloadable. */
  downloadDays: number
  /** Side of the packaged quicklooks in px. */
  quicklookSize: number
  /** Budget of writing one package in the worker pool. */
  packageBudgetMs: number
  /** How a task that failed from load (timeout, full queue) is tried again before the order fails (default DEFAULT_LOAD_RETRY). */
  loadRetry?: LoadRetry
}

interface Logger {
  error(obj: unknown, msg?: string): void
  warn(obj: unknown, msg?: string): void
}

const STATE_NAME = (s: OrderState) => t(`order.state.${s}`)
const ACTION_NAME = (e: OrderEvent) => t(`order.action.${e}`)

function transitionError(state: OrderState, event: OrderEvent) {
  return ApiError.of(409, 'order.errors.transition', { state: STATE_NAME(state), action: ACTION_NAME(event) })
}

const uniq = (ids: readonly string[]) => [...new Set(ids)]
const shortList = (ids: readonly string[]) => (ids.length > 5 ? `${ids.slice(0, 5).join('、')} 等${ids.length}景` : ids.join('、'))

export function newExtractCode(): string {
  let code = ''
  for (let i = 0; i < ORDER_LIMITS.extractCodeLength; i++) code += EXTRACT_CODE_ALPHABET[randomInt(EXTRACT_CODE_ALPHABET.length)]
  return code
}

function sameCode(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

/**
 * The cart and orders: every state change goes through the shared state machine, is written with
 * a check of the state it leaves (two reviewers cannot both act), is recorded in the audit log and
 * mailed to the owner. Approval starts the package's production in `jobs`, the pool of promised work
 * (apart from anonymous work, budgets counting only the run); a task that fails from load is tried
 * again with backoff before the order is 生产失败.
 */
export function createOrdersService(
  db: Kysely<Database>,
  repo: OrdersRepository,
  deps: { jobs: TaskPool; audit: AuditRecorder; quicklooks: QuicklookSource; scenes: SceneSource; sendMail: MailSender; log: Logger },
  settings: OrdersSettings,
) {
  const running = new Map<number, Promise<void>>()
  const packages = createPackages({ jobs: deps.jobs, quicklooks: deps.quicklooks, settings })

  async function notify(row: OrderRow) {
    try {
      const email = await repo.ownerEmail(db, row.user_id)
      if (!email) return
      await deps.sendMail(
        email,
        orderStateMail({
          id: row.id,
          sceneCount: row.scene_count,
          status: row.status,
          rejectReason: row.reject_reason,
          expiresAt: row.expires_at === null ? null : new Date(row.expires_at).toISOString(),
        }),
      )
    } catch (error) {
      deps.log.error({ err: error, order: row.id }, 'order mail not sent')
    }
  }

  /** After a committed change: the audit record and the owner's mail. */
  async function afterChange(id: number, from: OrderState | null, event: OrderEvent | 'submit', caller: Caller | null, detail = {}) {
    const row = await repo.order(db, id)
    if (!row) return
    const action =
      event === 'submit'
        ? 'orderSubmit'
        : event === 'cancel'
          ? 'orderCancel'
          : event === 'approve'
            ? 'orderApprove'
            : event === 'reject'
              ? 'orderReject'
              : 'orderStatus'
    await deps.audit.record({
      actor: caller ? actorOf(caller) : null,
      ip: caller?.ip ?? '',
      action,
      target: `order:${id}`,
      detail: { from, to: row.status, ...detail },
    })
    await notify(row)
  }

  /** One transition by the state machine, in a transaction that locks the order. */
  async function transition(
    id: number,
    event: OrderEvent,
    check: (row: OrderRow) => void,
    extra: Parameters<OrdersRepository['setStatus']>[4] = {},
  ): Promise<{ from: OrderState; row: OrderRow }> {
    return db.transaction().execute(async (trx) => {
      const row = await repo.order(trx, id, { forUpdate: true })
      if (!row) throw ApiError.of(404, 'order.errors.notFound')
      check(row)
      const to = nextOrderState(row.status, event)
      if (!to) throw transitionError(row.status, event)
      if (!(await repo.setStatus(trx, id, row.status, to, extra))) throw transitionError(row.status, event)
      return { from: row.status, row }
    })
  }

  async function summary(id: number): Promise<OrderSummary> {
    const row = await repo.order(db, id)
    if (!row) throw ApiError.of(404, 'order.errors.notFound')
    return toSummary(row)
  }

  /** One task of a production: a failure from load (timeout, full queue) is tried again with backoff, any other fails at once. */
  /** The scenes of these ids as lines of a cart or order, in that order: one that left the archive has null columns. */
  async function orderScenes(ids: readonly string[]): Promise<OrderScene[]> {
    const found = await deps.scenes.byIds(ids)
    return ids.map((sceneId) => toOrderScene(sceneId, found.get(sceneId)))
  }

  /** An order's scenes still in the archive, in the order's order, as the package needs them. */
  async function packageScenes(id: number): Promise<Array<{ scene: PackageScene; cloudPercent: number }>> {
    const ids = await repo.orderSceneIds(db, id)
    const found = await deps.scenes.byIds(ids)
    return ids.flatMap((sceneId) => {
      const s = found.get(sceneId)
      if (!s) return []
      const scene: PackageScene = { ...s.record, illustrative: s.row.illustrative, quicklookHref: s.row.quicklook_href, bbox: s.bbox }
      // the quicklook is drawn from the stored cloud share, as the quicklook route draws it: the same picture
      return [{ scene, cloudPercent: Number(s.row.cloud_percent) }]
    })
  }

  /** Produces an order's package through the package capability (quicklooks, then the zip, in the promised work's pool). */
  async function produce(id: number) {
    const items = await packageScenes(id)
    const fileName = `order-${id}-${newExtractCode().toLowerCase()}.zip`
    const out = await packages.produce({
      file: path.join(settings.packageDir, fileName),
      items,
      about: { order: id },
      onProgress: (progress) => repo.setProgress(db, id, progress),
      onRetry: (what, error, tries, delayMs) =>
        deps.log.warn({ err: error, order: id, task: what, tries, delayMs }, 'order package task failed from load; tried again'),
    })
    const expiresAt = new Date(Date.now() + settings.downloadDays * 24 * 3600_000)
    const { from } = await transition(id, 'ready', () => {}, {
      progress: 100,
      extractCode: newExtractCode(),
      packageFile: fileName,
      packageBytes: out.bytes,
      packageSha256: out.sha256,
      expiresAt,
      ready: true,
    })
    await afterChange(id, from, 'ready', null, { bytes: out.bytes, sha256: out.sha256, files: out.files })
  }

  /** Starts (or resumes) production off the request; a failure (once those from load are retried) moves the order to 生产失败. */
  function startProduction(id: number) {
    if (running.has(id)) return
    const job = (async () => {
      try {
        await produce(id)
      } catch (error) {
        deps.log.error({ err: error, order: id }, 'order package failed')
        try {
          const { from } = await transition(id, 'fail', () => {})
          await afterChange(id, from, 'fail', null, { error: error instanceof Error ? error.message : String(error) })
        } catch (e) {
          deps.log.error({ err: e, order: id }, 'order failure not recorded')
        }
      } finally {
        running.delete(id)
      }
    })()
    running.set(id, job)
  }

  async function removePackage(file: string | null) {
    if (!file) return
    await rm(path.join(settings.packageDir, path.basename(file)), { force: true })
  }

  return {
    async cart(user: Caller) {
      return { items: await orderScenes(await repo.cartSceneIds(db, user.userId)), max: ORDER_LIMITS.cartMax }
    },

    async addToCart(user: Caller, sceneIds: readonly string[]) {
      const ids = uniq(sceneIds)
      const result = await db.transaction().execute(async (trx) => {
        await repo.lockUser(trx, user.userId)
        const unknown = await repo.missingScenes(trx, ids)
        if (unknown.length > 0) throw ApiError.of(404, 'order.errors.scenesUnknown', { ids: shortList(unknown) })
        const fresh = await repo.notInCart(trx, user.userId, ids)
        const count = await repo.cartCount(trx, user.userId)
        if (count + fresh.length > ORDER_LIMITS.cartMax)
          throw ApiError.of(400, 'order.errors.cartFull', {
            max: ORDER_LIMITS.cartMax,
            count,
            left: Math.max(0, ORDER_LIMITS.cartMax - count),
          })
        const added = await repo.addToCart(trx, user.userId, fresh)
        return { added, count: count + added }
      })
      await deps.audit.record({
        actor: actorOf(user),
        ip: user.ip,
        action: 'cartAdd',
        target: 'cart',
        detail: { ...result, asked: ids.length },
      })
      return result
    },

    async removeFromCart(user: Caller, sceneIds: readonly string[]) {
      const ids = uniq(sceneIds)
      const removed = await repo.removeFromCart(db, user.userId, ids)
      const count = await repo.cartCount(db, user.userId)
      await deps.audit.record({ actor: actorOf(user), ip: user.ip, action: 'cartRemove', target: 'cart', detail: { removed, count } })
      return { removed, count }
    },

    /** The order and its scenes in one transaction; the scenes leave the cart in it too. */
    async submit(user: Caller, input: { sceneIds: readonly string[]; purpose: string; project: string }): Promise<OrderSummary> {
      const ids = uniq(input.sceneIds)
      const id = await db.transaction().execute(async (trx) => {
        await repo.lockUser(trx, user.userId)
        const notInCart = await repo.notInCart(trx, user.userId, ids)
        if (notInCart.length > 0) throw ApiError.of(400, 'order.errors.notInCart', { ids: shortList(notInCart) })
        const gone = await repo.missingScenes(trx, ids)
        if (gone.length > 0) throw ApiError.of(409, 'order.errors.scenesGone', { ids: shortList(gone) })
        const orderId = await repo.insertOrder(trx, { userId: user.userId, purpose: input.purpose, project: input.project, sceneIds: ids })
        await repo.removeFromCart(trx, user.userId, ids)
        return orderId
      })
      await afterChange(id, null, 'submit', user, { scenes: ids.length })
      return summary(id)
    },

    async list(filter: OrderFilter, page: { pageNum: number; pageSize: number }) {
      const { rows, total } = await repo.list(db, filter, { offset: (page.pageNum - 1) * page.pageSize, limit: page.pageSize })
      return { list: rows.map(toSummary), total }
    },

    /** The owner sees the extraction code; a reviewer sees the order without it. */
    async detail(user: Caller, id: number, reviewer: boolean) {
      const row = await repo.order(db, id)
      if (!row || (row.user_id !== user.userId && !reviewer)) throw ApiError.of(404, 'order.errors.notFound')
      const [scenes, footprints] = await Promise.all([repo.orderSceneIds(db, id).then(orderScenes), repo.footprints(db, id)])
      const owner = row.user_id === user.userId
      const head: Omit<OrderDetail, 'footprints'> = {
        ...toSummary(row),
        scenes,
        extractCode: owner && isDownloadable(row.status) ? row.extract_code : null,
        packageBytes: row.package_bytes === null ? null : Number(row.package_bytes),
        events: orderEventsFrom(row.status).map((e) => nextOrderState(row.status, e) as OrderState),
      }
      // the footprints are PostGIS's GeoJSON text, spliced in unparsed
      const json = JSON.stringify({ ...head, footprints: null }).replace(/"footprints":null/, `"footprints":${footprints}`)
      return new JsonText<OrderDetail>(json)
    },

    async cancel(user: Caller, id: number): Promise<OrderSummary> {
      const { from } = await transition(id, 'cancel', (row) => {
        if (row.user_id !== user.userId) throw ApiError.of(404, 'order.errors.notFound')
      })
      await afterChange(id, from, 'cancel', user)
      return summary(id)
    },

    /** A reviewer decides an order someone else submitted (the machine's separation of duties, 403 for one's own). */
    async review(user: Caller, input: { id: number; decision: 'approve' | 'reject'; reason?: string }): Promise<OrderSummary> {
      const notOwnOrder = (row: OrderRow) =>
        requireSeparateActor(orderMachine, input.decision, user.userId, { submitter: row.user_id }, 'order.errors.selfReview')
      if (input.decision === 'reject') {
        const reason = input.reason?.trim() ?? ''
        if (!reason) throw ApiError.of(400, 'order.errors.reasonRequired')
        const { from } = await transition(input.id, 'reject', notOwnOrder, { rejectReason: reason, reviewedBy: user.userId })
        await afterChange(input.id, from, 'reject', user, { reason })
        return summary(input.id)
      }
      // approve and start, one after the other: each is its own state change in the log and the mail
      const { from } = await transition(input.id, 'approve', notOwnOrder, { reviewedBy: user.userId })
      await afterChange(input.id, from, 'approve', user)
      const started = await transition(input.id, 'start', () => {}, { progress: 0 })
      await afterChange(input.id, started.from, 'start', null)
      startProduction(input.id)
      return summary(input.id)
    },

    /** A reviewer starts a failed production again. */
    async retry(user: Caller, id: number): Promise<OrderSummary> {
      const { from } = await transition(id, 'retry', () => {}, { progress: 0 })
      await afterChange(id, from, 'retry', user)
      startProduction(id)
      return summary(id)
    },

    /**
     * The package of an order for its owner with the right code: the file, its size and whether it
     * may still be read. Wrong codes are audited as failures.
     */
    async packageFor(user: Caller, id: number, code: string) {
      const row = await repo.order(db, id)
      if (!row || row.user_id !== user.userId) throw ApiError.of(404, 'order.errors.notFound')
      if (row.status === 'expired' || (row.expires_at && new Date(row.expires_at).getTime() <= Date.now()))
        throw ApiError.of(410, 'order.errors.expired')
      if (!isDownloadable(row.status) || !row.package_file)
        throw ApiError.of(409, 'order.errors.notReady', { state: STATE_NAME(row.status) })
      if (!row.extract_code || !sameCode(row.extract_code, code.toUpperCase())) {
        await deps.audit.record({
          actor: actorOf(user),
          ip: user.ip,
          action: 'orderDownload',
          target: `order:${id}`,
          outcome: 'failure',
          detail: { reason: 'wrongCode' },
        })
        // recorded here as a failed download, so the auth plugin's 403 record is not written as well
        throw ApiError.of(403, 'order.errors.wrongCode').auditedAlready()
      }
      return {
        file: path.join(settings.packageDir, path.basename(row.package_file)),
        bytes: Number(row.package_bytes),
        name: `order-${id}.zip`,
      }
    },

    /** Records a download (whole or a range); the first read of the last byte completes the order. */
    async downloaded(user: Caller, id: number, range: { start: number; end: number; total: number }) {
      await deps.audit.record({ actor: actorOf(user), ip: user.ip, action: 'orderDownload', target: `order:${id}`, detail: range })
      if (range.end === range.total - 1) {
        try {
          const { from } = await transition(id, 'complete', () => {})
          await afterChange(id, from, 'complete', user)
        } catch (error) {
          // already completed: a second download changes nothing
          if (!(error instanceof ApiError)) throw error
        }
      }
    },

    /** Expires downloadable orders past their end and removes their packages and stray files. */
    async sweep(now = new Date()) {
      for (const { id } of await repo.dueToExpire(db, now)) {
        try {
          const { from, row } = await transition(id, 'expire', () => {}, { packageFile: null })
          await removePackage(row.package_file)
          await afterChange(id, from, 'expire', null)
        } catch (error) {
          if (!(error instanceof ApiError)) throw error
        }
      }
      const kept = await repo.packageFiles(db)
      const names = await readdir(settings.packageDir).catch(() => [] as string[])
      const busy = [...running.keys()].map((id) => `order-${id}-`)
      for (const name of names)
        if (!kept.has(name) && !busy.some((b) => name.startsWith(b))) await rm(path.join(settings.packageDir, name), { force: true })
    },

    /** At start: production interrupted by a stop is started again. */
    async resume() {
      for (const { id, status } of await repo.unfinishedProduction(db)) {
        if (status === 'approved') {
          const { from } = await transition(id, 'start', () => {})
          await afterChange(id, from, 'start', null)
        }
        startProduction(id)
      }
    },

    /** Waits for the productions under way (tests, shutdown). */
    async idle() {
      while (running.size > 0) await Promise.allSettled([...running.values()])
    },
  }
}

export type OrdersService = ReturnType<typeof createOrdersService>

/** For tests: the database handle type a service needs. */
export type OrdersDb = Db
export type { QuicklookSource }
