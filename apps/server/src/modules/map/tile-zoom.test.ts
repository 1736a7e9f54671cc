import { sql } from 'kysely'
import MVT from 'ol/format/MVT.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BEIJING_CENTER, insertMapFixtures } from '../../../test-support/map.fixtures'
import { createTestContext, type TestContext } from '../../test/test-context'

let ctx: TestContext

beforeAll(async () => {
  ctx = await createTestContext()
  await insertMapFixtures(ctx.database.db)
})

afterAll(async () => {
  await ctx?.close()
})

/** The Mercator square: a tile's buffer is kept inside it, as the tiles do (beyond ±180° it would wrap round). */
const MERCATOR_SQUARE = sql`ST_MakeEnvelope(-20037508.342789244, -20037508.342789244, 20037508.342789244, 20037508.342789244, 3857)`

/** x and y of the tile of zoom z holding Beijing. */
function beijingXy(z: number): [number, number] {
  const [lon, lat] = BEIJING_CENTER
  const n = 2 ** z
  const x = Math.floor(((lon + 180) / 360) * n)
  const rad = (lat * Math.PI) / 180
  const y = Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n)
  return [x, y]
}

/** The features of the tile of zoom z holding Beijing. */
async function beijingTile(layer: string, z: number) {
  const [x, y] = beijingXy(z)
  const res = await ctx.app.inject({ method: 'GET', url: `/map/tiles/${layer}/${z}/${x}/${y}.mvt` })
  expect(res.statusCode).toBe(200)
  return new MVT().readFeatures(new Uint8Array(res.rawPayload).buffer)
}

describe('vector tiles per zoom', () => {
  it('thin the mixed region layer at low zooms: provinces only, with code, name and level', async () => {
    const features = await beijingTile('region', 3)
    expect(features.map((f) => f.get('name'))).toContain('北京市')
    expect(new Set(features.map((f) => f.get('level')))).toEqual(new Set(['province']))
    expect(features[0]?.get('full_name')).toBeUndefined()
  })

  it('fill the tiles whose buffer reaches past ±180° (zoom 1: the box once wrapped round to the other half)', async () => {
    expect((await beijingTile('region', 1)).map((f) => f.get('name'))).toContain('北京市')
  })

  it('show cities from zoom 5 and counties with every attribute from zoom 7', async () => {
    expect(new Set((await beijingTile('region', 5)).map((f) => f.get('level')))).toEqual(new Set(['province', 'city']))
    const z7 = await beijingTile('region', 7)
    const county = z7.find((f) => f.get('code') === '110101')
    expect(county?.get('full_name')).toMatch(/^北京市 .*东城区$/)
    expect(county?.get('level')).toBe('county')
  })

  it('keep a single-level layer at every zoom, leaving out below zoom 5 only shapes smaller than the tolerance', async () => {
    const low = (await beijingTile('region_county', 2)).map((f) => f.get('code'))
    expect(low.length).toBeGreaterThan(2000)
    expect(low).not.toContain('110101')
    expect((await beijingTile('region_county', 5)).map((f) => f.get('code'))).toContain('110101')
  })

  it.each([2, 3, 4, 5])(
    'draw zoom %i of the county layer from its own pre-simplified column: every shape of it in the tile, with code, name and level',
    async (z) => {
      const [x, y] = beijingXy(z)
      // the rows the tile's column holds inside the tile's box (64/4096 buffer), the tile's own rule for specks already applied;
      // the tile selects by the full shape, so `near` (full shape in the box) bounds it from above
      const column = sql.ref(`tile_z${z}`)
      const rows = await sql<{ code: string; inside: boolean }>`
      SELECT code, ${column} && e.env AS inside
      FROM region, (SELECT ST_Transform(ST_ClipByBox2D(ST_TileEnvelope(${z}::int, ${x}::int, ${y}::int, margin => 1.0 / 64), ${MERCATOR_SQUARE}::box2d), 4326) AS env) e
      WHERE level = 'county' AND geom && e.env AND ${column} IS NOT NULL AND NOT ST_IsEmpty(${column})`.execute(ctx.database.db)
      const near = new Set(rows.rows.map((r) => r.code))
      const inside = rows.rows.filter((r) => r.inside).length
      const features = await beijingTile('region_county', z)
      const codes = new Set(features.map((f) => f.get('code')))
      expect(features.length).toBe(codes.size)
      // a shape touching the buffer's edge may clip to nothing; none else is missing, none added
      expect(codes.size).toBeGreaterThan(inside * 0.97)
      expect([...codes].filter((c) => !near.has(c))).toEqual([])
      expect(features.every((f) => typeof f.get('name') === 'string' && f.get('level') === 'county')).toBe(true)
      expect(features[0]?.get('full_name')).toEqual(z < 5 ? undefined : expect.any(String))
    },
  )
})
