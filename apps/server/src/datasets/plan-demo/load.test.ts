import { PLAN_STATES } from '@rs/shared'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAreas } from '../../capabilities/area'
import { createCoverage } from '../../capabilities/coverage'
import { createTaskPool, type TaskPool } from '../../lib/workers/pool'
import { createPlanAreas } from '../../modules/plans/plan-area'
import { plansRepository } from '../../modules/plans/plans.repository'
import { createPlansService } from '../../modules/plans/plans.service'
import { createTestContext, type TestContext } from '../../test/test-context'
import { loadPlanDemo } from './load'

let ctx: TestContext
let pool: TaskPool

beforeAll(async () => {
  ctx = await createTestContext({ WORKER_THREADS: '1' })
  pool = createTaskPool({ maxThreads: 1 })
}, 120_000)
afterAll(async () => {
  await pool?.close()
  await ctx?.close()
})

const one = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(ctx.database.db)).rows[0] as T

describe('the demo plans', () => {
  it('are generated once per version inside their units, in every state of the workflow', async () => {
    const first = await loadPlanDemo(ctx.database.db, { enabled: true })
    expect(first.loaded).toBe(true)
    expect(first.items).toBeGreaterThan(150)
    const again = await loadPlanDemo(ctx.database.db, { enabled: true })
    expect(again).toMatchObject({ loaded: false, version: first.version })

    const years = await sql<{ year: number; state: string; demo: boolean }>`SELECT year, state, demo FROM plan_year ORDER BY year`.execute(
      ctx.database.db,
    )
    expect(years.rows).toEqual([
      { year: 2024, state: 'published', demo: true },
      { year: 2025, state: 'published', demo: true },
      { year: 2027, state: 'open', demo: true },
    ])
    const states = await sql<{ state: string }>`SELECT DISTINCT state FROM plan`.execute(ctx.database.db)
    expect(states.rows.map((r) => r.state).sort()).toEqual([...PLAN_STATES].sort())
    // one live plan per unit and year; 内蒙古 has none in the open year (its demo user fills it)
    expect(await one(sql<{ n: number }>`SELECT count(*)::int AS n FROM plan WHERE year = 2027 AND unit_region = '150000'`)).toEqual({
      n: 0,
    })
    // every item inside its unit (a shape clipped there, a county under it), with a positive area and a budget
    const outside = await one(sql<{ n: number }>`
      SELECT count(*)::int AS n FROM plan_item i JOIN plan p ON p.id = i.plan_id JOIN region u ON u.code = p.unit_region
      WHERE (i.area_source = 'draw' AND NOT ST_CoveredBy(i.geom, ST_Buffer(u.geom, 0.0001)))
        OR (i.area_source = 'region' AND left(i.region_codes[1], CASE p.unit_type WHEN 'province' THEN 2 ELSE 4 END)
          <> left(p.unit_region, CASE p.unit_type WHEN 'province' THEN 2 ELSE 4 END))
        OR i.area_km2 <= 0 OR i.budget <= 0`)
    expect(outside.n).toBe(0)
    const returned = await one(sql<{ reason: string }>`SELECT return_reason AS reason FROM plan_item WHERE state = 'returned' LIMIT 1`)
    expect(returned.reason.length).toBeGreaterThan(5)
  })

  it('are painted on the coverage grids after the start, and their overlaps between units kept', async () => {
    const db = ctx.database.db
    const coverage = createCoverage({ db, background: pool })
    const areas = createAreas({ db, tasks: pool, audit: { record: async () => {} } })
    const service = createPlansService(db, plansRepository, {
      areas: createPlanAreas(db, areas, coverage.areas),
      coverage: coverage.areas,
      audit: { record: async () => {} },
      sendMail: async () => {},
      log: { error: () => {} },
    })
    let painted = 0
    for (let n = await service.repaint(100); n > 0; n = await service.repaint(100)) painted += n
    const total = await one(sql<{ n: number }>`SELECT count(*)::int AS n FROM plan_item`)
    expect(painted).toBe(total.n)
    expect(await one(sql<{ n: number }>`SELECT count(*)::int AS n FROM plan_item WHERE grid_version IS NULL`)).toEqual({ n: 0 })
    // 内蒙古's 2025 items about 呼和浩特 cross the city's own
    const crossing = await one(sql<{ n: number }>`
      SELECT count(*)::int AS n FROM plan_overlap ov
      JOIN plan_item a ON a.id = ov.item_a JOIN plan pa ON pa.id = a.plan_id
      JOIN plan_item b ON b.id = ov.item_b JOIN plan pb ON pb.id = b.plan_id
      WHERE ov.year = 2025 AND '150000' IN (pa.unit_region, pb.unit_region) AND '150100' IN (pa.unit_region, pb.unit_region)`)
    expect(crossing.n).toBeGreaterThan(0)
    // no overlaps of a superseded revision
    const stale = await one(sql<{ n: number }>`
      SELECT count(*)::int AS n FROM plan_overlap ov JOIN plan_item i ON i.id IN (ov.item_a, ov.item_b) JOIN plan p ON p.id = i.plan_id
      WHERE NOT p.live`)
    expect(stale.n).toBe(0)
  }, 300_000)

  it('are removed for a real deployment (PLAN_DEMO=off), with their years', async () => {
    const off = await loadPlanDemo(ctx.database.db, { enabled: false })
    expect(off).toMatchObject({ loaded: true, removed: true })
    expect(await one(sql<{ n: number }>`SELECT count(*)::int AS n FROM plan`)).toEqual({ n: 0 })
    expect(await one(sql<{ n: number }>`SELECT count(*)::int AS n FROM plan_year`)).toEqual({ n: 0 })
  })
})
