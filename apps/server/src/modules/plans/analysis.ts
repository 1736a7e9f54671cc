import {
  PERMISSION,
  type PlanAnalysisRow,
  type PlanSummarySheet,
  type PlanUnitType,
  parsePlanMonths,
  regionScope,
  type SummaryRow,
  WHOLE_COUNTRY_CODE,
} from '@rs/shared'
import { type Kysely, sql } from 'kysely'
import { type AreaCounty, type AreaCoverage, CELLS_PER_COUNTY, type Coverage, type RegionTree } from '../../capabilities/coverage'
import { scopeSql } from '../../db/fragments'
import type { Database } from '../../db/schema'
import { ApiError } from '../../lib/errors'
import { t } from '../../lib/locale'
import { localRegion, regionName } from '../../lib/region-names'
import { regionScopeOf, type SessionUser } from '../../lib/session'
import { heldQuestion, itemAreas } from './held'
import { plansRepository } from './plans.repository'

/**
 * The plans' figures: the summary sheet of a year (汇总表: per unit × resolution type, with the
 * months wanted, totals and overlaps) and the overall analysis (统筹分析: per region, what the
 * units plan, what the purchase year already holds of it, the new need and the budget, and where
 * different units' plans overlap). Areas per region come from the items' cells on the coverage
 * grids; overlaps are the exact geodesic pairs kept when items are saved.
 */

type Db = Kysely<Database>
type Caller = Pick<SessionUser, 'permissions' | 'regionIds'>

const round2 = (v: number) => Math.round(v * 100) / 100

export interface AnalysisQuestion {
  planYear: number
  purchaseYear: number
  compareYear?: number
  unitType?: PlanUnitType
  yearOption: 1 | 2
  regionId: string
  resolution?: string
  month: string
  cjlx?: string
  overlap: '0' | '1'
  owners?: string
}

interface ItemFacts {
  /** the item's cells are those painted at this stamp (its last change and grid version) */
  stamp: string
  id: number
  name: string
  unit_region: string
  unit_name: string
  resolution: string
  months: number[]
  budget: number
  area_km2: number
}

/** The callers' scope over units: the ministry and whole-country ranges see every unit. */
function unitScope(caller: Caller) {
  return caller.permissions.includes(PERMISSION.planPublish) ? regionScope([WHOLE_COUNTRY_CODE]) : regionScopeOf(caller)
}

function ownersOf(text: string | undefined): string[] | null {
  if (!text) return null
  const codes = text
    .split(',')
    .map((c) => c.trim())
    .filter((c) => /^\d{6}$/.test(c))
  return codes.length > 0 ? codes : null
}

/** The filtered live items of a year, in the caller's scope. */
function itemFilter(caller: Caller, q: Omit<AnalysisQuestion, 'planYear'>, year: number) {
  const months = q.month === 'qb' ? null : parsePlanMonths(q.month)
  const owners = ownersOf(q.owners)
  return sql.join(
    [
      sql`p.year = ${year}`,
      sql`p.live`,
      scopeSql('p.unit_region', unitScope(caller)),
      q.unitType ? sql`p.unit_type = ${q.unitType}` : sql`true`,
      q.resolution ? sql`i.resolution = ${q.resolution}` : sql`true`,
      q.cjlx ? sql`i.cjlx = ${q.cjlx}` : sql`true`,
      months ? sql`i.months && ${months}::smallint[]` : sql`true`,
      owners ? sql`p.unit_region = ANY (${owners}::text[])` : sql`true`,
    ],
    sql` AND `,
  )
}

const emptyRow = (): Omit<PlanAnalysisRow, 'code' | 'name'> => ({
  items: 0,
  plannedKm2: 0,
  heldKm2: 0,
  newNeedKm2: 0,
  overlapKm2: 0,
  budget: 0,
})

function finish<T extends Omit<PlanAnalysisRow, 'code' | 'name'>>(row: T): T {
  return {
    ...row,
    plannedKm2: round2(row.plannedKm2),
    heldKm2: round2(row.heldKm2),
    newNeedKm2: round2(Math.max(0, row.plannedKm2 - row.heldKm2)),
    overlapKm2: round2(row.overlapKm2),
    budget: round2(row.budget),
  }
}

interface OverlapSums {
  pairs: number
  km2: number
  byCounty: Array<{ county: string; km2: number }>
  byResolution: Array<{ resolution: string; km2: number }>
  /** the largest 500 */
  top: Array<{ item_a: number; item_b: number; area_km2: number; county: string }>
}
/** Items whose cells are kept in memory (about 4 KB each); past it the keeping starts again. */
const KEPT_ITEMS = 200_000

/** A map feature of the analysis: an item (its unit) or an overlap (its two units). */
interface MapFeature {
  properties: Record<string, unknown>
}

/** The units' names of a map feature in the caller's language (the SQL gives the stored Chinese ones). */
function withLocalUnits(feature: MapFeature): MapFeature {
  const p = feature.properties
  const local = (code: unknown, name: unknown) =>
    typeof name === 'string' ? regionName(typeof code === 'string' ? code : null, name) : name
  if (p.kind === 'item') p.unit = local(p.unitRegion, p.unit)
  else if (p.kind === 'overlap') {
    p.a = local(p.aRegion, p.a)
    p.b = local(p.bRegion, p.b)
  }
  return feature
}

export function createPlanAnalysis(db: Db, coverage: Coverage) {
  const areas: AreaCoverage = coverage.areas
  const kept = new Map<number, { stamp: string; cells: Map<string, AreaCounty> }>()

  /** For each county under the region, the child row it counts in (the region itself for a county). */
  function rowOfCounty(tree: RegionTree, regionId: string): Map<string, string> {
    const rows = new Map<string, string>()
    const region = tree.byCode.get(regionId)
    if (!region) return rows
    for (const county of tree.countiesUnder(regionId)) {
      let code = county.code
      let node = tree.byCode.get(code)
      while (node?.parent && node.parent !== regionId) {
        code = node.parent
        node = tree.byCode.get(code)
      }
      rows.set(county.code, region.level === 'county' ? regionId : code)
    }
    return rows
  }

  async function yearRows(caller: Caller, q: AnalysisQuestion, year: number, tree: RegionTree) {
    const countyRow = rowOfCounty(tree, q.regionId)
    const { rows: items } = await sql<ItemFacts>`
      SELECT i.id, i.name, p.unit_region, p.unit_name, i.resolution, i.months::int[] AS months, i.budget::float8 AS budget, i.area_km2,
        i.updated_at::text || '|' || coalesce(i.grid_version, '') AS stamp
      FROM plan_item i JOIN plan p ON p.id = i.plan_id WHERE ${itemFilter(caller, q, year)}
        AND (${q.regionId === WHOLE_COUNTRY_CODE}
          OR EXISTS (SELECT 1 FROM plan_item_cell c WHERE c.item_id = i.id AND ${scopeSql('c.county', regionScope([q.regionId]))}))`.execute(
      db,
    )
    const byId = new Map(items.map((i) => [i.id, i]))
    // the items' cells, kept between questions by each item's stamp: only new or changed items are read
    const missing = items.filter((i) => kept.get(i.id)?.stamp !== i.stamp)
    if (missing.length > 0) {
      const fresh = itemAreas(
        areas,
        await plansRepository.itemCells(
          db,
          missing.map((i) => i.id),
        ),
      )
      for (const i of missing) kept.set(i.id, { stamp: i.stamp, cells: fresh.get(i.id) ?? new Map() })
      if (kept.size > KEPT_ITEMS) kept.clear()
    }
    const cells = new Map(items.map((i) => [i.id, kept.get(i.id)?.cells ?? new Map<string, AreaCounty>()]))
    // one question per resolution type and months, shared by the items that ask the same
    const questions = new Map<string, ReturnType<typeof heldQuestion>>()
    const questionOf = (item: ItemFacts) => {
      const key = `${item.resolution}|${item.months.join(',')}`
      let question = questions.get(key)
      if (!question) {
        question = heldQuestion(['archive', 'local'], item.resolution, item.months, q.purchaseYear)
        questions.set(key, question)
      }
      return question
    }
    const measured = [...cells].map(([id, itemCells]) => ({ item: byId.get(id) as ItemFacts, cells: itemCells }))
    const measures = await areas.measure(measured.map((m) => ({ cells: m.cells, question: questionOf(m.item) })))
    const rows = new Map<string, Omit<PlanAnalysisRow, 'code' | 'name'>>()
    const byResolution = new Map<string, Omit<PlanAnalysisRow, 'code' | 'name'>>()
    const total = emptyRow()
    for (const [k, { item }] of measured.entries()) {
      const measure = measures[k] as (typeof measures)[number]
      // the item's whole grid area (all its counties, inside the region or not) shares out its budget
      const whole = measure.gridKm2 > 0 ? measure.gridKm2 : 1
      const seen = new Set<string>()
      const res = byResolution.get(item.resolution) ?? emptyRow()
      byResolution.set(item.resolution, res)
      res.items += 1
      total.items += 1
      for (const [county, part] of measure.counties) {
        const code = countyRow.get(county)
        if (!code) continue
        const row = rows.get(code) ?? emptyRow()
        rows.set(code, row)
        if (!seen.has(code)) {
          row.items += 1
          seen.add(code)
        }
        const budget = (item.budget * part.gridKm2) / whole
        for (const r of [row, res, total]) {
          r.plannedKm2 += part.gridKm2
          r.heldKm2 += part.coveredKm2
          r.budget += budget
        }
      }
    }
    // overlaps between the filtered items of different units, counted where they lie (summed in the database)
    const ids = items.map((i) => i.id)
    const { rows: summed } = await sql<{ o: OverlapSums }>`
      WITH ov AS (
        SELECT ov.item_a, ov.item_b, ov.area_km2, ov.county FROM plan_overlap ov
        WHERE ov.year = ${year} AND ov.item_a = ANY (${ids}::int[]) AND ov.item_b = ANY (${ids}::int[]) AND ov.county IS NOT NULL
          AND ${scopeSql('ov.county', regionScope([q.regionId]))}
      )
      SELECT json_build_object(
        'pairs', (SELECT count(*) FROM ov),
        'km2', (SELECT coalesce(sum(area_km2), 0) FROM ov),
        'byCounty', (SELECT coalesce(json_agg(json_build_object('county', county, 'km2', km2)), '[]') FROM (
          SELECT county, sum(area_km2) AS km2 FROM ov GROUP BY county) c),
        'byResolution', (SELECT coalesce(json_agg(json_build_object('resolution', resolution, 'km2', km2)), '[]') FROM (
          SELECT i.resolution, sum(u.a) / 2 AS km2 FROM (SELECT item_a AS id, area_km2 AS a FROM ov UNION ALL SELECT item_b, area_km2 FROM ov) u
          JOIN plan_item i ON i.id = u.id GROUP BY i.resolution) r),
        'top', (SELECT coalesce(json_agg(t), '[]') FROM (
          SELECT item_a, item_b, area_km2, county FROM ov ORDER BY area_km2 DESC LIMIT 500) t)
      ) AS o`.execute(db)
    const overlaps = summed[0]?.o as OverlapSums
    for (const c of overlaps.byCounty) {
      const code = countyRow.get(c.county)
      if (!code) continue
      const row = rows.get(code) ?? emptyRow()
      rows.set(code, row)
      row.overlapKm2 += c.km2
      total.overlapKm2 += c.km2
    }
    for (const r of overlaps.byResolution) {
      const res = byResolution.get(r.resolution)
      if (res) res.overlapKm2 += r.km2
    }
    const list: PlanAnalysisRow[] = [...rows]
      .map(([code, r]) => ({ code, name: regionName(code, tree.byCode.get(code)?.name ?? code), ...finish(r) }))
      .sort((a, b) => b.plannedKm2 - a.plannedKm2 || a.code.localeCompare(b.code))
    return { rows: list, total: finish(total), byResolution, byId, overlaps, items }
  }

  return {
    async analysis(caller: Caller, q: AnalysisQuestion) {
      if (q.purchaseYear > q.planYear) throw ApiError.of(400, 'plan.errors.purchaseAfterPlan')
      if (q.yearOption === 2 && q.compareYear === q.planYear) throw ApiError.of(400, 'plan.errors.sameYear')
      const tree = await coverage.regions()
      const region = tree.byCode.get(q.regionId)
      if (!region) throw ApiError.of(404, 'plan.errors.unknownRegion', { code: q.regionId })
      const main = await yearRows(caller, q, q.planYear, tree)
      const compareYear = q.yearOption === 2 ? (q.compareYear ?? q.planYear - 1) : null
      const compare = compareYear === null ? null : await yearRows(caller, q, compareYear, tree)
      const describe = (id: number) => {
        const i = main.byId.get(id) as ItemFacts
        return { itemId: id, itemName: i.name, unitRegion: i.unit_region, unitName: regionName(i.unit_region, i.unit_name) }
      }
      const { rows: units } = await sql<{ item_id: number; state: string }>`
        SELECT i.id AS item_id, p.state FROM plan_item i JOIN plan p ON p.id = i.plan_id
        WHERE i.id = ANY (${main.overlaps.top.flatMap((o) => [o.item_a, o.item_b])}::int[])`.execute(db)
      const stateOf = new Map(units.map((u) => [u.item_id, u.state]))
      return {
        planYear: q.planYear,
        purchaseYear: q.purchaseYear,
        region: localRegion({ code: region.code, name: region.name }),
        rows: main.rows,
        total: main.total,
        byResolution: [...main.byResolution].map(([resolution, r]) => ({ resolution, ...finish(r) })) as never,
        overlaps: main.overlaps.top.map((o) => ({
          a: { ...describe(o.item_a), planState: stateOf.get(o.item_a) as never, areaKm2: round2(o.area_km2) },
          b: { ...describe(o.item_b), planState: stateOf.get(o.item_b) as never, areaKm2: round2(o.area_km2) },
          areaKm2: round2(o.area_km2),
          regionName: regionName(o.county as string, tree.byCode.get(o.county as string)?.name ?? ''),
        })),
        overlapTotal: { pairs: main.overlaps.pairs, areaKm2: round2(main.overlaps.km2) },
        owners: [...new Map(main.items.map((i) => [i.unit_region, i.unit_name]))]
          .map(([code, name]) => ({ code, name: regionName(code, name) }))
          .sort((a, b) => a.code.localeCompare(b.code)),
        compare: compare && compareYear !== null ? { year: compareYear, rows: compare.rows, total: compare.total } : null,
        cellNote: t('plan.analysis.cellNote', { cells: CELLS_PER_COUNTY }),
      }
    },

    /** The items (or, with overlap 1, the overlaps) in the region as GeoJSON for the map, simplified. */
    async features(caller: Caller, q: AnalysisQuestion) {
      const LIMIT = 3000
      const where = itemFilter(caller, q, q.planYear)
      const region = sql`(SELECT geom FROM region WHERE code = ${q.regionId})`
      const { rows } =
        q.overlap === '1'
          ? await sql<{ f: string }>`
            SELECT json_build_object('type', 'Feature',
              'geometry', ST_AsGeoJSON(ST_SimplifyPreserveTopology(ov.geom, 0.0005), 5)::json,
              'properties', json_build_object('kind', 'overlap', 'a', pa.unit_name, 'b', pb.unit_name, 'aRegion', pa.unit_region, 'bRegion', pb.unit_region,
                'itemA', ia.name, 'itemB', ib.name,
                'idA', ov.item_a, 'idB', ov.item_b, 'areaKm2', round(ov.area_km2::numeric, 2)))::text AS f
            FROM plan_overlap ov
            JOIN plan_item ia ON ia.id = ov.item_a JOIN plan pa ON pa.id = ia.plan_id
            JOIN plan_item ib ON ib.id = ov.item_b JOIN plan pb ON pb.id = ib.plan_id
            WHERE ov.year = ${q.planYear}
              AND EXISTS (SELECT 1 FROM plan_item i JOIN plan p ON p.id = i.plan_id WHERE i.id = ov.item_a AND ${where})
              AND EXISTS (SELECT 1 FROM plan_item i JOIN plan p ON p.id = i.plan_id WHERE i.id = ov.item_b AND ${where})
              AND (${q.regionId} = '100000' OR ST_Intersects(ov.geom, ${region}))
            ORDER BY ov.area_km2 DESC LIMIT ${LIMIT + 1}`.execute(db)
          : await sql<{ f: string }>`
            SELECT json_build_object('type', 'Feature',
              'geometry', ST_AsGeoJSON(ST_SimplifyPreserveTopology(i.geom, 0.0005), 5)::json,
              'properties', json_build_object('kind', 'item', 'id', i.id, 'name', i.name, 'unit', p.unit_name, 'unitRegion', p.unit_region,
                'resolution', i.resolution, 'state', p.state, 'areaKm2', round(i.area_km2::numeric, 2),
                'overlapKm2', round(i.overlap_km2::numeric, 2)))::text AS f
            FROM plan_item i JOIN plan p ON p.id = i.plan_id
            WHERE ${where} AND (${q.regionId} = '100000' OR ST_Intersects(i.geom, ${region}))
            ORDER BY i.area_km2 DESC LIMIT ${LIMIT + 1}`.execute(db)
      return {
        type: 'FeatureCollection' as const,
        features: rows.slice(0, LIMIT).map((r) => withLocalUnits(JSON.parse(r.f) as MapFeature)),
        truncated: rows.length > LIMIT,
      }
    },

    /** The year's summary sheet: published plans (or every live plan), per unit × resolution type. */
    async summary(q: { year: number; state: 'published' | 'all'; unitType?: PlanUnitType }): Promise<PlanSummarySheet> {
      const where = sql.join(
        [
          sql`p.year = ${q.year}`,
          q.state === 'published' ? sql`p.state = 'published'` : sql`p.live`,
          q.unitType ? sql`p.unit_type = ${q.unitType}` : sql`true`,
        ],
        sql` AND `,
      )
      const { rows } = await sql<{
        unit_region: string
        unit_name: string
        resolution: string
        months: number[]
        area_km2: number
        budget: number
        overlap_km2: number
      }>`
        SELECT p.unit_region, p.unit_name, i.resolution, i.months::int[] AS months, i.area_km2, i.budget::float8 AS budget, i.overlap_km2
        FROM plan_item i JOIN plan p ON p.id = i.plan_id WHERE ${where}
        ORDER BY p.unit_region, i.resolution`.execute(db)
      const key = (r: { unit_region: string; resolution: string }) => `${r.unit_region}|${r.resolution}`
      const add = (into: Omit<SummaryRow, 'unitRegion' | 'unitName' | 'resolution'>, r: (typeof rows)[number]) => {
        into.items += 1
        into.areaKm2 += r.area_km2
        into.budget += r.budget
        into.overlapKm2 += r.overlap_km2
        for (const m of r.months) into.months[m - 1] = (into.months[m - 1] as number) + r.area_km2
      }
      const blank = () => ({ items: 0, areaKm2: 0, budget: 0, overlapKm2: 0, months: Array<number>(12).fill(0) })
      const units = new Map<string, SummaryRow>()
      const byResolution = new Map<string, Omit<SummaryRow, 'unitRegion' | 'unitName'>>()
      const total = blank()
      for (const r of rows) {
        const u = units.get(key(r)) ?? {
          unitRegion: r.unit_region,
          unitName: regionName(r.unit_region, r.unit_name),
          resolution: r.resolution as never,
          ...blank(),
        }
        units.set(key(r), u)
        const res = byResolution.get(r.resolution) ?? { resolution: r.resolution as never, ...blank() }
        byResolution.set(r.resolution, res)
        for (const into of [u, res, total]) add(into, r)
      }
      const tidy = <T extends { areaKm2: number; budget: number; overlapKm2: number; months: number[] }>(r: T): T => ({
        ...r,
        areaKm2: round2(r.areaKm2),
        budget: round2(r.budget),
        overlapKm2: round2(r.overlapKm2),
        months: r.months.map(round2),
      })
      return {
        year: q.year,
        state: q.state,
        rows: [...units.values()].map(tidy),
        byResolution: [...byResolution.values()].map(tidy),
        total: tidy(total),
      }
    },
  }
}

export type PlanAnalysis = ReturnType<typeof createPlanAnalysis>
