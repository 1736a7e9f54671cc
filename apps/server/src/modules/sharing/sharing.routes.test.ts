import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, DEMO_PASSWORDS, loginAs, type TestContext } from '../../test/test-context'

let ctx: TestContext
const tokens: Record<string, string> = {}

beforeAll(async () => {
  ctx = await createTestContext()
  tokens.province = await loginAs(ctx, 'neimenggu', DEMO_PASSWORDS.neimenggu)
  tokens.user = await loginAs(ctx, 'user', DEMO_PASSWORDS.user)
  const db = ctx.database.db
  // a city node of 呼和浩特 with a delivered batch of two scenes (June 2026), and a province node's pending batch
  await sql`INSERT INTO push_node (id, name, region_id, level, target) VALUES (9001, '呼和浩特市节点', '150100', 'city', 'hhht'),
    (9002, '内蒙古节点', '150000', 'province', 'nmg')`.execute(db)
  await sql`INSERT INTO push_batch (id, node_id, state, selection, province_code, scene_count, area_km2, delivered_at, delivered_file)
    VALUES (9001, 9001, 'delivered', 'ids', '150000', 2, 300, '2026-06-03T02:00:00Z', 'hhht/push-9001.zip'),
           (9002, 9002, 'pending', 'ids', '150000', 1, 100, NULL, NULL)`.execute(db)
  await sql`INSERT INTO push_batch_scene (batch_id, scene_id, position, satellite, class, area_km2, acquired_at)
    VALUES (9001, 'S1', 0, 'GF1', 2, 100, now()), (9001, 'S2', 1, 'GF2', 1, 200, now()), (9002, 'S3', 0, 'GF1', 2, 100, now())`.execute(db)
  // own imagery registered in 包头 (150200)
  await sql`INSERT INTO local_imagery_upload (id, file_name, rows, created_at) VALUES (9001, 'bt.geojson', 1, '2026-06-10T02:00:00Z')`.execute(
    db,
  )
  await sql`INSERT INTO local_imagery (upload_id, county_code, province_code, kind, name, acquired_on, resolution_m, sensor, owner_unit, footprint, area_km2)
    VALUES (9001, '150202', '150000', 'aerial', '包头航摄', '2026-05-01', 0.2, 'DMC', '包头市', ST_Multi(ST_MakeEnvelope(109.8, 40.55, 110, 40.7, 4326)), 250)`.execute(
    db,
  )
}, 120_000)
afterAll(async () => {
  await ctx?.close()
})

const get = async (url: string, who: string) => {
  const res = await ctx.app.inject({ method: 'GET', url, headers: { token: tokens[who] ?? who } })
  return { status: res.statusCode, body: res.json() }
}

describe('共享概况', () => {
  it('counts delivered pushes by their node’s region and own imagery by its county, per child', async () => {
    const res = await get('/api/sharing/statistics', 'province')
    expect(res.status).toBe(200)
    const data = res.body.data
    expect(data.region.code).toBe('150000')
    expect(data.parentCode).toBeNull()
    const hhht = data.rows.find((r: { code: string }) => r.code === '150100')
    expect(hhht).toMatchObject({ pushBatches: 1, pushScenes: 2, pushAreaKm2: 300, localScenes: 0 })
    const bt = data.rows.find((r: { code: string }) => r.code === '150200')
    expect(bt).toMatchObject({ pushScenes: 0, localUploads: 1, localScenes: 1, localAreaKm2: 250 })
    // the pending batch is not counted
    expect(data.total).toMatchObject({ pushBatches: 1, pushScenes: 2, localScenes: 1 })
    expect(data.rows.some((r: { code: string }) => r.code === '150000')).toBe(false)
    const may = (await get('/api/sharing/statistics?period=2026-05', 'province')).body.data
    expect(may.total).toMatchObject({ pushScenes: 0, localScenes: 0 })
  })

  it('lists the detail of each kind within the region', async () => {
    const pushes = (await get('/api/sharing/detail?kind=push', 'province')).body.data
    expect(pushes.list).toEqual([expect.objectContaining({ id: 9001, title: '呼和浩特市节点', scenes: 2, file: 'hhht/push-9001.zip' })])
    const locals = (await get('/api/sharing/detail?kind=local&region=150200', 'province')).body.data
    expect(locals.list).toEqual([expect.objectContaining({ title: 'bt.geojson', scenes: 1, areaKm2: 250 })])
    expect((await get('/api/sharing/detail?kind=local&region=150100', 'province')).body.data.total).toBe(0)
  })

  it('keeps to the caller’s area range and module code', async () => {
    expect((await get('/api/sharing/statistics?region=110000', 'province')).status).toBe(403)
    expect((await get('/api/sharing/statistics?region=100000', 'province')).status).toBe(403)
    expect((await get('/api/sharing/statistics', 'user')).status).toBe(403)
    expect((await get('/api/sharing/statistics', 'nobody')).status).toBe(401)
    expect((await get('/api/sharing/detail?kind=all', 'province')).status).toBe(400)
  })
})
