import { PERMISSION } from '@rs/shared'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildSpot, buildUser } from '../../../test-support/factories'
import { createTestContext, loginAs, type TestContext } from '../../test/test-context'

/** GET /api/monitor/spot/terms: the archive scenes before and after a spot's batch that cover it. */

let ctx: TestContext
const tokens = { province: '', other: '', noCode: '' }
let spotId = 0
let bareSpotId = 0

beforeAll(async () => {
  ctx = await createTestContext()
  const db = ctx.database.db
  spotId = (await buildSpot(db, { county: '150102', batch: '20250630', spotType: 'built' })).id
  bareSpotId = (await buildSpot(db, { county: '150203', batch: '20250630', spotType: 'built' })).id
  // scenes: a box of ±0.3° round the Hohhot spot (covers it), one elsewhere, one covering but unpublished
  const { rows } = await sql<{
    x: number
    y: number
  }>`SELECT ST_X(center) AS x, ST_Y(center) AS y FROM region WHERE code = '150102'`.execute(db)
  const { x, y } = rows[0] as { x: number; y: number }
  const scenes: Array<[string, string, number, number, string]> = [
    ['T_OLD', '2025-05-01T03:00:00Z', x, y, '2'],
    ['T_BEFORE', '2025-06-29T15:00:00Z', x, y, '2'], // 23:00 on the 29th in Beijing: before the 30th
    ['T_SAMEDAY', '2025-06-29T17:00:00Z', x, y, '2'], // 01:00 on the 30th in Beijing: on the batch day, 'after'
    ['T_LATER', '2025-08-01T03:00:00Z', x, y, '2'],
    ['T_ELSEWHERE', '2025-06-20T03:00:00Z', x + 5, y, '2'],
    ['T_UNPUBLISHED', '2025-06-25T03:00:00Z', x, y, '1'],
  ]
  for (const [id, at, cx, cy, status] of scenes)
    await sql`
      INSERT INTO scene (id, satellite, sensor, acquired_at, cloud_percent, resolution_m, product_level, file_name, data_status, footprint, area_km2, illustrative, source)
      SELECT ${id}, 'GF1', 'PMS1', ${at}::timestamptz, 5, 2, 'L1A', ${`${id}.tar.gz`}, ${status}, g, ST_Area(g::geography) / 1e6, true, 'test'
      FROM (SELECT ST_Multi(ST_MakeEnvelope(${cx - 0.3}, ${cy - 0.3}, ${cx + 0.3}, ${cy + 0.3}, 4326)) AS g) q`.execute(db)
  const users = {
    province: await buildUser(db, { permissions: [PERMISSION.pvland], areaRanges: ['150000'] }),
    other: await buildUser(db, { permissions: [PERMISSION.pvland], areaRanges: ['110000'] }),
    noCode: await buildUser(db, { permissions: [PERMISSION.windmill], areaRanges: ['100000'] }),
  }
  for (const [name, u] of Object.entries(users)) tokens[name as keyof typeof tokens] = await loginAs(ctx, u.username, u.password)
})

afterAll(async () => {
  await ctx?.close()
})

const terms = (id: number, token?: string, module = 'pvland') =>
  ctx.app.inject({ method: 'GET', url: `/api/monitor/spot/terms?module=${module}&id=${id}`, headers: token ? { token } : {} })

describe('GET /api/monitor/spot/terms', () => {
  it('gives the latest published scene covering the spot before its batch day (Beijing) and the earliest on or after it', async () => {
    const res = await terms(spotId, tokens.province)
    expect(res.statusCode).toBe(200)
    const data = res.json().data
    expect(data).toMatchObject({ spotId, batch: '20250630' })
    expect(data.before).toMatchObject({ id: 'T_BEFORE', satellite: 'GF1', quicklookUrl: '/api/normalmeta/quicklook?id=T_BEFORE' })
    expect(data.after).toMatchObject({ id: 'T_SAMEDAY' })
    expect(data.before.footprint.type).toBe('MultiPolygon')
  })

  it('says null where no scene covers the spot', async () => {
    const data = (await terms(bareSpotId, tokens.province)).json().data
    expect(data).toMatchObject({ before: null, after: null })
  })

  it('has the spot detail’s access: 401 anonymous, 403 without the MOD code or outside the range, 404 unknown, 400 bad module', async () => {
    expect((await terms(spotId)).statusCode).toBe(401)
    const noCode = await terms(spotId, tokens.noCode)
    expect(noCode.statusCode).toBe(403)
    expect(noCode.json().message).toBe('无查看信息权限，请联系管理员')
    expect((await terms(spotId, tokens.other)).statusCode).toBe(403)
    expect((await terms(999_999, tokens.province)).statusCode).toBe(404)
    expect((await terms(spotId, tokens.province, 'nosuch')).statusCode).toBe(400)
  })
})
