import { canSeeRegion, parseCoveragePeriod, regionContains, regionScope, type SharingRow, WHOLE_COUNTRY_CODE } from '@rs/shared'
import { type Kysely, sql } from 'kysely'
import type { Coverage, TreeRegion } from '../../capabilities/coverage'
import { scopeSql } from '../../db/fragments'
import type { Database } from '../../db/schema'
import { ApiError } from '../../lib/errors'
import { t } from '../../lib/locale'
import { isEnglish, localRegion, regionName } from '../../lib/region-names'
import { requireRegionScope, type SessionUser } from '../../lib/session'

const round2 = (v: number) => Math.round(v * 100) / 100

interface DetailRow {
  id: number
  title: string
  region_name: string | null
  /** The regions the name is made of (a push node's region; an upload's provinces, in code order). */
  region_codes: string[] | null
  scenes: number
  area: number
  at: Date
  by: string | null
  file?: string | null
}

/** A detail row as the answer carries it (pushes and registrations alike). */
const toDetail = (r: DetailRow) => ({
  id: r.id,
  title: r.title,
  regionName: isEnglish() && r.region_codes ? r.region_codes.map((c) => regionName(c, c)).join(', ') : (r.region_name ?? ''),
  scenes: r.scenes,
  areaKm2: round2(Number(r.area)),
  at: new Date(r.at).toISOString(),
  by: r.by,
  file: r.file ?? null,
})

/**
 * 共享概况: for a region in the caller's ranges, per child, the delivered pushes to the nodes there
 * (a node's region within the child) and the own imagery registered there (a footprint's county
 * within the child), in a Beijing period; and the detail lists of both.
 */
export function createSharingService(db: Kysely<Database>, coverage: Coverage) {
  function regionOf(user: SessionUser, asked?: string): string {
    const code = asked ?? (user.regionIds.includes(WHOLE_COUNTRY_CODE) ? WHOLE_COUNTRY_CODE : (user.regionIds[0] ?? WHOLE_COUNTRY_CODE))
    requireRegionScope(user, code)
    return code
  }
  const monthsOf = (period?: string) => {
    const p = period ? parseCoveragePeriod(period) : null
    return p ? { from: p.fromMonth, to: p.toMonth } : { from: null, to: null }
  }

  return {
    async statistics(user: SessionUser, q: { region?: string; period?: string }) {
      const code = regionOf(user, q.region)
      const tree = await coverage.regions()
      const region = tree.byCode.get(code)
      if (!region) throw ApiError.of(404, 'coverage.errors.unknownRegion')
      const { from, to } = monthsOf(q.period)
      const [pushes, locals] = await Promise.all([
        sql<{ region: string; batches: number; scenes: number; area: number }>`
          SELECT n.region_id AS region, count(DISTINCT b.id)::int AS batches, count(s.scene_id)::int AS scenes, coalesce(sum(s.area_km2), 0) AS area
          FROM push_batch b JOIN push_node n ON n.id = b.node_id JOIN push_batch_scene s ON s.batch_id = b.id
          WHERE b.state = 'delivered' AND ${scopeSql('n.region_id', regionScope([code]))}
            AND (${from}::int IS NULL OR coverage_month_of(b.delivered_at) BETWEEN ${from}::int AND ${to}::int)
          GROUP BY n.region_id`.execute(db),
        sql<{ county: string; uploads: number; scenes: number; area: number }>`
          SELECT l.county_code AS county, count(DISTINCT l.upload_id)::int AS uploads, count(*)::int AS scenes, coalesce(sum(l.area_km2), 0) AS area
          FROM local_imagery l JOIN local_imagery_upload up ON up.id = l.upload_id
          WHERE ${scopeSql('l.county_code', regionScope([code]))}
            AND (${from}::int IS NULL OR coverage_month_of(up.created_at) BETWEEN ${from}::int AND ${to}::int)
          GROUP BY l.county_code`.execute(db),
      ])
      const children: TreeRegion[] = region.level === 'county' ? [region] : (tree.children.get(code) ?? [])
      const rows: SharingRow[] = children.map((child) => {
        const row: SharingRow = {
          code: child.code,
          name: regionName(child.code, child.name),
          pushBatches: 0,
          pushScenes: 0,
          pushAreaKm2: 0,
          localUploads: 0,
          localScenes: 0,
          localAreaKm2: 0,
        }
        for (const p of pushes.rows)
          if (regionContains(child.code, p.region)) {
            row.pushBatches += Number(p.batches)
            row.pushScenes += Number(p.scenes)
            row.pushAreaKm2 += Number(p.area)
          }
        for (const l of locals.rows)
          if (regionContains(child.code, l.county)) {
            row.localUploads += Number(l.uploads)
            row.localScenes += Number(l.scenes)
            row.localAreaKm2 += Number(l.area)
          }
        return { ...row, pushAreaKm2: round2(row.pushAreaKm2), localAreaKm2: round2(row.localAreaKm2) }
      })
      // a node of the region itself (a province node when a province is asked) is a row of its own: 本级
      const own = pushes.rows.filter((p) => p.region === code)
      if (region.level !== 'county' && own.length > 0)
        rows.unshift({
          code,
          name: t('sharing.screen.ownLevel', { name: regionName(region.code, region.name) }),
          pushBatches: own.reduce((a, p) => a + Number(p.batches), 0),
          pushScenes: own.reduce((a, p) => a + Number(p.scenes), 0),
          pushAreaKm2: round2(own.reduce((a, p) => a + Number(p.area), 0)),
          localUploads: 0,
          localScenes: 0,
          localAreaKm2: 0,
        })
      const total = {
        pushBatches: pushes.rows.reduce((a, p) => a + Number(p.batches), 0),
        pushScenes: pushes.rows.reduce((a, p) => a + Number(p.scenes), 0),
        pushAreaKm2: round2(pushes.rows.reduce((a, p) => a + Number(p.area), 0)),
        localUploads: locals.rows.reduce((a, l) => a + Number(l.uploads), 0),
        localScenes: locals.rows.reduce((a, l) => a + Number(l.scenes), 0),
        localAreaKm2: round2(locals.rows.reduce((a, l) => a + Number(l.area), 0)),
      }
      const parent = region.parent && canSeeRegion(user.regionIds, region.parent) ? region.parent : null
      return { region: localRegion({ code: region.code, name: region.name, level: region.level }), parentCode: parent, rows, total }
    },

    async detail(user: SessionUser, q: { region?: string; period?: string; kind: 'push' | 'local'; pageNum: number; pageSize: number }) {
      const code = regionOf(user, q.region)
      const { from, to } = monthsOf(q.period)
      const offset = (q.pageNum - 1) * q.pageSize
      if (q.kind === 'push') {
        const where = sql`b.state = 'delivered' AND ${scopeSql('n.region_id', regionScope([code]))}
          AND (${from}::int IS NULL OR coverage_month_of(b.delivered_at) BETWEEN ${from}::int AND ${to}::int)`
        const [{ rows: count }, { rows }] = await Promise.all([
          sql<{ n: number }>`SELECT count(*)::int AS n FROM push_batch b JOIN push_node n ON n.id = b.node_id WHERE ${where}`.execute(db),
          sql<{
            id: number
            title: string
            region_name: string | null
            region_codes: string[] | null
            scenes: number
            area: number
            at: Date
            by: string | null
            file: string | null
          }>`
            SELECT b.id, n.name AS title, r.name AS region_name, ARRAY[n.region_id] AS region_codes, b.scene_count AS scenes, b.area_km2 AS area, b.delivered_at AS at,
              u.username AS by, b.delivered_file AS file
            FROM push_batch b JOIN push_node n ON n.id = b.node_id LEFT JOIN region r ON r.code = n.region_id
              LEFT JOIN app_user u ON u.id = b.created_by
            WHERE ${where} ORDER BY b.delivered_at DESC, b.id DESC LIMIT ${q.pageSize} OFFSET ${offset}`.execute(db),
        ])
        return { total: count[0]?.n ?? 0, list: rows.map(toDetail) }
      }
      const where = sql`EXISTS (SELECT 1 FROM local_imagery l WHERE l.upload_id = up.id AND ${scopeSql('l.county_code', regionScope([code]))})
        AND (${from}::int IS NULL OR coverage_month_of(up.created_at) BETWEEN ${from}::int AND ${to}::int)`
      const [{ rows: count }, { rows }] = await Promise.all([
        sql<{ n: number }>`SELECT count(*)::int AS n FROM local_imagery_upload up WHERE ${where}`.execute(db),
        sql<DetailRow>`
          SELECT up.id, up.file_name AS title,
            (SELECT string_agg(DISTINCT r.name, '、') FROM local_imagery l JOIN region r ON r.code = l.province_code WHERE l.upload_id = up.id) AS region_name,
            (SELECT array_agg(DISTINCT r.code ORDER BY r.code) FROM local_imagery l JOIN region r ON r.code = l.province_code WHERE l.upload_id = up.id) AS region_codes,
            up.rows AS scenes, (SELECT coalesce(sum(l.area_km2), 0) FROM local_imagery l WHERE l.upload_id = up.id) AS area,
            up.created_at AS at, u.username AS by
          FROM local_imagery_upload up LEFT JOIN app_user u ON u.id = up.user_id
          WHERE ${where} ORDER BY up.created_at DESC, up.id DESC LIMIT ${q.pageSize} OFFSET ${offset}`.execute(db),
      ])
      return { total: count[0]?.n ?? 0, list: rows.map(toDetail) }
    },
  }
}

export type SharingService = ReturnType<typeof createSharingService>
