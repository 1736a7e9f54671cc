import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../test/test-context'
import { loadMonitorSpots } from './load'

// a twentieth of the demo: the suite's time must not grow
const SMALL = { scale: 0.05 }

describe('loadMonitorSpots', () => {
  let ctx: TestContext
  beforeAll(async () => {
    ctx = await createTestContext()
  })
  afterAll(async () => {
    await ctx?.close()
  })

  it('loads spots once per version on real county boundaries (each spot meets its county), with their city and province', async () => {
    const db = ctx.database.db
    const indexes = async () =>
      (await sql<{ indexdef: string }>`SELECT indexdef FROM pg_indexes WHERE tablename = 'monitor_spot' ORDER BY indexname`.execute(db))
        .rows
    const migrated = await indexes()
    const first = await loadMonitorSpots(db, { settings: SMALL })
    // the bulk load drops and rebuilds the secondary indexes: they come back exactly as the migration made them
    expect(await indexes()).toEqual(migrated)
    expect(migrated.length).toBe(7) // primary key, unique (module, batch, site_id), and SECONDARY_INDEXES (no monitor_spot_stats_idx: 20261130200000)
    console.log(`small monitor set: ${first.spots} spots of ${first.sites} sites in ${Math.round(first.milliseconds)} ms`, first.phases)
    expect(first.loaded).toBe(true)
    expect(first.spots).toBeGreaterThan(500)
    expect(await loadMonitorSpots(db, { settings: SMALL })).toMatchObject({ loaded: false, spots: 0, version: first.version })

    const { rows } = await sql<{
      n: number
      outside: number
      bad_province: number
      bad_city: number
      modules: number
      areas: number
      lengths: number
    }>`
      SELECT count(*)::int AS n,
        count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM region r WHERE r.code = s.county_code AND r.level = 'county'
          AND ST_Intersects(r.geom, s.geom)))::int AS outside,
        count(*) FILTER (WHERE s.province_code <> substr(s.county_code, 1, 2) || '0000')::int AS bad_province,
        count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM region r WHERE r.code = s.city_code))::int AS bad_city,
        count(DISTINCT s.module)::int AS modules,
        count(*) FILTER (WHERE s.area_m2 > 0)::int AS areas,
        count(*) FILTER (WHERE s.length_m > 0)::int AS lengths
      FROM monitor_spot s`.execute(db)
    const r = rows[0]
    expect(r?.n).toBe(first.spots)
    expect(r?.outside).toBe(0)
    expect(r?.bad_province).toBe(0)
    expect(r?.bad_city).toBe(0)
    expect(r?.modules).toBe(8)
    expect(r?.areas).toBeGreaterThan(0)
    expect(r?.lengths).toBeGreaterThan(0)

    // five batches per module with their file names and counts; 'new' only in a site's first batch
    const batches = await db
      .selectFrom('monitor_batch')
      .select(['module', 'batch', 'filename'])
      .where('module', '=', 'pvland')
      .orderBy('batch')
      .execute()
    expect(batches.map((b) => b.batch)).toEqual(['20250331', '20250630', '20250930', '20251231', '20260331'])
    expect(batches[1]?.filename).toBe('pvland_20250630.zip')
    const { rows: stages } = await sql<{ bad: number }>`
      SELECT count(*)::int AS bad FROM monitor_spot s WHERE s.stage = 'new'
        AND EXISTS (SELECT 1 FROM monitor_spot e WHERE e.module = s.module AND e.site_id = s.site_id AND e.batch < s.batch)`.execute(db)
    expect(stages[0]?.bad).toBe(0)

    // another seed is another version: the generated batches are replaced
    const other = await loadMonitorSpots(db, { settings: { ...SMALL, seed: 7 } })
    expect(other.version).not.toBe(first.version)
    const { rows: count } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM monitor_spot`.execute(db)
    expect(count[0]?.n).toBe(other.spots)
  })
})
