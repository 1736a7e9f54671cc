import { MONITOR_IMPORT_LIMITS, type MonitorImportReport, monitorModule } from '@rs/shared'
import { type Kysely, sql } from 'kysely'
import type { Events } from '../../capabilities/events'
import { assignCounties, regionRows } from '../../datasets/monitor-spots/load'
import type { Database } from '../../db/schema'
import type { AuditActor, AuditRecorder } from '../../lib/audit'
import { ApiError } from '../../lib/errors'
import { type MessageRef, ref, t, textOfRef } from '../../lib/locale'
import { requestError, type TaskPool } from '../../lib/workers/pool'
import { type CheckedDelivery, type ImportLimits, parseMapping } from './import.files'
import { IMPORT_WORKER } from './import.worker'

/** Points placed in their counties per call of assignCounties. */
const COUNTY_SLICE = 10_000
const MB = 1024 * 1024

/** PostGIS's reason (English) in the user's words. */
function invalidReason(reason: string): MessageRef {
  if (/self-intersection/i.test(reason))
    return ref('monitorVerify.reject.invalidGeometry', { detail: ref('monitorVerify.reject.selfIntersection') })
  if (/too few points/i.test(reason))
    return ref('monitorVerify.reject.invalidGeometry', { detail: ref('monitorVerify.reject.tooFewPoints') })
  return ref('monitorVerify.reject.invalidGeometry', {
    detail: ref('monitorVerify.reject.otherInvalid', { reason: reason.replace(/\[.*$/, '').slice(0, 60) }),
  })
}

const isUniqueViolation = (error: unknown) => !!error && typeof error === 'object' && 'code' in error && error.code === '23505'

/** A real calendar date YYYYMMDD. */
export function isBatchDate(batch: string): boolean {
  if (!/^\d{8}$/.test(batch)) return false
  const d = new Date(`${batch.slice(0, 4)}-${batch.slice(4, 6)}-${batch.slice(6, 8)}T00:00:00Z`)
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10).replaceAll('-', '') === batch
}

/**
 * Imports a real delivery as a new batch (source 'imported', not 示意): the file is read and every
 * feature checked in a worker thread; PostGIS then checks validity and the real county boundaries
 * place each feature, in bounded chunks; any rejected feature refuses the whole file (422 with the
 * report); otherwise the batch and its spots are written in one transaction. Audited either way.
 *
 * A dry run (`dryRun`) goes through every step but the transaction: the same checks, the same 4xx
 * and 422 report, a report of the spots an import would store; nothing is written, and the audit
 * records it as its own action (monitorImportCheck), not as an import.
 */
export function createImportService(
  db: Kysely<Database>,
  tasks: TaskPool,
  audit: AuditRecorder,
  limits: ImportLimits = MONITOR_IMPORT_LIMITS,
  /** Told of each stored batch (monitor.batchImported: the derived map layers and rollups follow); none in scripts. */
  events?: Pick<Events, 'emit'>,
) {
  /** Validity, a point on each feature and its site id, by PostGIS, one chunk of the worker's answer a statement. */
  async function placeChunk(chunk: string) {
    const { rows } = await sql<{
      i: number
      site_id: string
      valid: boolean
      reason: string | null
      lon: number | null
      lat: number | null
    }>`
      SELECT r.i, r.site_id, ST_IsValid(x.g) AS valid, CASE WHEN NOT ST_IsValid(x.g) THEN ST_IsValidReason(x.g) END AS reason,
        CASE WHEN ST_IsValid(x.g) THEN ST_X(ST_PointOnSurface(x.g)) END AS lon,
        CASE WHEN ST_IsValid(x.g) THEN ST_Y(ST_PointOnSurface(x.g)) END AS lat
      FROM json_to_recordset(${chunk}::json) AS r(i integer, site_id text, g text)
      CROSS JOIN LATERAL (SELECT ST_Force2D(ST_SetSRID(ST_GeomFromGeoJSON(r.g), 4326)) AS g) AS x
      ORDER BY r.i`.execute(db)
    return rows
  }

  /** One chunk's spots with their regions (joined by feature number i). */
  async function insertChunk(trx: Kysely<Database>, module: string, batch: string, chunk: string, regions: string) {
    await sql`
      INSERT INTO monitor_spot (module, batch, site_id, province_code, city_code, county_code, spot_type, stage, area_m2, length_m, attributes, illustrative, geom)
      SELECT ${module}, ${batch}, r.site_id, x.province_code, x.city_code, x.county_code, r.spot_type,
'new',
        CASE WHEN GeometryType(g.geom) IN ('POLYGON', 'MULTIPOLYGON') THEN ST_Area(g.geom::geography) END,
        CASE WHEN GeometryType(g.geom) IN ('LINESTRING', 'MULTILINESTRING') THEN ST_Length(g.geom::geography) END,
        r.attributes, false, g.geom
      FROM json_to_recordset(${chunk}::json) AS r(i integer, site_id text, spot_type text, attributes jsonb, g text)
      JOIN json_to_recordset(${regions}::json) AS x(i integer, province_code text, city_code text, county_code text) ON x.i = r.i
      CROSS JOIN LATERAL (SELECT ST_Force2D(ST_SetSRID(ST_GeomFromGeoJSON(r.g), 4326)) AS geom) AS g`.execute(trx)
  }

  return {
    async importDelivery(
      caller: { actor: AuditActor | null; ip: string },
      input: { module: string; batch: string; fileName: string; data: Uint8Array; mapping: string | undefined; dryRun?: boolean },
    ): Promise<MonitorImportReport> {
      const dryRun = input.dryRun === true
      const started = performance.now()
      const decl = monitorModule(input.module)
      if (!decl) throw ApiError.of(400, 'monitor.errors.unknownModule')
      if (!isBatchDate(input.batch)) throw ApiError.of(400, 'monitor.errors.badBatch')
      const mapping = parseMapping(input.mapping, decl)
      const filename = (input.fileName.split(/[\\/]/).pop() ?? '').trim().slice(-120) || `${decl.key}_${input.batch}`
      if (input.data.length > limits.maxUploadBytes)
        throw ApiError.of(413, 'monitorVerify.errors.importTooLarge', { size: `${limits.maxUploadBytes / MB} MB` })
      const duplicate = () => ApiError.of(409, 'monitorVerify.errors.importDuplicateBatch', { batch: input.batch })
      const exists = async () =>
        !!(await db
          .selectFrom('monitor_batch')
          .select('batch')
          .where('module', '=', decl.key)
          .where('batch', '=', input.batch)
          .executeTakeFirst())
      if (await exists()) throw duplicate()
      const record = (outcome: 'success' | 'failure', detail: Record<string, unknown>) =>
        audit.record({
          actor: caller.actor,
          ip: caller.ip,
          action: dryRun ? 'monitorImportCheck' : 'monitorImport',
          target: `${decl.key}:${input.batch}`,
          outcome,
          detail: { filename, bytes: input.data.length, ...detail },
        })

      let checked: CheckedDelivery
      try {
        checked = await tasks.run<CheckedDelivery>(
          IMPORT_WORKER,
          'checkDeliveryTask',
          { fileName: filename, data: input.data, module: decl.key, mapping, limits },
          limits.maxProcessingSeconds * 1000,
        )
      } catch (error) {
        await record('failure', { status: error instanceof ApiError ? error.status : 500 })
        throw requestError(error, () => ApiError.of(422, 'monitorVerify.errors.importTooComplex', { seconds: limits.maxProcessingSeconds }))
      }

      const rejected = new Map(checked.rejected.map((r) => [r.index, r]))
      const reject = (index: number, siteId: string, reason: MessageRef) => {
        const entry = rejected.get(index) ?? { index, siteId, reasons: [] }
        entry.reasons.push(reason)
        rejected.set(index, entry)
      }
      // validity and a point per feature, chunk by chunk; the chunk's feature numbers kept for the insert
      const points: Array<{ i: number; siteId: string; lon: number; lat: number }> = []
      const chunkIndexes: number[][] = []
      for (const chunk of checked.chunks) {
        const rows = await placeChunk(chunk)
        chunkIndexes.push(rows.map((r) => r.i))
        for (const r of rows)
          if (r.valid) points.push({ i: r.i, siteId: r.site_id, lon: r.lon ?? 0, lat: r.lat ?? 0 })
          else reject(r.i, r.site_id, invalidReason(r.reason ?? ''))
      }
      // the county by the real boundaries, in slices so no statement's JSON grows with the file
      const counties = await regionRows(db, 'county')
      const regionOf = new Map<number, { province: string; city: string; county: string }>()
      for (let start = 0; start < points.length; start += COUNTY_SLICE) {
        const slice = points.slice(start, start + COUNTY_SLICE)
        const regions = await assignCounties(
          db,
          counties,
          slice.map((p) => [p.lon, p.lat] as const),
        )
        slice.forEach((p, k) => {
          const region = regions[k]
          if (region) regionOf.set(p.i, region)
          else reject(p.i, p.siteId, ref('monitorVerify.reject.noCounty'))
        })
      }

      const list = [...rejected.values()].sort((a, b) => a.index - b.index)
      const report = (imported: number): MonitorImportReport => ({
        module: decl.key,
        batch: input.batch,
        filename,
        featureCount: checked.featureCount,
        dryRun,
        imported,
        rejectedCount: list.length,
        rejected: list.slice(0, limits.maxReported).map((r) => ({ ...r, reasons: r.reasons.map(textOfRef) })),
        milliseconds: Math.round(performance.now() - started),
      })
      if (list.length > 0) {
        await record('failure', { featureCount: checked.featureCount, rejected: list.length })
        throw new ApiError(422, t('monitorVerify.errors.importRejected', { count: list.length }), 422, report(0))
      }
      if (dryRun) {
        const answer = report(regionOf.size)
        await record('success', { featureCount: checked.featureCount, accepted: regionOf.size })
        return answer
      }
      try {
        await db.transaction().execute(async (trx) => {
          await trx.insertInto('monitor_batch').values({ module: decl.key, batch: input.batch, filename, source: 'imported' }).execute()
          for (const [c, chunk] of checked.chunks.entries()) {
            const regions = (chunkIndexes[c] ?? []).map((i) => {
              const r = regionOf.get(i)
              return { i, province_code: r?.province, city_code: r?.city, county_code: r?.county }
            })
            await insertChunk(trx, decl.key, input.batch, chunk, JSON.stringify(regions))
          }
          // a site seen in an earlier batch continues: one semi-join over the module's earlier rows (a
          // correlated test per inserted row would scan the earlier batches once per row)
          await sql`
            UPDATE monitor_spot s SET stage = 'persist'
            WHERE s.module = ${decl.key} AND s.batch = ${input.batch}
              AND EXISTS (SELECT 1 FROM monitor_spot p WHERE p.module = ${decl.key} AND p.batch < ${input.batch} AND p.site_id = s.site_id)`.execute(
            trx,
          )
        })
      } catch (error) {
        if (isUniqueViolation(error)) throw duplicate()
        throw error
      }
      // the planner learns of the new batch now, not when autovacuum comes round: a join of two batches
      // planned on old statistics is a nested loop (seconds instead of milliseconds; load.ts says so too)
      await sql`ANALYZE monitor_spot`.execute(db)
      const answer = report(regionOf.size)
      await record('success', { featureCount: checked.featureCount, imported: regionOf.size })
      await events?.emit('monitor.batchImported', { module: decl.key, batch: input.batch })
      return answer
    },
  }
}

export type ImportService = ReturnType<typeof createImportService>
