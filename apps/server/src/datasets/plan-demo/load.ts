import { type Kysely, sql } from 'kysely'
import type { Database } from '../../db/schema'
import { type DemoUnit, generatePlans, PLAN_DEMO_SETTINGS, type PlanDemoSettings, planDemoVersion } from './generate'

const DATA_NAME = 'plan-demo'

export interface PlanDemoResult {
  version: string
  loaded: boolean
  removed: boolean
  plans: number
  items: number
  milliseconds: number
}

/**
 * Loads the demo plans (示意) when reference_data does not hold this version: demo years, plans
 * and items are replaced (plans of real units in a demo year stay, and keep the year); items are
 * clipped to their unit's boundary in SQL. Their cells and overlaps are the plans module's to
 * derive (items without a grid version are painted after the start). With `enabled` false the demo
 * plans are removed (a real deployment, PLAN_DEMO=off). One transaction under an advisory lock.
 */
export async function loadPlanDemo(
  db: Kysely<Database>,
  options: { enabled: boolean; settings?: PlanDemoSettings } = { enabled: true },
): Promise<PlanDemoResult> {
  const started = performance.now()
  const settings = options.settings ?? PLAN_DEMO_SETTINGS
  const regions = await db.selectFrom('reference_data').select('version').where('name', '=', 'regions').executeTakeFirst()
  const version = options.enabled ? planDemoVersion(settings, regions?.version ?? '') : 'off'
  const current = await db.selectFrom('reference_data').select('version').where('name', '=', DATA_NAME).executeTakeFirst()
  const done = (loaded: boolean, plans = 0, items = 0) => ({
    version,
    loaded,
    removed: !options.enabled && loaded,
    plans,
    items,
    milliseconds: performance.now() - started,
  })
  if (current?.version === version || (!current && !options.enabled)) return done(false)

  const unitCodes = [...new Set(settings.plans.map((p) => p.unit))]
  const { rows: counties } = await sql<{ unit: string; code: string; name: string; lon: number; lat: number }>`
    SELECT u.code AS unit, c.code, c.name, ST_X(c.center) AS lon, ST_Y(c.center) AS lat
    FROM region u JOIN region c ON c.level = 'county' AND c.geom IS NOT NULL AND c.center IS NOT NULL
      AND (c.code = u.code OR (u.level = 'province' AND left(c.code, 2) = left(u.code, 2))
        OR (u.level = 'city' AND left(c.code, 4) = left(u.code, 4)))
    WHERE u.code = ANY (${unitCodes}::text[]) ORDER BY u.code, c.code`.execute(db)
  const units = new Map<string, DemoUnit>()
  for (const c of counties) {
    const unit = units.get(c.unit) ?? { code: c.unit, counties: [] }
    units.set(c.unit, unit)
    unit.counties.push({ code: c.code, name: c.name, lon: c.lon, lat: c.lat })
  }
  const { rows: named } = await sql<{ code: string; name: string }>`
    SELECT code, name FROM region WHERE code = ANY (${unitCodes}::text[])`.execute(db)
  const names = new Map(named.map((r) => [r.code, r.name]))
  const plans = options.enabled ? generatePlans(settings, units, names) : []

  let items = 0
  await db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(20261206)`.execute(trx)
    const again = await trx.selectFrom('reference_data').select('version').where('name', '=', DATA_NAME).executeTakeFirst()
    if (again?.version === version) return
    await sql`DELETE FROM plan WHERE demo`.execute(trx)
    await sql`DELETE FROM plan_year y WHERE y.demo AND NOT EXISTS (SELECT 1 FROM plan p WHERE p.year = y.year)`.execute(trx)
    if (options.enabled) {
      for (const y of settings.years)
        await sql`
          INSERT INTO plan_year (year, state, deadline, purchase_year, requested, resolution_types, demo, published_at)
          VALUES (${y.year}, ${y.state}, ${y.deadline}::date, ${y.purchaseYear}, ${y.requested}, ARRAY['sub1', 'm2', 'm5', 'm16'], true,
            CASE WHEN ${y.state} = 'published' THEN ${`${y.deadline}T12:00:00+08:00`}::timestamptz END)
          ON CONFLICT (year) DO NOTHING`.execute(trx)
      // the live revision last: one live plan per unit and year
      for (const plan of [...plans].sort((a, b) => Number(a.live) - Number(b.live))) {
        const { rows } = await sql<{ id: number }>`
          INSERT INTO plan (year, unit_region, unit_type, unit_name, revision, live, state, demo, submitted_at, reviewed_at, published_at)
          SELECT ${plan.year}, ${plan.unitRegion}, CASE level WHEN 'province' THEN 'province' WHEN 'city' THEN 'city' ELSE 'county' END, name,
            ${plan.revision}, ${plan.live}, ${plan.state}, true,
            CASE WHEN ${plan.state} <> 'draft' THEN make_timestamptz(${plan.year} - 1, 12, 1, 10, 0, 0, 'Asia/Shanghai') END,
            CASE WHEN ${plan.state} IN ('returned', 'accepted', 'published', 'superseded') THEN make_timestamptz(${plan.year}, 1, 10, 10, 0, 0, 'Asia/Shanghai') END,
            CASE WHEN ${plan.state} IN ('published', 'superseded') THEN make_timestamptz(${plan.year}, 4, 1, 10, 0, 0, 'Asia/Shanghai') END
          FROM region WHERE code = ${plan.unitRegion}
          ON CONFLICT DO NOTHING RETURNING id`.execute(trx)
        const planId = rows[0]?.id
        if (planId === undefined) continue
        const values = plan.items.map((i) => ({
          seq: i.seq,
          name: i.name,
          source: i.area.kind === 'region' ? 'region' : 'draw',
          codes: i.area.kind === 'region' ? [i.area.code] : [],
          wkt: i.area.kind === 'shape' ? i.area.wkt : null,
          resolution: i.resolution,
          months: i.months,
          cjlx: i.cjlx,
          purpose: i.purpose,
          owner: i.ownerUnit,
          rate: i.budgetRate,
          state: i.state,
          reason: i.returnReason,
        }))
        const { rows: inserted } = await sql<{ n: number }>`
          WITH v AS (
            SELECT * FROM json_to_recordset(${JSON.stringify(values)}::json) AS v(seq int, name text, source text, codes text[], wkt text,
              resolution text, months smallint[], cjlx text, purpose text, owner text, rate float8, state text, reason text)
          ), shaped AS (
            SELECT v.*, ST_Multi(ST_CollectionExtract(CASE WHEN v.wkt IS NULL THEN c.geom
              ELSE ST_Intersection(ST_GeomFromText(v.wkt, 4326), u.geom) END, 3)) AS geom
            FROM v JOIN region u ON u.code = ${plan.unitRegion}
            LEFT JOIN region c ON c.code = v.codes[1]
          ), ins AS (
            INSERT INTO plan_item (plan_id, seq, name, area_source, region_codes, geom, area_km2, resolution, months, cjlx, purpose,
              owner_unit, budget, state, return_reason)
            SELECT ${planId}, seq, name, source, coalesce(codes, '{}'), geom, ST_Area(geom::geography) / 1e6, resolution, months, cjlx, purpose,
              owner, round(greatest(ST_Area(geom::geography) / 1e6 * rate, 0.5)::numeric, 1), state, reason
            FROM shaped WHERE geom IS NOT NULL AND NOT ST_IsEmpty(geom)
            RETURNING 1
          )
          SELECT count(*)::int AS n FROM ins`.execute(trx)
        items += inserted[0]?.n ?? 0
      }
    }
    await sql`
      INSERT INTO reference_data (name, version) VALUES (${DATA_NAME}, ${version})
      ON CONFLICT (name) DO UPDATE SET version = EXCLUDED.version, loaded_at = now()`.execute(trx)
  })
  return done(true, plans.length, items)
}
