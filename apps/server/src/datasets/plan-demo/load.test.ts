import { PLAN_STATES } from '@rs/shared'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../test/test-context'
import { loadPlanDemo } from './load'

let ctx: TestContext

beforeAll(async () => {
  ctx = await createTestContext({ WORKER_THREADS: '1' })
}, 120_000)
afterAll(async () => {
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

  it('are removed for a real deployment (PLAN_DEMO=off), with their years', async () => {
    const off = await loadPlanDemo(ctx.database.db, { enabled: false })
    expect(off).toMatchObject({ loaded: true, removed: true })
    expect(await one(sql<{ n: number }>`SELECT count(*)::int AS n FROM plan`)).toEqual({ n: 0 })
    expect(await one(sql<{ n: number }>`SELECT count(*)::int AS n FROM plan_year`)).toEqual({ n: 0 })
  })
})
