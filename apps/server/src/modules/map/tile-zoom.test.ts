import MVT from 'ol/format/MVT.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../test/test-context'
import { BEIJING_CENTER, insertMapFixtures } from './test-fixtures'

let ctx: TestContext

beforeAll(async () => {
  ctx = await createTestContext()
  await insertMapFixtures(ctx.database.db)
})

afterAll(async () => {
  await ctx?.close()
})

/** The features of the tile of zoom z holding Beijing. */
async function beijingTile(layer: string, z: number) {
  const [lon, lat] = BEIJING_CENTER
  const n = 2 ** z
  const x = Math.floor(((lon + 180) / 360) * n)
  const rad = (lat * Math.PI) / 180
  const y = Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n)
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
})
