import { MAX_SATELLITE_CATALOGUE } from '@rs/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadSatelliteData } from '../../db/reference-data'
import { createTestContext, getData, getJson, type TestContext } from '../../test/test-context'

let ctx: TestContext

beforeAll(async () => {
  ctx = await createTestContext()
})
afterAll(async () => {
  await ctx?.close()
})

const get = (url: string) => getJson(ctx, url)
const data = (url: string) => getData(ctx, url)

describe('GET /api/satellite/catalogue', () => {
  it('lists at most 120 entries with valid type, resolution and properties', async () => {
    const entries = await data('/api/satellite/catalogue')
    expect(entries.length).toBeGreaterThan(30)
    expect(entries.length).toBeLessThanOrEqual(MAX_SATELLITE_CATALOGUE)
    for (const e of entries) {
      expect([1, 2, 3]).toContain(e.type)
      expect([1, 2, 3, 4]).toContain(e.resolution)
      expect([1, 2, 3]).toContain(e.properties)
      expect(typeof e.checked).toBe('boolean')
    }
    expect(entries.map((e: { index: number }) => e.index)).toEqual(entries.map((_: unknown, i: number) => i + 1))
    expect(entries.find((e: { value: string }) => e.value === 'gf2')).toMatchObject({
      label: expect.any(String),
      type: 1,
      resolution: 1,
      properties: 1,
    })
    expect(entries.find((e: { value: string }) => e.value === 'gf1')).toMatchObject({ type: 1, resolution: 2 })
    expect(entries.find((e: { value: string }) => e.value === 'gf3')).toMatchObject({ type: 3 })
    expect(entries.find((e: { value: string }) => e.value === 'rapideye')).toMatchObject({ properties: 3 })
    expect(entries.find((e: { value: string }) => e.value === 'icesat2')).toBeUndefined()
  })

  it('filters by type', async () => {
    const radar = await data('/api/satellite/catalogue?type=3')
    expect(radar.length).toBeGreaterThan(3)
    expect(radar.every((e: { type: number }) => e.type === 3)).toBe(true)
  })

  it.each(['4', '0', 'x'])('refuses type=%s with 400', async (type) => {
    const { status, body } = await get(`/api/satellite/catalogue?type=${type}`)
    expect(status).toBe(400)
    expect(body.code).toBe(400)
  })
})

describe('GET /api/satellite/sensors', () => {
  it('maps GF1 and ZY3-2 to their sensors', async () => {
    const mapping: Array<{ satellite: string; sensors: string[] }> = await data('/api/satellite/sensors')
    const of = (code: string) => mapping.find((m) => m.satellite === code)?.sensors
    expect(of('GF1')).toEqual(['PMS1', 'PMS2', 'WFV1', 'WFV2', 'WFV3', 'WFV4'])
    expect(of('ZY3-2')).toContain('TLA')
    for (const code of ['GF2', 'GF3', 'JL1', 'LT1A']) expect(of(code)?.length, code).toBeGreaterThan(0)
  })
})

describe('GET /api/satellite/list and detail', () => {
  it('lists the 43 series with member counts', async () => {
    const list = await data('/api/satellite/list')
    expect(list).toHaveLength(43)
    expect(list.find((s: { slug: string }) => s.slug === 'zy3')).toMatchObject({ category: 'optical', memberCount: 4 })
  })

  it('gives the facts of gf2 with members and launch dates', async () => {
    const gf2 = await data('/api/satellite/detail?slug=gf2')
    expect(gf2.slug).toBe('gf2')
    expect(gf2.members.length).toBeGreaterThan(0)
    for (const m of gf2.members) expect(m.launchDate).toMatch(/^\d{4}-\d{2}-\d{2}$/)
  })

  it('answers 404 with a Chinese message for an unknown slug', async () => {
    const { status, body } = await get('/api/satellite/detail?slug=nosuch')
    expect(status).toBe(404)
    expect(body.message).toBe('未找到该卫星')
  })

  it('answers 400 without a slug', async () => {
    expect((await get('/api/satellite/detail')).status).toBe(400)
  })
})

describe('loading', () => {
  it('loads once: a second run with the same file changes nothing', async () => {
    const db = ctx.database.db
    const snapshot = async () => ({
      reference: await db.selectFrom('reference_data').selectAll().where('name', '=', 'satellites').execute(),
      catalogue: await db.selectFrom('satellite_catalogue').selectAll().orderBy('idx').execute(),
      sensors: await db.selectFrom('satellite_sensor').selectAll().orderBy('position').execute(),
    })
    const before = await snapshot()
    const again = await loadSatelliteData(db)
    expect(again.loaded).toBe(false)
    expect(await snapshot()).toEqual(before)
  })
})
