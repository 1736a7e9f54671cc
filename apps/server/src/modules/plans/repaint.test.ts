import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAreas } from '../../capabilities/area'
import { createCoverage } from '../../capabilities/coverage'
import { loadPlanDemo } from '../../datasets/plan-demo/load'
import { createTaskPool, type TaskPool } from '../../lib/workers/pool'
import { createTestContext, type TestContext } from '../../test/test-context'
import { createPlanAreas } from './plan-area'
import { plansRepository } from './plans.repository'
import { createPlansService } from './plans.service'

let ctx: TestContext
let pool: TaskPool

beforeAll(async () => {
  ctx = await createTestContext({ WORKER_THREADS: '1' })
  pool = createTaskPool({ maxThreads: 1 })
  await loadPlanDemo(ctx.database.db, { enabled: true })
}, 120_000)
afterAll(async () => {
  await pool?.close()
  await ctx?.close()
})

const one = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(ctx.database.db)).rows[0] as T

describe('items loaded in bulk (the demo plans)', () => {
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
})
