import {
  canSeeRegion,
  formatBeijingTime,
  type LocalImagery,
  type LocalImageryKind,
  type LocalImageryReport,
  PERMISSION,
  parseCoveragePeriod,
  regionScope,
} from '@rs/shared'
import { type Kysely, type RawBuilder, sql } from 'kysely'
import { scopeSql } from '../../db/fragments'
import type { Database } from '../../db/schema'
import { type AuditRecorder, actorOf, type Caller } from '../../lib/audit'
import { ApiError } from '../../lib/errors'
import { type MessageRef, notices as noticeTexts, ref, t, textOfRef } from '../../lib/locale'
import { regionFullName } from '../../lib/region-names'
import type { SessionUser } from '../../lib/session'
import { requireRegionScope } from '../../lib/session'
import { requestError, type TaskPool } from '../../lib/workers/pool'
import { type CheckedFile, LOCAL_FILES_WORKER } from './files'

/** Budget of reading and checking a file in the request pool. */
const CHECK_BUDGET_MS = 20_000
/** Most footprints the map is sent at once. */
const MAX_FOOTPRINTS = 5_000

export interface LocalFilter {
  region?: string
  kind?: LocalImageryKind
  period?: string
}

const reject = (key: string) => ref(`localImagery.reject.${key}` as never)

/**
 * A province's own imagery (本地数据): the file read and every row checked in a worker, then each
 * footprint's validity, county and area range checked by PostGIS in one statement; any refused row
 * refuses the file (422 with the report), else the registration and its rows are written in one
 * transaction, audited. Reads are limited to the caller's area ranges (scopeSql on the county).
 */
export function createProvinceFeedbackService(db: Kysely<Database>, tasks: TaskPool, audit: AuditRecorder) {
  function where(user: Pick<SessionUser, 'regionIds'>, f: LocalFilter): RawBuilder<boolean> {
    const parts: RawBuilder<boolean>[] = [scopeSql('l.county_code', regionScope(user.regionIds))]
    if (f.region) {
      requireRegionScope(user, f.region)
      parts.push(scopeSql('l.county_code', regionScope([f.region])))
    }
    if (f.kind) parts.push(sql<boolean>`l.kind = ${f.kind}`)
    const period = f.period ? parseCoveragePeriod(f.period) : null
    if (period) parts.push(sql<boolean>`to_char(l.acquired_on, 'YYYYMM')::int BETWEEN ${period.fromMonth} AND ${period.toMonth}`)
    return sql<boolean>`${sql.join(parts, sql` AND `)}`
  }

  return {
    async upload(
      caller: Caller,
      user: SessionUser,
      file: { fileName: string; data: Uint8Array },
      dryRun: boolean,
    ): Promise<LocalImageryReport> {
      let checked: CheckedFile
      try {
        checked = await tasks.run<CheckedFile>(
          LOCAL_FILES_WORKER,
          'checkLocalFileTask',
          { fileName: file.fileName, data: file.data, today: formatBeijingTime(Date.now(), 'YYYY-MM-DD') },
          CHECK_BUDGET_MS,
        )
      } catch (error) {
        throw requestError(error, () => ApiError.of(422, 'localImagery.errors.badFile', { reason: '超过处理时限' }))
      }
      // PostGIS: each footprint valid, the county of its inner point, inside the caller's ranges
      const rows = checked.accepted
      const placed =
        rows.length === 0
          ? []
          : (
              await sql<{ row: number; valid: boolean; county: string | null; area: number }>`
                WITH g AS (
                  SELECT x.row, ST_Multi(ST_SetSRID(ST_GeomFromGeoJSON(x.g), 4326)) AS geom
                  FROM json_to_recordset(${JSON.stringify(rows.map((r) => ({ row: r.row, g: r.geometry })))}::json) AS x (row int, g text))
                SELECT g.row, ST_IsValid(g.geom) AS valid,
                  CASE WHEN ST_IsValid(g.geom) THEN (
                    SELECT c.code FROM region c, LATERAL (SELECT ST_PointOnSurface(g.geom) AS p) q
                    WHERE c.level = 'county' AND c.geom && q.p AND ST_Contains(c.geom, q.p) LIMIT 1) END AS county,
                  CASE WHEN ST_IsValid(g.geom) THEN ST_Area(g.geom::geography) / 1e6 ELSE 0 END AS area
                FROM g ORDER BY g.row`.execute(db)
            ).rows
      const byRow = new Map(placed.map((p) => [p.row, p]))
      const rejected = [...checked.rejected]
      for (const r of rows) {
        const p = byRow.get(r.row)
        const reasons: MessageRef[] = []
        if (!p?.valid) reasons.push(reject('invalid'))
        else if (!p.county) reasons.push(reject('noCounty'))
        else if (!canSeeRegion(user.regionIds, p.county)) reasons.push(reject('outside'))
        if (reasons.length > 0) rejected.push({ row: r.row, name: r.name, reasons })
      }
      rejected.sort((a, b) => a.row - b.row)
      const report = (stored: number, uploadId: number | null): LocalImageryReport => ({
        dryRun,
        fileName: file.fileName,
        features: checked.features,
        accepted: checked.features - rejected.length,
        stored,
        uploadId,
        rejected: rejected.map((r) => ({ ...r, reasons: r.reasons.map(textOfRef) })),
        notices: noticeTexts(checked.notices),
      })
      if (rejected.length > 0) {
        await audit.record({
          actor: actorOf(caller),
          ip: caller.ip,
          action: dryRun ? 'localImageryCheck' : 'localImageryUpload',
          outcome: 'failure',
          target: file.fileName,
          detail: { features: checked.features, rejected: rejected.length },
        })
        throw new ApiError(
          422,
          t('localImagery.screen.reportRejected', { file: file.fileName, count: rejected.length }),
          422,
          report(0, null),
        )
      }
      if (dryRun) {
        await audit.record({
          actor: actorOf(caller),
          ip: caller.ip,
          action: 'localImageryCheck',
          target: file.fileName,
          detail: { features: checked.features },
        })
        return report(0, null)
      }
      const uploadId = await db.transaction().execute(async (trx) => {
        const { rows: up } = await sql<{ id: number }>`
          INSERT INTO local_imagery_upload (file_name, user_id, rows) VALUES (${file.fileName}, ${caller.userId}, ${rows.length}) RETURNING id`.execute(
          trx,
        )
        const id = up[0]?.id as number
        const values = rows.map((r) => {
          const p = byRow.get(r.row)
          return {
            county: p?.county,
            kind: r.kind,
            name: r.name,
            on: r.acquiredOn,
            res: r.resolution,
            sensor: r.sensor,
            owner: r.owner,
            licence: r.licence,
            g: r.geometry,
            area: p?.area ?? 0,
          }
        })
        for (let k = 0; k < values.length; k += 1_000)
          await sql`
            INSERT INTO local_imagery (upload_id, county_code, province_code, kind, name, acquired_on, resolution_m, sensor, owner_unit, licence, footprint, area_km2)
            SELECT ${id}, x.county, left(x.county, 2) || '0000', x.kind, x.name, x.on::date, x.res, x.sensor, x.owner, x.licence,
              ST_Multi(ST_SetSRID(ST_GeomFromGeoJSON(x.g), 4326)), x.area
            FROM json_to_recordset(${JSON.stringify(values.slice(k, k + 1_000))}::json)
              AS x (county text, kind text, name text, "on" text, res real, sensor text, owner text, licence text, g text, area float8)`.execute(
            trx,
          )
        return id
      })
      await audit.record({
        actor: actorOf(caller),
        ip: caller.ip,
        action: 'localImageryUpload',
        target: `localUpload:${uploadId}`,
        detail: { file: file.fileName, rows: rows.length },
      })
      return report(rows.length, uploadId)
    },

    async list(user: SessionUser, f: LocalFilter & { pageNum: number; pageSize: number }) {
      const w = where(user, f)
      const [{ rows: total }, { rows }] = await Promise.all([
        sql<{ n: number; area: number | null }>`SELECT count(*)::int AS n, sum(l.area_km2) AS area FROM local_imagery l WHERE ${w}`.execute(
          db,
        ),
        sql<{
          id: number
          upload_id: number
          kind: LocalImageryKind
          name: string
          acquired_on: string
          resolution_m: number
          sensor: string
          owner_unit: string
          licence: string | null
          area_km2: number
          county_code: string
          region_name: string | null
          created_by: string | null
          created_at: Date | string
        }>`
          SELECT l.id, l.upload_id, l.kind, l.name, to_char(l.acquired_on, 'YYYY-MM-DD') AS acquired_on, l.resolution_m, l.sensor, l.owner_unit,
            l.licence, l.area_km2, l.county_code, c.full_name AS region_name, u.username AS created_by, up.created_at
          FROM local_imagery l JOIN local_imagery_upload up ON up.id = l.upload_id
            LEFT JOIN app_user u ON u.id = up.user_id LEFT JOIN region c ON c.code = l.county_code
          WHERE ${w} ORDER BY l.acquired_on DESC, l.id DESC
          LIMIT ${f.pageSize} OFFSET ${(f.pageNum - 1) * f.pageSize}`.execute(db),
      ])
      const list: LocalImagery[] = rows.map((r) => ({
        id: r.id,
        uploadId: r.upload_id,
        kind: r.kind,
        name: r.name,
        acquiredOn: r.acquired_on,
        resolutionM: Math.round(Number(r.resolution_m) * 100) / 100,
        sensor: r.sensor,
        ownerUnit: r.owner_unit,
        licence: r.licence,
        areaKm2: Math.round(Number(r.area_km2) * 1000) / 1000,
        countyCode: r.county_code,
        regionName: regionFullName(r.county_code, r.region_name ?? r.county_code),
        createdBy: r.created_by,
        createdAt: new Date(r.created_at).toISOString(),
      }))
      return { total: total[0]?.n ?? 0, areaKm2: Math.round(Number(total[0]?.area ?? 0) * 100) / 100, list }
    },

    async footprints(user: SessionUser, f: LocalFilter) {
      const { rows } = await sql<{ f: unknown }>`
        SELECT json_build_object('type', 'Feature', 'id', l.id, 'geometry', ST_AsGeoJSON(l.footprint, 6)::json,
          'properties', json_build_object('name', l.name, 'kind', l.kind, 'acquiredOn', to_char(l.acquired_on, 'YYYY-MM-DD'))) AS f
        FROM local_imagery l WHERE ${where(user, f)} ORDER BY l.acquired_on DESC, l.id DESC LIMIT ${MAX_FOOTPRINTS + 1}`.execute(db)
      return {
        type: 'FeatureCollection' as const,
        features: rows.slice(0, MAX_FOOTPRINTS).map((r) => r.f),
        truncated: rows.length > MAX_FOOTPRINTS,
      }
    },

    async remove(caller: Caller, user: SessionUser, uploadId: number) {
      const deleted = await db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ user_id: number | null; outside: number }>`
          SELECT up.user_id, (SELECT count(*)::int FROM local_imagery l WHERE l.upload_id = up.id AND NOT ${scopeSql('l.county_code', regionScope(user.regionIds))}) AS outside
          FROM local_imagery_upload up WHERE up.id = ${uploadId} FOR UPDATE`.execute(trx)
        const up = rows[0]
        if (!up || up.outside > 0) throw ApiError.of(404, 'localImagery.errors.unknownUpload')
        if (up.user_id !== caller.userId && !user.permissions.includes(PERMISSION.systemAdmin))
          throw ApiError.of(403, 'localImagery.errors.notYours')
        const { rows: gone } = await sql<{ n: number }>`
          WITH d AS (DELETE FROM local_imagery WHERE upload_id = ${uploadId} RETURNING 1) SELECT count(*)::int AS n FROM d`.execute(trx)
        await sql`DELETE FROM local_imagery_upload WHERE id = ${uploadId}`.execute(trx)
        return gone[0]?.n ?? 0
      })
      await audit.record({
        actor: actorOf(caller),
        ip: caller.ip,
        action: 'localImageryDelete',
        target: `localUpload:${uploadId}`,
        detail: { deleted },
      })
      return { deleted }
    },
  }
}

export type ProvinceFeedbackService = ReturnType<typeof createProvinceFeedbackService>
