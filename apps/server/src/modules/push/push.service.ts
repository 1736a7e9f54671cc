import { randomBytes } from 'node:crypto'
import { rm } from 'node:fs/promises'
import path from 'node:path'
import {
  COVERAGE_CLASSES,
  type CoverageClassKey,
  coverageClassOf,
  PUSH_LIMITS,
  type PushBatch,
  type PushEvent,
  type PushNode,
  type PushNodeInput,
  type PushState,
  parseCoveragePeriod,
  pushMachine,
} from '@rs/shared'
import type { Kysely } from 'kysely'
import type { ExportRecord } from '../../capabilities/exports'
import type { MailContent } from '../../capabilities/notification'
import type { PackageScene, Packages } from '../../capabilities/packages'
import { type ObjectStore, openStore, StorageError, storedSha256 } from '../../capabilities/storage'
import type { Database } from '../../db/schema'
import { type AuditRecorder, actorOf, type Caller } from '../../lib/audit'
import { ApiError } from '../../lib/errors'
import { t } from '../../lib/locale'
import { regionName } from '../../lib/region-names'
import type { SecretBox } from '../../lib/secrets'
import { pushDeliveredMail, pushFailedMail } from './mail'
import { type BatchRow, type NodeRow, type PushRepository, toNode } from './push.repository'

/** A scene as the scenes module's one scene query reads it (the port handed in by modules/index.ts). */
export interface PushSceneSource {
  byIds(ids: readonly string[]): Promise<
    ReadonlyMap<
      string,
      {
        row: {
          id: string
          satellite: string
          acquired_at: Date | string
          cloud_percent: number
          resolution_m: number
          area_km2: number
          data_status: string
          illustrative: boolean
          quicklook_href: string | null
        }
        record: ExportRecord
        bbox: [number, number, number, number]
      }
    >
  >
}

/** The published scenes over a region imported after an instant (the scenes module's port). */
export type NewScenesSource = (regionCode: string, importedAfter: Date | null, limit: number) => Promise<string[]>

export interface PushSettings {
  /** The push root: every node's folder lies under it. */
  pushDir: string
  /** Where packages are produced before delivery. */
  workDir: string
  /** Seals and opens the nodes' bucket secrets. */
  secrets: SecretBox
}

interface Logger {
  error(obj: unknown, msg?: string): void
  warn(obj: unknown, msg?: string): void
}

/** An estimate of a scene's package files before it is produced: metadata, footprint and a quicklook. */
const ESTIMATED_SCENE_BYTES = 48_000

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString())

function toBatch(r: BatchRow): PushBatch {
  return {
    id: r.id,
    nodeId: r.node_id,
    nodeName: r.node_name,
    state: r.state,
    selection: r.selection,
    scenes: r.scene_count,
    areaKm2: Math.round(Number(r.area_km2) * 100) / 100,
    bytes: r.bytes === null ? null : Number(r.bytes),
    sha256: r.package_sha256,
    deliveredFile: r.delivered_file,
    progress: r.progress,
    attempts: r.attempts,
    error: r.error,
    createdBy: r.created_by,
    createdAt: iso(r.created_at) as string,
    deliveredAt: iso(r.delivered_at),
  }
}

/** A store's failure as the batch's reason: the short code people can act on (ENOTDIR, ECONNREFUSED, NoSuchBucket…). */
const reasonOf = (error: unknown) => (error instanceof StorageError ? error.reason : error instanceof Error ? error.message : String(error))

/**
 * Push nodes and batches: a batch's package is produced by the package capability (the same
 * production as an order's, in the promised work's pool), delivered through the storage capability to
 * the node's folder under the push root or its S3-compatible bucket (whole or not at all, a .sha256
 * beside it) and acknowledged by reading it back from there and comparing its SHA-256; its states move only through the shared machine (domain/push.ts), each
 * change audited, the node's accounts mailed. Unfinished batches start again at the next start.
 */
export function createPushService(
  db: Kysely<Database>,
  repo: PushRepository,
  deps: {
    packages: Packages
    scenes: PushSceneSource
    newScenes: NewScenesSource
    audit: AuditRecorder
    sendMail: (to: string, mail: MailContent) => Promise<void>
    log: Logger
  },
  settings: PushSettings,
) {
  const running = new Map<number, Promise<void>>()

  async function nodeOf(id: number): Promise<NodeRow> {
    const node = (await repo.nodes(db, id))[0]
    if (!node) throw ApiError.of(404, 'push.errors.unknownNode')
    return node
  }

  /** Where the node's deliveries go: its folder under the push root (a checked name: no '..', no absolute path) or its bucket. */
  async function storeOf(node: NodeRow): Promise<ObjectStore> {
    if (node.target_kind === 'folder' || !node.s3) return openStore({ kind: 'folder', root: path.join(settings.pushDir, node.target) })
    const sealed = await repo.sealedSecret(db, node.id)
    if (!sealed) throw ApiError.of(502, 'push.errors.unreachable', { reason: 'NoSecret' })
    return openStore({
      kind: 's3',
      location: { ...node.s3, prefix: node.target, secretAccessKey: settings.secrets.open(sealed) },
    })
  }

  /** The batch's state moved by an event, in a transaction that locks its row; 409 when the machine does not allow it. */
  async function transition(
    id: number,
    event: PushEvent,
    values: Record<string, unknown> = {},
  ): Promise<{ from: PushState; to: PushState }> {
    return db.transaction().execute(async (trx) => {
      const row = await repo.batch(trx, id, true)
      if (!row) throw ApiError.of(404, 'push.errors.unknownBatch')
      const to = pushMachine.next(row.state, event)
      if (!to) throw ApiError.of(409, 'push.errors.transition', { state: t(`push.state.${row.state}`), action: t(`push.event.${event}`) })
      await repo.setState(trx, id, to, values)
      return { from: row.state, to }
    })
  }

  async function recordState(id: number, from: PushState, to: PushState, caller: Caller | null, detail: Record<string, unknown> = {}) {
    await deps.audit.record({
      actor: caller ? actorOf(caller) : null,
      ip: caller?.ip ?? 'server',
      action: 'pushStatus',
      target: `push:${id}`,
      detail: { from, to, ...detail },
    })
  }

  async function mailNode(row: BatchRow, mail: MailContent) {
    for (const to of await repo.nodeMailTo(db, row.node_id))
      await deps.sendMail(to, mail).catch((err) => deps.log.warn({ err, push: row.id }, 'push mail not sent'))
  }

  /** The scenes of a selection: found (published), and the chosen ids that are not. */
  async function select(node: NodeRow, body: { sceneIds?: string[]; newSinceLastPush?: boolean }) {
    const ids = body.newSinceLastPush
      ? await deps.newScenes(node.region_id, node.last_pushed_at ? new Date(node.last_pushed_at) : null, PUSH_LIMITS.maxScenes + 1)
      : [...new Set(body.sceneIds ?? [])]
    if (ids.length > PUSH_LIMITS.maxScenes) throw ApiError.of(422, 'push.errors.tooMany', { max: PUSH_LIMITS.maxScenes })
    const found = await deps.scenes.byIds(ids)
    const scenes = ids.flatMap((id) => {
      const s = found.get(id)
      if (s?.row.data_status !== '2') return []
      const cls = coverageClassOf(Number(s.row.resolution_m))
      return [
        {
          id,
          satellite: s.row.satellite,
          cls: cls?.id ?? COVERAGE_CLASSES.length,
          areaKm2: Number(s.row.area_km2),
          acquiredAt: new Date(s.row.acquired_at).toISOString(),
        },
      ]
    })
    const missing = ids.filter((id) => !scenes.some((s) => s.id === id))
    return { scenes, missing }
  }

  async function produceAndDeliver(id: number) {
    const row = (await repo.batch(db, id)) as BatchRow
    const node = await nodeOf(row.node_id)
    const ids = await repo.batchSceneIds(db, id)
    const found = await deps.scenes.byIds(ids)
    const items = ids.flatMap((sceneId) => {
      const s = found.get(sceneId)
      if (!s) return []
      const scene: PackageScene = { ...s.record, illustrative: s.row.illustrative, quicklookHref: s.row.quicklook_href, bbox: s.bbox }
      return [{ scene, cloudPercent: Number(s.row.cloud_percent) }]
    })
    const work = path.join(settings.workDir, `push-${id}.zip`)
    const out = await deps.packages.produce({
      file: work,
      items,
      about: { push: id, node: node.name, region: node.region_id },
      readme: 'push.package.readme',
      onProgress: (progress) => repo.setProgress(db, id, progress),
      onRetry: (what, error, tries, delayMs) =>
        deps.log.warn({ err: error, push: id, task: what, tries, delayMs }, 'push task failed from load; tried again'),
    })
    // delivery: the zip, then its checksum line, each whole or not at all; then read back from there
    const name = `push-${id}.zip`
    const where = toNode(node).location
    let arrived: string
    try {
      const store = await storeOf(node)
      await store.putFile(name, work)
      await store.putText(`${name}.sha256`, `${out.sha256}  ${name}\n`)
      arrived = await storedSha256(store, name)
    } catch (error) {
      if (error instanceof ApiError) throw error
      throw ApiError.of(502, 'push.errors.unreachable', { reason: reasonOf(error) })
    } finally {
      await rm(work, { force: true })
    }
    // acknowledgement: what arrived is what was produced
    if (arrived !== out.sha256) throw ApiError.of(502, 'push.errors.checksum')
    const delivered = node.target_kind === 'folder' ? path.posix.join(node.target, name) : `${where}/${name}`
    await repo.setSceneBytes(db, id, out.sceneBytes)
    const { from, to } = await transition(id, 'deliver', { progress: 100, bytes: out.bytes, sha256: out.sha256, file: delivered })
    await recordState(id, from, to, null, { bytes: out.bytes, sha256: out.sha256, file: delivered })
    const done = (await repo.batch(db, id)) as BatchRow
    await mailNode(done, pushDeliveredMail(done))
  }

  function start(id: number) {
    if (running.has(id)) return
    const job = (async () => {
      try {
        await produceAndDeliver(id)
      } catch (error) {
        const message = error instanceof ApiError ? error.message : error instanceof Error ? error.message : String(error)
        deps.log.error({ err: error, push: id }, 'push failed')
        try {
          const { from, to } = await transition(id, 'fail', { error: message })
          await recordState(id, from, to, null, { error: message })
          const row = await repo.batch(db, id)
          if (row) await mailNode(row, pushFailedMail(row))
        } catch (e) {
          deps.log.error({ err: e, push: id }, 'push failure not recorded')
        }
      } finally {
        running.delete(id)
      }
    })()
    running.set(id, job)
  }

  return {
    async nodes(): Promise<PushNode[]> {
      return (await repo.nodes(db)).map(toNode)
    },

    async saveNode(caller: Caller, input: Required<Omit<PushNodeInput, 'id'>> & { id?: number }): Promise<PushNode> {
      const id = await db.transaction().execute(async (trx) => {
        if (input.id !== undefined && !(await repo.nodeForUpdate(trx, input.id))) throw ApiError.of(404, 'push.errors.unknownNode')
        const region = await repo.regionLevel(trx, input.regionId)
        if (!region || region.level !== input.level) throw ApiError.of(400, 'push.errors.regionLevel')
        const kind = input.targetKind ?? 'folder'
        const bucket = kind === 's3' ? input.s3 : undefined
        const owner = await repo.targetOwner(
          trx,
          { kind, target: input.target, endpoint: bucket?.endpoint ?? null, bucket: bucket?.bucket ?? null },
          input.id ?? null,
        )
        if (owner) throw ApiError.of(409, 'push.errors.targetTaken', { name: owner })
        // a new bucket needs its secret; a node that keeps its bucket may leave it out (the stored one is kept)
        const stored = input.id === undefined ? null : await repo.sealedSecret(trx, input.id)
        if (bucket && !bucket.secretAccessKey && !stored) throw ApiError.of(400, 'push.errors.s3Secret')
        const names = [...new Set(input.userNames)]
        const users = await repo.userIds(trx, names)
        const unknown = names.filter((n) => !users.has(n))
        if (unknown.length > 0) throw ApiError.of(400, 'push.errors.unknownUser', { names: unknown.join('、') })
        return repo.saveNode(trx, input.id ?? null, {
          ...input,
          targetKind: kind,
          s3: bucket
            ? {
                endpoint: bucket.endpoint,
                region: bucket.region ?? 'us-east-1',
                bucket: bucket.bucket,
                forcePathStyle: bucket.forcePathStyle ?? true,
                accessKeyId: bucket.accessKeyId,
              }
            : null,
          sealedSecret: bucket?.secretAccessKey ? settings.secrets.seal(bucket.secretAccessKey) : null,
          userIds: [...users.values()],
        })
      })
      await deps.audit.record({
        actor: actorOf(caller),
        ip: caller.ip,
        action: 'pushNodeSave',
        target: `pushNode:${id}`,
        detail: {
          name: input.name,
          regionId: input.regionId,
          targetKind: input.targetKind ?? 'folder',
          target: input.target,
          bucket: input.s3 ? `${input.s3.endpoint} ${input.s3.bucket}` : undefined,
          secretChanged: input.s3?.secretAccessKey !== undefined,
          enabled: input.enabled,
          created: input.id === undefined,
        },
      })
      return toNode((await repo.nodes(db, id))[0] as NodeRow)
    },

    /** Writes, reads back and removes a small probe where the node's deliveries go. */
    async probe(id: number) {
      const node = await nodeOf(id)
      const started = performance.now()
      const key = `.rs-probe-${randomBytes(6).toString('hex')}`
      const text = `probe ${new Date().toISOString()}\n`
      const location = toNode(node).location
      try {
        const store = await storeOf(node)
        await store.putText(key, text)
        const chunks: Buffer[] = []
        for await (const c of await store.read(key)) chunks.push(c as Buffer)
        await store.remove(key)
        if (Buffer.concat(chunks).toString() !== text) throw new StorageError('Mismatch')
        return { reachable: true, location, reason: null, milliseconds: Math.round(performance.now() - started) }
      } catch (error) {
        return { reachable: false, location, reason: reasonOf(error), milliseconds: Math.round(performance.now() - started) }
      }
    },

    async preview(body: { nodeId: number; sceneIds?: string[]; newSinceLastPush?: boolean }) {
      const node = await nodeOf(body.nodeId)
      const { scenes, missing } = await select(node, body)
      const perSatellite = new Map<string, number>()
      for (const s of scenes) perSatellite.set(s.satellite, (perSatellite.get(s.satellite) ?? 0) + 1)
      const times = scenes.map((s) => s.acquiredAt).sort()
      return {
        node: { id: node.id, name: node.name, regionName: regionName(node.region_id, node.region_name) },
        scenes: scenes.length,
        missing,
        areaKm2: Math.round(scenes.reduce((a, s) => a + s.areaKm2, 0) * 100) / 100,
        estimatedBytes: scenes.length * ESTIMATED_SCENE_BYTES,
        satellites: [...perSatellite].map(([satellite, n]) => ({ satellite, scenes: n })).sort((a, b) => b.scenes - a.scenes),
        from: times[0] ?? null,
        to: times[times.length - 1] ?? null,
      }
    },

    async create(caller: Caller, body: { nodeId: number; sceneIds?: string[]; newSinceLastPush?: boolean }): Promise<PushBatch> {
      const node = await nodeOf(body.nodeId)
      if (!node.enabled) throw ApiError.of(409, 'push.errors.nodeDisabled')
      const { scenes } = await select(node, body)
      if (scenes.length === 0) throw ApiError.of(422, 'push.errors.nothing')
      const region = await repo.regionLevel(db, node.region_id)
      const id = await db.transaction().execute((trx) =>
        repo.createBatch(trx, {
          nodeId: node.id,
          selection: body.newSinceLastPush ? 'new' : 'ids',
          provinceCode: region?.province ?? node.region_id,
          createdBy: caller.userId,
          scenes,
        }),
      )
      await deps.audit.record({
        actor: actorOf(caller),
        ip: caller.ip,
        action: 'pushCreate',
        target: `push:${id}`,
        detail: { node: node.id, scenes: scenes.length, selection: body.newSinceLastPush ? 'new' : 'ids' },
      })
      const { from, to } = await transition(id, 'start')
      await recordState(id, from, to, null)
      start(id)
      return toBatch((await repo.batch(db, id)) as BatchRow)
    },

    async batches(f: { nodeId?: number; state?: PushState; pageNum: number; pageSize: number }) {
      const { total, rows } = await repo.batches(db, { ...f, offset: (f.pageNum - 1) * f.pageSize, limit: f.pageSize })
      return { total, list: rows.map(toBatch) }
    },

    async retry(caller: Caller, id: number): Promise<PushBatch> {
      const { from, to } = await transition(id, 'retry', { progress: 0 })
      await deps.audit.record({ actor: actorOf(caller), ip: caller.ip, action: 'pushRetry', target: `push:${id}`, detail: { from, to } })
      start(id)
      return toBatch((await repo.batch(db, id)) as BatchRow)
    },

    async statistics(q: { by: 'node' | 'province' | 'month' | 'satellite' | 'class'; period?: string; class?: CoverageClassKey }) {
      const period = q.period ? parseCoveragePeriod(q.period) : null
      const cls = q.class ? COVERAGE_CLASSES.find((c) => c.key === q.class) : undefined
      const rows = await repo.statistics(db, q.by, { fromMonth: period?.fromMonth, toMonth: period?.toMonth, classId: cls?.id })
      const labels = await labelsOf(
        q.by,
        rows.map((r) => r.key),
      )
      const total = rows.reduce(
        (a, r) => ({ batches: a.batches, scenes: a.scenes + r.scenes, areaKm2: a.areaKm2 + r.areaKm2, bytes: a.bytes + r.bytes }),
        { batches: 0, scenes: 0, areaKm2: 0, bytes: 0 },
      )
      const batches =
        q.by === 'node' || q.by === 'province' ? rows.reduce((a, r) => a + r.batches, 0) : await repo.deliveredBatches(db, period, cls?.id)
      return {
        by: q.by,
        rows: rows.map((r) => ({ ...r, label: labels.get(r.key) ?? r.key })),
        total: { ...total, batches, areaKm2: Math.round(total.areaKm2 * 100) / 100 },
      }
    },

    /** Starts again what a stop cut short (called once the server is ready). */
    async resume() {
      for (const id of await repo.unfinished(db)) {
        const row = await repo.batch(db, id)
        if (row?.state === 'pending') {
          const { from, to } = await transition(id, 'start')
          await recordState(id, from, to, null)
        }
        start(id)
      }
    },

    /** Resolves when the batches in production have ended (tests, a stop). */
    async idle() {
      await Promise.all([...running.values()])
    },
  }

  async function labelsOf(by: string, keys: string[]): Promise<Map<string, string>> {
    if (by === 'node') return new Map((await repo.nodes(db)).map((n) => [String(n.id), n.name]))
    if (by === 'province') return new Map([...(await repo.regionNames(db, keys))].map(([code, name]) => [code, regionName(code, name)]))
    if (by === 'month')
      return new Map(keys.map((k) => [k, t('coverage.periodLabel.month', { year: k.slice(0, 4), month: Number(k.slice(4)) })]))
    if (by === 'class') return new Map(COVERAGE_CLASSES.map((c) => [String(c.id), t(`coverage.class.${c.key}`)]))
    return new Map(keys.map((k) => [k, k]))
  }
}

export type PushService = ReturnType<typeof createPushService>
