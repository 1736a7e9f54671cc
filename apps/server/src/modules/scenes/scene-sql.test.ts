import { SceneFilters } from '@rs/shared'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildScene } from '../../../test-support/factories'
import { createTestContext, type TestContext } from '../../test/test-context'
import { formCondition, formSort, orderSql, whereSql } from './scene-query'
import { SCENE_COLUMNS, type SceneRow, toScene } from './scene-sql'

let ctx: TestContext

beforeAll(async () => {
  ctx = await createTestContext()
  const db = ctx.database.db
  await buildScene(db, { id: 'A', satellite: 'GF1', sensor: 'PMS1', acquiredAt: '2026-05-31T16:30:00Z', cloudPercent: 5, resolutionM: 2 })
  await buildScene(db, { id: 'B', satellite: 'GF1', sensor: 'WFV1', acquiredAt: '2026-06-01T15:59:59Z', cloudPercent: 40, resolutionM: 16 })
  await buildScene(db, { id: 'C', satellite: 'GF2', sensor: 'PMS1', acquiredAt: '2026-06-01T16:00:00Z', cloudPercent: 0, resolutionM: 0.8 })
  await buildScene(db, {
    id: 'D',
    satellite: 'ZY3-2',
    sensor: 'TLC',
    acquiredAt: '2026-06-03T03:00:00Z',
    dataStatus: '1',
    productLevel: 'L2A',
  })
}, 60_000)
afterAll(async () => {
  await ctx?.close()
})

async function ids(filters: Record<string, unknown>, sort: ['time' | 'cloud' | 'resolution', 'asc' | 'desc'] = ['time', 'asc']) {
  const f = SceneFilters.parse(filters)
  const res =
    await sql<SceneRow>`SELECT ${SCENE_COLUMNS} FROM scene s WHERE ${whereSql({ filter: formCondition(f) })} ORDER BY ${orderSql(formSort({ sortField: sort[0], sortOrder: sort[1] }))}`.execute(
      ctx.database.db,
    )
  return res.rows.map((r) => r.id)
}

describe('the scene filter', () => {
  it('takes Beijing-time days, both ends included', async () => {
    // A is 2026-06-01 00:30 in Beijing, B 2026-06-01 23:59:59, C 2026-06-02 00:00
    expect(await ids({ startDate: '2026-06-01', endDate: '2026-06-01' })).toEqual(['A', 'B'])
    expect(await ids({ startDate: '2026-06-02' })).toEqual(['C'])
  })

  it('matches a satellite or a satellite:sensor pair, cloud, resolution, level and data status', async () => {
    expect(await ids({ satellites: ['GF2'], sensors: ['GF1:WFV1'] })).toEqual(['B', 'C'])
    expect(await ids({ cloudMax: 5 })).toEqual(['A', 'C'])
    expect(await ids({ resolutionMin: 1, resolutionMax: 2 })).toEqual(['A'])
    expect(await ids({ dataStatus: '1', productLevels: ['L2A'] })).toEqual(['D'])
    expect(await ids({ dataStatus: '1', productLevels: ['L1A'] })).toEqual([])
  })

  it('sorts with the id breaking ties', async () => {
    expect(await ids({}, ['cloud', 'asc'])).toEqual(['C', 'A', 'B'])
    expect(await ids({}, ['resolution', 'desc'])).toEqual(['B', 'A', 'C'])
  })

  it('maps a row to the contract, with a geodesic area', async () => {
    const res = await sql<SceneRow>`SELECT ${SCENE_COLUMNS} FROM scene s WHERE s.id = 'A'`.execute(ctx.database.db)
    const scene = toScene(res.rows[0] as SceneRow)
    expect(scene).toMatchObject({ id: 'A', acquiredAt: '2026-05-31T16:30:00.000Z', footprint: { type: 'MultiPolygon' } })
    // a 0.5° square at 39.5–40 N is about 55.6 km × 42.7 km
    expect(scene.areaKm2).toBeGreaterThan(2300)
    expect(scene.areaKm2).toBeLessThan(2450)
  })
})
