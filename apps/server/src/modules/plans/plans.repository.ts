import { type PlanItemState, type PlanState, type PlanUnitType, type PlanYearState, type RegionScope, regionScope } from '@rs/shared'
import { type Kysely, type RawBuilder, sql } from 'kysely'
import { scopeSql } from '../../db/fragments'
import type { Database } from '../../db/schema'

/**
 * The plans' SQL (migration 20261206100000_plans): years, plans (a row per revision, the live one
 * the latest), items with their geometry and cells, and the overlaps of live items of different
 * units, kept when items change.
 */

type Db = Kysely<Database>

export interface YearRow {
  year: number
  state: PlanYearState
  deadline: string
  purchase_year: number
  requested: string
  resolution_types: string[]
  demo: boolean
  plans: number
  published_at: Date | null
}

export interface PlanRow {
  id: number
  year: number
  unit_region: string
  unit_type: PlanUnitType
  unit_name: string
  revision: number
  live: boolean
  state: PlanState
  demo: boolean
  created_by: number | null
  created_by_name: string | null
  submitted_by: number | null
  submitted_by_name: string | null
  submitted_at: Date | null
  reviewed_by_name: string | null
  published_at: Date | null
  updated_at: Date
  items: number
  area_km2: number
  budget: number
  pending: number
  accepted: number
  returned: number
}

export interface ItemRow {
  id: number
  plan_id: number
  seq: number
  name: string
  area_source: 'region' | 'draw' | 'shp'
  region_codes: string[]
  region_names: string[]
  area_km2: number
  resolution: string
  months: number[]
  cjlx: string
  purpose: string
  owner_unit: string
  budget: number
  state: PlanItemState
  return_reason: string | null
  overlap_km2: number
  grid_version: string | null
  geometry: string
}

export interface OverlapRow {
  item_id: number
  other_id: number
  other_name: string
  unit_region: string
  unit_name: string
  plan_state: PlanState
  area_km2: number
  /** GeoJSON text of the overlap, simplified */
  geometry: string | null
}

/** The fields an item is written with (its geometry as a SQL expression evaluated once). */
export interface ItemValues {
  name: string
  areaSource: 'region' | 'draw' | 'shp'
  regionCodes: string[]
  resolution: string
  months: number[]
  cjlx: string
  purpose: string
  ownerUnit: string
  budget: number
}

const yearColumns = sql`
  y.year, y.state, to_char(y.deadline, 'YYYY-MM-DD') AS deadline, y.purchase_year, y.requested, y.resolution_types, y.demo,
  (SELECT count(*)::int FROM plan p WHERE p.year = y.year AND p.live) AS plans, y.published_at`

const planColumns = sql`
  p.id, p.year, p.unit_region, p.unit_type, p.unit_name, p.revision, p.live, p.state, p.demo,
  p.created_by, cu.username AS created_by_name, p.submitted_by, su.username AS submitted_by_name, p.submitted_at,
  ru.username AS reviewed_by_name, p.published_at, p.updated_at,
  coalesce(i.items, 0)::int AS items, coalesce(i.area_km2, 0)::float8 AS area_km2, coalesce(i.budget, 0)::float8 AS budget,
  coalesce(i.pending, 0)::int AS pending, coalesce(i.accepted, 0)::int AS accepted, coalesce(i.returned, 0)::int AS returned`

const planFrom = sql`
  plan p
  LEFT JOIN app_user cu ON cu.id = p.created_by
  LEFT JOIN app_user su ON su.id = p.submitted_by
  LEFT JOIN app_user ru ON ru.id = p.reviewed_by
  LEFT JOIN LATERAL (
    SELECT count(*) AS items, sum(area_km2) AS area_km2, sum(budget) AS budget,
      count(*) FILTER (WHERE state = 'pending') AS pending, count(*) FILTER (WHERE state = 'accepted') AS accepted,
      count(*) FILTER (WHERE state = 'returned') AS returned
    FROM plan_item WHERE plan_id = p.id) i ON true`

export const plansRepository = {
  async years(db: Db): Promise<YearRow[]> {
    const { rows } = await sql<YearRow>`SELECT ${yearColumns} FROM plan_year y ORDER BY y.year DESC`.execute(db)
    return rows
  },

  async year(db: Db, year: number, options: { forUpdate?: boolean } = {}): Promise<YearRow | undefined> {
    const { rows } = await sql<YearRow>`
      SELECT ${yearColumns} FROM plan_year y WHERE y.year = ${year} ${options.forUpdate ? sql`FOR UPDATE OF y` : sql``}`.execute(db)
    return rows[0]
  },

  async insertYear(
    db: Db,
    v: {
      year: number
      deadline: string
      purchaseYear: number
      requested: string
      resolutionTypes: string[]
      openedBy: number | null
      demo?: boolean
    },
  ): Promise<boolean> {
    const { rows } = await sql<{ year: number }>`
      INSERT INTO plan_year (year, deadline, purchase_year, requested, resolution_types, opened_by, demo)
      VALUES (${v.year}, ${v.deadline}::date, ${v.purchaseYear}, ${v.requested}, ${v.resolutionTypes}::text[], ${v.openedBy}, ${v.demo ?? false})
      ON CONFLICT (year) DO NOTHING RETURNING year`.execute(db)
    return rows.length > 0
  },

  async setYearState(db: Db, year: number, state: PlanYearState): Promise<void> {
    await sql`
      UPDATE plan_year SET state = ${state}, published_at = CASE WHEN ${state} = 'published' THEN now() ELSE published_at END
      WHERE year = ${year}`.execute(db)
  },

  async plans(
    db: Db,
    filter: { year?: number; state?: PlanState; unitType?: PlanUnitType; region?: string; scope: RegionScope; all?: boolean },
    page: { offset: number; limit: number },
  ): Promise<{ rows: PlanRow[]; total: number }> {
    const where = sql.join(
      [
        scopeSql('p.unit_region', filter.scope),
        filter.all ? sql`true` : sql`p.live`,
        filter.year !== undefined ? sql`p.year = ${filter.year}` : sql`true`,
        filter.state ? sql`p.state = ${filter.state}` : sql`true`,
        filter.unitType ? sql`p.unit_type = ${filter.unitType}` : sql`true`,
        filter.region ? scopeSql('p.unit_region', regionScope([filter.region])) : sql`true`,
      ],
      sql` AND `,
    )
    const { rows } = await sql<PlanRow>`
      SELECT ${planColumns} FROM ${planFrom} WHERE ${where}
      ORDER BY p.year DESC, p.unit_region, p.revision DESC LIMIT ${page.limit} OFFSET ${page.offset}`.execute(db)
    const { rows: count } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM plan p WHERE ${where}`.execute(db)
    return { rows, total: count[0]?.n ?? 0 }
  },

  async plan(db: Db, id: number, options: { forUpdate?: boolean } = {}): Promise<PlanRow | undefined> {
    if (options.forUpdate) await sql`SELECT id FROM plan WHERE id = ${id} FOR UPDATE`.execute(db)
    const { rows } = await sql<PlanRow>`SELECT ${planColumns} FROM ${planFrom} WHERE p.id = ${id}`.execute(db)
    return rows[0]
  },

  async livePlan(db: Db, year: number, unitRegion: string): Promise<PlanRow | undefined> {
    const { rows } = await sql<PlanRow>`
      SELECT ${planColumns} FROM ${planFrom} WHERE p.year = ${year} AND p.unit_region = ${unitRegion} AND p.live`.execute(db)
    return rows[0]
  },

  async history(db: Db, year: number, unitRegion: string): Promise<Array<{ id: number; revision: number; state: PlanState }>> {
    const { rows } = await sql<{ id: number; revision: number; state: PlanState }>`
      SELECT id, revision, state FROM plan WHERE year = ${year} AND unit_region = ${unitRegion} ORDER BY revision`.execute(db)
    return rows
  },

  async regionName(db: Db, code: string): Promise<string | undefined> {
    const { rows } = await sql<{ name: string }>`SELECT name FROM region WHERE code = ${code}`.execute(db)
    return rows[0]?.name
  },

  async insertPlan(
    db: Db,
    v: {
      year: number
      unitRegion: string
      unitType: PlanUnitType
      unitName: string
      revision: number
      createdBy: number | null
      demo?: boolean
    },
  ): Promise<number> {
    const { rows } = await sql<{ id: number }>`
      INSERT INTO plan (year, unit_region, unit_type, unit_name, revision, created_by, demo)
      VALUES (${v.year}, ${v.unitRegion}, ${v.unitType}, ${v.unitName}, ${v.revision}, ${v.createdBy}, ${v.demo ?? false})
      RETURNING id`.execute(db)
    return rows[0]?.id as number
  },

  /** A new revision of a plan: the old row stops being live, its items (and cells) are copied as pending. */
  async copyItems(db: Db, from: number, to: number): Promise<number[]> {
    const { rows } = await sql<{ id: number; seq: number }>`
      INSERT INTO plan_item (plan_id, seq, name, area_source, region_codes, geom, area_km2, resolution, months, cjlx, purpose,
        owner_unit, budget, grid_version)
      SELECT ${to}, seq, name, area_source, region_codes, geom, area_km2, resolution, months, cjlx, purpose, owner_unit, budget, grid_version
      FROM plan_item WHERE plan_id = ${from} ORDER BY seq
      RETURNING id, seq`.execute(db)
    await sql`
      INSERT INTO plan_item_cell (item_id, county, bits, share, cells)
      SELECT n.id, c.county, c.bits, c.share, c.cells FROM plan_item o
      JOIN plan_item n ON n.plan_id = ${to} AND n.seq = o.seq
      JOIN plan_item_cell c ON c.item_id = o.id
      WHERE o.plan_id = ${from}`.execute(db)
    return rows.map((r) => r.id)
  },

  async setLive(db: Db, id: number, live: boolean): Promise<void> {
    await sql`UPDATE plan SET live = ${live}, updated_at = now() WHERE id = ${id}`.execute(db)
  },

  /** Moves a plan's state if it is still `from` (false when another request moved it first). */
  async setPlanState(
    db: Db,
    id: number,
    from: PlanState,
    to: PlanState,
    extra: { submittedBy?: number; reviewedBy?: number } = {},
  ): Promise<boolean> {
    const { rows } = await sql<{ id: number }>`
      UPDATE plan SET state = ${to}, updated_at = now(),
        submitted_by = coalesce(${extra.submittedBy ?? null}::int, submitted_by),
        submitted_at = CASE WHEN ${extra.submittedBy ?? null}::int IS NULL THEN submitted_at ELSE now() END,
        reviewed_by = coalesce(${extra.reviewedBy ?? null}::int, reviewed_by),
        reviewed_at = CASE WHEN ${extra.reviewedBy ?? null}::int IS NULL THEN reviewed_at ELSE now() END,
        published_at = CASE WHEN ${to} = 'published' THEN now() ELSE published_at END
      WHERE id = ${id} AND state = ${from} RETURNING id`.execute(db)
    return rows.length > 0
  },

  /** Earlier published revisions of a unit's year, superseded by a newly published one. */
  async supersedeEarlier(db: Db, year: number, unitRegion: string, revision: number): Promise<number> {
    const { rows } = await sql<{ id: number }>`
      UPDATE plan SET state = 'superseded', updated_at = now()
      WHERE year = ${year} AND unit_region = ${unitRegion} AND revision < ${revision} AND state = 'published' RETURNING id`.execute(db)
    return rows.length
  },

  async acceptedPlans(db: Db, year: number): Promise<PlanRow[]> {
    const { rows } = await sql<PlanRow>`
      SELECT ${planColumns} FROM ${planFrom} WHERE p.year = ${year} AND p.state = 'accepted' ORDER BY p.unit_region`.execute(db)
    return rows
  },

  async items(db: Db, planId: number): Promise<ItemRow[]> {
    const { rows } = await sql<ItemRow>`
      SELECT i.id, i.plan_id, i.seq, i.name, i.area_source, i.region_codes,
        coalesce((SELECT array_agg(r.name ORDER BY r.code) FROM region r WHERE r.code = ANY (i.region_codes)), '{}') AS region_names,
        i.area_km2, i.resolution, i.months::int[] AS months, i.cjlx, i.purpose, i.owner_unit, i.budget::float8 AS budget, i.state,
        i.return_reason, i.overlap_km2, i.grid_version,
        ST_AsGeoJSON(ST_SimplifyPreserveTopology(i.geom, 0.0005), 5) AS geometry
      FROM plan_item i WHERE i.plan_id = ${planId} ORDER BY i.seq`.execute(db)
    return rows
  },

  async item(db: Db, id: number): Promise<{ id: number; plan_id: number; state: PlanItemState; name: string } | undefined> {
    const { rows } = await sql<{ id: number; plan_id: number; state: PlanItemState; name: string }>`
      SELECT id, plan_id, state, name FROM plan_item WHERE id = ${id}`.execute(db)
    return rows[0]
  },

  async itemIds(db: Db, planId: number): Promise<number[]> {
    const { rows } = await sql<{ id: number }>`SELECT id FROM plan_item WHERE plan_id = ${planId}`.execute(db)
    return rows.map((r) => r.id)
  },

  async itemCount(db: Db, planId: number): Promise<number> {
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM plan_item WHERE plan_id = ${planId}`.execute(db)
    return rows[0]?.n ?? 0
  },

  async insertItem(db: Db, planId: number, v: ItemValues, geom: RawBuilder<unknown>, gridVersion: string): Promise<number> {
    const { rows } = await sql<{ id: number }>`
      INSERT INTO plan_item (plan_id, seq, name, area_source, region_codes, geom, area_km2, resolution, months, cjlx, purpose,
        owner_unit, budget, grid_version)
      SELECT ${planId}, coalesce((SELECT max(seq) FROM plan_item WHERE plan_id = ${planId}), 0) + 1, ${v.name}, ${v.areaSource},
        ${v.regionCodes}::text[], g.geom, ST_Area(g.geom::geography) / 1e6, ${v.resolution}, ${v.months}::smallint[], ${v.cjlx},
        ${v.purpose}, ${v.ownerUnit}, ${v.budget}, ${gridVersion}
      FROM (SELECT ST_Multi(ST_CollectionExtract(${geom}, 3)) AS geom) g
      RETURNING id`.execute(db)
    return rows[0]?.id as number
  },

  async updateItem(db: Db, id: number, v: ItemValues, geom: RawBuilder<unknown>, gridVersion: string, state: PlanItemState): Promise<void> {
    await sql`
      UPDATE plan_item SET name = ${v.name}, area_source = ${v.areaSource}, region_codes = ${v.regionCodes}::text[],
        geom = g.geom, area_km2 = ST_Area(g.geom::geography) / 1e6, resolution = ${v.resolution}, months = ${v.months}::smallint[],
        cjlx = ${v.cjlx}, purpose = ${v.purpose}, owner_unit = ${v.ownerUnit}, budget = ${v.budget}, grid_version = ${gridVersion},
        state = ${state}, return_reason = CASE WHEN ${state} = 'returned' THEN return_reason ELSE NULL END, updated_at = now()
      FROM (SELECT ST_Multi(ST_CollectionExtract(${geom}, 3)) AS geom) g
      WHERE plan_item.id = ${id}`.execute(db)
  },

  /** An item's cells per county (deflated), with its weighted share of the county and the cells set. */
  async replaceCells(
    db: Db,
    itemId: number,
    cells: ReadonlyArray<{ county: string; bits: Uint8Array; share: number; count: number }>,
  ): Promise<void> {
    await sql`DELETE FROM plan_item_cell WHERE item_id = ${itemId}`.execute(db)
    if (cells.length === 0) return
    await sql`
      INSERT INTO plan_item_cell (item_id, county, bits, share, cells)
      SELECT ${itemId}, c, b, s, n FROM unnest(${cells.map((c) => c.county)}::text[], ${cells.map((c) => Buffer.from(c.bits))}::bytea[],
        ${cells.map((c) => c.share)}::float8[], ${cells.map((c) => c.count)}::int[]) AS t(c, b, s, n)`.execute(db)
  },

  async deleteItem(db: Db, id: number): Promise<number[]> {
    const partners = await plansRepository.overlapPartners(db, [id])
    await sql`DELETE FROM plan_item WHERE id = ${id}`.execute(db)
    return partners
  },

  async setItemReview(db: Db, id: number, from: PlanItemState, to: PlanItemState, reason: string | null): Promise<boolean> {
    const { rows } = await sql<{ id: number }>`
      UPDATE plan_item SET state = ${to}, return_reason = ${reason}, updated_at = now()
      WHERE id = ${id} AND state = ${from} RETURNING id`.execute(db)
    return rows.length > 0
  },

  async itemStates(db: Db, planId: number): Promise<Array<{ state: PlanItemState; name: string; return_reason: string | null }>> {
    const { rows } = await sql<{ state: PlanItemState; name: string; return_reason: string | null }>`
      SELECT state, name, return_reason FROM plan_item WHERE plan_id = ${planId} ORDER BY seq`.execute(db)
    return rows
  },

  async overlapPartners(db: Db, itemIds: readonly number[]): Promise<number[]> {
    const { rows } = await sql<{ id: number }>`
      SELECT CASE WHEN item_a = ANY (${itemIds}::int[]) THEN item_b ELSE item_a END AS id FROM plan_overlap
      WHERE item_a = ANY (${itemIds}::int[]) OR item_b = ANY (${itemIds}::int[])`.execute(db)
    return [...new Set(rows.map((r) => r.id))]
  },

  /** Drops the overlaps of items that are no longer live (a superseded draft, a deleted item). */
  async dropOverlaps(db: Db, itemIds: readonly number[]): Promise<number[]> {
    const partners = await plansRepository.overlapPartners(db, itemIds)
    await sql`DELETE FROM plan_overlap WHERE item_a = ANY (${itemIds}::int[]) OR item_b = ANY (${itemIds}::int[])`.execute(db)
    return partners
  },

  /**
   * The overlaps of these items with the live items of other units of the same year, computed
   * anew (exact intersection, geodesic area; slivers under 1 m² dropped), then each item's overlap
   * km² (its area that any other unit also plans) for them and their partners old and new.
   */
  async refreshOverlaps(db: Db, itemIds: readonly number[]): Promise<void> {
    if (itemIds.length === 0) return
    const before = await plansRepository.dropOverlaps(db, itemIds)
    await sql`
      INSERT INTO plan_overlap (item_a, item_b, year, geom, area_km2, county)
      SELECT DISTINCT ON (least(s.x, s.o), greatest(s.x, s.o)) least(s.x, s.o), greatest(s.x, s.o), s.year, s.g,
        ST_Area(s.g::geography) / 1e6,
        (SELECT r.code FROM region r WHERE r.level = 'county' AND r.geom && ST_PointOnSurface(s.g)
          AND ST_Contains(r.geom, ST_PointOnSurface(s.g)) LIMIT 1)
      FROM (
        SELECT x.id AS x, o.id AS o, xp.year, ST_Multi(ST_CollectionExtract(ST_Intersection(x.geom, o.geom), 3)) AS g
        FROM plan_item x
        JOIN plan xp ON xp.id = x.plan_id AND xp.live
        JOIN plan op ON op.year = xp.year AND op.live AND op.unit_region <> xp.unit_region
        JOIN plan_item o ON o.plan_id = op.id AND o.geom && x.geom AND ST_Intersects(o.geom, x.geom)
        WHERE x.id = ANY (${itemIds}::int[])
      ) s
      WHERE NOT ST_IsEmpty(s.g) AND ST_Area(s.g::geography) > 1
      ON CONFLICT DO NOTHING`.execute(db)
    const after = await plansRepository.overlapPartners(db, itemIds)
    await plansRepository.refreshOverlapAreas(db, [...new Set([...itemIds, ...before, ...after])])
  },

  async refreshOverlapAreas(db: Db, itemIds: readonly number[]): Promise<void> {
    if (itemIds.length === 0) return
    await sql`
      UPDATE plan_item i SET overlap_km2 = coalesce((
        SELECT ST_Area(ST_Union(ov.geom)::geography) / 1e6 FROM plan_overlap ov WHERE ov.item_a = i.id OR ov.item_b = i.id), 0)
      WHERE i.id = ANY (${itemIds}::int[])`.execute(db)
  },

  /** The overlaps of a plan's items (or of any area) with other units' live items of the year. */
  async overlapsOf(db: Db, itemIds: readonly number[]): Promise<OverlapRow[]> {
    const { rows } = await sql<OverlapRow>`
      SELECT CASE WHEN ov.item_a = ANY (${itemIds}::int[]) THEN ov.item_a ELSE ov.item_b END AS item_id,
        o.id AS other_id, o.name AS other_name, op.unit_region, op.unit_name, op.state AS plan_state, ov.area_km2,
        ST_AsGeoJSON(ST_SimplifyPreserveTopology(ov.geom, 0.0005), 5) AS geometry
      FROM plan_overlap ov
      JOIN plan_item o ON o.id = CASE WHEN ov.item_a = ANY (${itemIds}::int[]) THEN ov.item_b ELSE ov.item_a END
      JOIN plan op ON op.id = o.plan_id
      WHERE ov.item_a = ANY (${itemIds}::int[]) OR ov.item_b = ANY (${itemIds}::int[])
      ORDER BY ov.area_km2 DESC`.execute(db)
    return rows
  },

  /** Other units' live items of a year that an area (not stored) overlaps, with the overlaps' geodesic areas. */
  async overlapsOfArea(db: Db, year: number, unitRegion: string, geom: RawBuilder<unknown>): Promise<OverlapRow[]> {
    const { rows } = await sql<OverlapRow>`
      SELECT 0 AS item_id, s.other_id, s.other_name, s.unit_region, s.unit_name, s.plan_state, ST_Area(s.g::geography) / 1e6 AS area_km2,
        ST_AsGeoJSON(ST_SimplifyPreserveTopology(s.g, 0.0005), 5) AS geometry
      FROM (
        SELECT o.id AS other_id, o.name AS other_name, op.unit_region, op.unit_name, op.state AS plan_state,
          ST_CollectionExtract(ST_Intersection(a.geom, o.geom), 3) AS g
        FROM (SELECT ${geom} AS geom) a
        JOIN plan_item o ON o.geom && a.geom AND ST_Intersects(o.geom, a.geom)
        JOIN plan op ON op.id = o.plan_id AND op.live AND op.year = ${year} AND op.unit_region <> ${unitRegion}
      ) s
      WHERE NOT ST_IsEmpty(s.g) AND ST_Area(s.g::geography) > 1
      ORDER BY 7 DESC LIMIT 50`.execute(db)
    return rows
  },

  /** Items' cells per county: the runs (bytes), the weighted share of the county, the cells set. */
  async itemCells(
    db: Db,
    itemIds: readonly number[],
  ): Promise<Array<{ item_id: number; county: string; bits: Uint8Array; share: number; cells: number }>> {
    const { rows } = await sql<{ item_id: number; county: string; bits: Uint8Array; share: number; cells: number }>`
      SELECT item_id, county, bits, share, cells FROM plan_item_cell WHERE item_id = ANY (${itemIds}::int[])`.execute(db)
    return rows
  },

  /** Items painted on other grids than these (rebuilt regions): to paint again. */
  async staleItems(db: Db, gridVersion: string, limit: number): Promise<number[]> {
    const { rows } = await sql<{ id: number }>`
      SELECT id FROM plan_item WHERE grid_version IS DISTINCT FROM ${gridVersion} ORDER BY id LIMIT ${limit}`.execute(db)
    return rows.map((r) => r.id)
  },

  /** An item's geometry as GeoJSON and the counties it meets, for painting it on the grids. */
  async itemShape(db: Db, id: number): Promise<{ geojson: string; counties: string[] } | undefined> {
    const { rows } = await sql<{ geojson: string; counties: string[] }>`
      SELECT ST_AsGeoJSON(i.geom, 7) AS geojson,
        coalesce((SELECT array_agg(r.code) FROM region r WHERE r.level = 'county' AND r.geom IS NOT NULL
          AND r.geom && i.geom AND ST_Intersects(r.geom, i.geom)), '{}') AS counties
      FROM plan_item i WHERE i.id = ${id}`.execute(db)
    return rows[0]
  },

  async setGridVersion(db: Db, id: number, gridVersion: string): Promise<void> {
    await sql`UPDATE plan_item SET grid_version = ${gridVersion} WHERE id = ${id}`.execute(db)
  },

  /** Accounts with the given permission and an e-mail (the ministry's reviewers). */
  async mailOf(db: Db, permission: string): Promise<string[]> {
    const { rows } = await sql<{ email: string }>`
      SELECT DISTINCT u.email FROM app_user u JOIN user_permission up ON up.user_id = u.id
      WHERE up.code = ${permission} AND u.email IS NOT NULL AND u.email <> '' AND NOT u.disabled`.execute(db)
    return rows.map((r) => r.email)
  },

  async userMail(db: Db, userId: number | null): Promise<string | null> {
    if (userId === null) return null
    const { rows } = await sql<{ email: string | null }>`SELECT email FROM app_user WHERE id = ${userId} AND NOT disabled`.execute(db)
    return rows[0]?.email || null
  },
}

export type PlansRepository = typeof plansRepository
