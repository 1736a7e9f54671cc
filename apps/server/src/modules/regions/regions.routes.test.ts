import { Envelope, LANGUAGE_HEADER, regionBoundary, regionByCode, regionChildren, regionParents } from '@rs/shared'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadReferenceData } from '../../db/reference-data'
import { createTestContext, getData, getJson, type TestContext } from '../../test/test-context'
import { createRegionsRepository } from './regions.repository'
import { createRegionsService } from './regions.service'

let ctx: TestContext

beforeAll(async () => {
  ctx = await createTestContext()
})
afterAll(async () => {
  await ctx?.close()
})

const get = (url: string) => getJson(ctx, url)
const data = (url: string) => getData(ctx, url)

describe('GET /api/region/detail', () => {
  it.each([
    ['110000', '北京市', 'province', '100000', '北京市'],
    ['150000', '内蒙古自治区', 'province', '100000', '内蒙古自治区'],
    ['150100', '呼和浩特市', 'city', '150000', '内蒙古自治区 呼和浩特市'],
    ['150102', '新城区', 'county', '150100', '内蒙古自治区 呼和浩特市 新城区'],
    ['130300', '秦皇岛市', 'city', '130000', '河北省 秦皇岛市'],
    ['110101', '东城区', 'county', '110000', '北京市 东城区'],
    ['469002', '琼海市', 'county', '460000', '海南省 琼海市'],
    ['810000', '香港特别行政区', 'province', '100000', '香港特别行政区'],
  ])('knows %s %s', async (code, name, level, parent, fullName) => {
    const region = await data(`/api/region/detail?code=${code}`)
    expect(region).toMatchObject({ code, name, level, parentRegionId: parent, fullName, hasBoundary: true })
    const [lon, lat] = region.center
    const [xmin, ymin, xmax, ymax] = region.bbox
    expect(lon).toBeGreaterThanOrEqual(xmin)
    expect(lon).toBeLessThanOrEqual(xmax)
    expect(lat).toBeGreaterThanOrEqual(ymin)
    expect(lat).toBeLessThanOrEqual(ymax)
  })

  it('knows the whole country as the root', async () => {
    expect(await data('/api/region/detail?code=100000')).toMatchObject({ name: '全国', level: 'country', parentRegionId: null })
  })

  it('answers 404 with a Chinese message for an unknown code', async () => {
    const { status, body } = await get('/api/region/detail?code=999999')
    expect(status).toBe(404)
    expect(body).toMatchObject({ code: 404, message: '行政区代码 999999 不存在', data: null })
  })

  it.each(['abc', '11000', '1100000', ''])('answers 400 with a Chinese message for the bad code "%s"', async (code) => {
    const { status, body } = await get(`/api/region/detail?code=${code}`)
    expect(status).toBe(400)
    expect(body.code).toBe(400)
    expect(body.message).toMatch(/行政区代码/)
  })

  it('answers 400 without a code', async () => {
    const { status, body } = await get('/api/region/detail')
    expect(status).toBe(400)
    expect(body.message).toMatch(/行政区代码/)
  })
})

describe('GET /api/region/children', () => {
  it('lists the 34 provincial-level regions under 100000, sorted by code', async () => {
    const list = await data('/api/region/children?code=100000')
    const codes = list.map((r: { code: string }) => r.code)
    expect(codes).toHaveLength(34)
    expect(codes).toEqual([...codes].sort())
    expect(codes.slice(0, 2)).toEqual(['110000', '120000'])
    expect(codes.slice(-3)).toEqual(['710000', '810000', '820000'])
    expect(list.every((r: { level: string; parentRegionId: string }) => r.level === 'province' && r.parentRegionId === '100000')).toBe(true)
  })

  it('lists the cities of Inner Mongolia and the districts of Beijing', async () => {
    const cities = await data('/api/region/children?code=150000')
    expect(cities).toHaveLength(12)
    expect(cities.map((r: { name: string }) => r.name)).toContain('锡林郭勒盟')
    const districts = await data('/api/region/children?code=110000')
    expect(districts).toHaveLength(16)
    expect(districts.every((r: { level: string }) => r.level === 'county')).toBe(true)
  })

  it('answers an empty list for a county and 404 for an unknown code', async () => {
    expect(await data('/api/region/children?code=150102')).toEqual([])
    expect((await get('/api/region/children?code=150199')).status).toBe(404)
  })
})

describe('GET /api/region/parents', () => {
  it('gives the chain from the province down to the region itself', async () => {
    const chain = await data('/api/region/parents?code=150102')
    expect(chain.map((r: { code: string }) => r.code)).toEqual(['150000', '150100', '150102'])
    expect((await data('/api/region/parents?code=130300')).map((r: { code: string }) => r.code)).toEqual(['130000', '130300'])
    expect((await data('/api/region/parents?code=110101')).map((r: { code: string }) => r.code)).toEqual(['110000', '110101'])
    expect((await data('/api/region/parents?code=150000')).map((r: { code: string }) => r.code)).toEqual(['150000'])
  })

  it('is empty for the whole country and 404 for an unknown code', async () => {
    expect(await data('/api/region/parents?code=100000')).toEqual([])
    expect((await get('/api/region/parents?code=990000')).status).toBe(404)
  })
})

describe('GET /api/region/search', () => {
  it('ranks the exact name first, then names starting with it, then names containing it', async () => {
    const names = (await data(`/api/region/search?name=${encodeURIComponent('朝阳')}&limit=50`)).map((r: { name: string }) => r.name)
    expect(names.slice(0, 3).every((n: string) => n.startsWith('朝阳'))).toBe(true)
    const firstContains = names.findIndex((n: string) => !n.startsWith('朝阳'))
    if (firstContains >= 0) expect(names.slice(firstContains).every((n: string) => !n.startsWith('朝阳'))).toBe(true)
    const exact = (await data(`/api/region/search?name=${encodeURIComponent('朝阳市')}`)).map((r: { name: string }) => r.name)
    expect(exact[0]).toBe('朝阳市')
  })

  it('finds contained names and honours the limit', async () => {
    const found = await data(`/api/region/search?name=${encodeURIComponent('和浩特')}`)
    expect(found.map((r: { code: string }) => r.code)).toContain('150100')
    expect(await data(`/api/region/search?name=${encodeURIComponent('区')}&limit=5`)).toHaveLength(5)
  })

  it.each(['朝阳', '区', '新城', '南', '和浩特', '市', '自治', '北京市', '%', '_', '城区'])(
    'answers "%s" from memory as the SQL search does',
    async (name) => {
      const sqlSearch = await createRegionsRepository(ctx.database.db).search(name, 50)
      expect(await data(`/api/region/search?name=${encodeURIComponent(name)}&limit=50`)).toEqual(sqlSearch)
    },
  )

  it('treats LIKE wildcards literally and rejects an empty name', async () => {
    expect(await data('/api/region/search?name=%25')).toEqual([])
    const { status, body } = await get('/api/region/search?name=%20')
    expect(status).toBe(400)
    expect(body.message).toMatch(/请输入行政区名称/)
  })
})

describe('region names in English (x-portal-lang: en)', () => {
  const EN = { [LANGUAGE_HEADER]: 'en' }
  const english = (url: string) => getData(ctx, url, EN)

  it('names a region, its full name and the root in English, and Chinese by default', async () => {
    expect(await english('/api/region/detail?code=130100')).toMatchObject({
      code: '130100',
      name: 'Shijiazhuang City',
      fullName: 'Shijiazhuang City, Hebei',
    })
    expect(await english('/api/region/detail?code=150102')).toMatchObject({
      name: 'Xincheng District',
      fullName: 'Xincheng District, Hohhot City, Inner Mongolia',
    })
    expect(await english('/api/region/detail?code=110101')).toMatchObject({
      name: 'Dongcheng District',
      fullName: 'Dongcheng District, Beijing',
    })
    expect(await english('/api/region/detail?code=100000')).toMatchObject({ name: 'China', fullName: 'China' })
    // the Chinese answer after an English one is still Chinese (one serialised answer per language)
    expect(await data('/api/region/detail?code=130100')).toMatchObject({ name: '石家庄市', fullName: '河北省 石家庄市' })
  })

  it('names children, the parent chain and the boundary feature in English', async () => {
    const provinces = await english('/api/region/children?code=100000')
    expect(provinces.map((r: { name: string }) => r.name)).toEqual(
      expect.arrayContaining(['Beijing', 'Inner Mongolia', 'Xizang', 'Hong Kong']),
    )
    expect((await english('/api/region/children?code=220000')).map((r: { name: string }) => r.name)).toContain(
      'Yanbian Korean Autonomous Prefecture',
    )
    expect((await english('/api/region/parents?code=150102')).map((r: { name: string }) => r.name)).toEqual([
      'Inner Mongolia',
      'Hohhot City',
      'Xincheng District',
    ])
    expect((await english('/api/region/boundary?code=110101')).properties).toEqual({
      code: '110101',
      name: 'Dongcheng District',
      level: 'county',
    })
    expect((await data('/api/region/boundary?code=110101')).properties).toEqual({ code: '110101', name: '东城区', level: 'county' })
  })

  it('matches English names case-insensitively and Chinese names still, answering in English', async () => {
    const found = await english('/api/region/search?name=hohhot')
    expect(found[0]).toMatchObject({ code: '150100', name: 'Hohhot City' })
    expect((await english(`/api/region/search?name=${encodeURIComponent('呼和浩特')}`))[0]).toMatchObject({
      code: '150100',
      name: 'Hohhot City',
    })
    expect((await english('/api/region/search?name=xi%27an'))[0]).toMatchObject({ code: '610100', name: "Xi'an City" })
    // a Chinese caller's search stays the Chinese one
    expect(await data('/api/region/search?name=hohhot')).toEqual([])
  })
})

describe('answers sent as JSON text (never re-serialised)', () => {
  it.each([
    [regionByCode, '150102'],
    [regionChildren, '150000'],
    [regionChildren, '150102'],
    [regionParents, '150102'],
    [regionBoundary, '110101'],
  ] as const)('answer %# matches its contract', async (route, code) => {
    const res = await ctx.app.inject({ method: 'GET', url: `${route.path}?code=${code}` })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8')
    const parsed = Envelope(route.data).strict().safeParse(res.json())
    expect(parsed.error).toBeUndefined()
    expect(parsed.data?.code).toBe(0)
  })
})

describe('GET /api/region/boundary', () => {
  it('returns a GeoJSON Feature whose shape holds Tiananmen for Beijing and 东城区', async () => {
    for (const code of ['110000', '110101']) {
      const feature = await data(`/api/region/boundary?code=${code}`)
      expect(feature).toMatchObject({ type: 'Feature', properties: { code } })
      expect(feature.geometry.type).toBe('MultiPolygon')
      const inside = await sql<{ inside: boolean }>`
        SELECT ST_Contains(ST_SetSRID(ST_GeomFromGeoJSON(${JSON.stringify(feature.geometry)}), 4326), ST_SetSRID(ST_MakePoint(116.397, 39.908), 4326)) AS inside`.execute(
        ctx.database.db,
      )
      expect(inside.rows[0]?.inside).toBe(true)
    }
  })

  it('answers from its cache the same bytes as built from the database, with an ETag and 304 for a client that has them', async () => {
    const row = await sql<{ name: string; level: string; geojson: string }>`
      SELECT name, level, ST_AsGeoJSON(geom, 5) AS geojson FROM region WHERE code = '150102'`.execute(ctx.database.db)
    const r = row.rows[0]
    if (!r) throw new Error('no 150102')
    const expected = `{"code":0,"message":"success","data":{"type":"Feature","geometry":${r.geojson},"properties":${JSON.stringify({ code: '150102', name: r.name, level: r.level })}}}`
    const url = '/api/region/boundary?code=150102'
    const first = await ctx.app.inject({ method: 'GET', url })
    const second = await ctx.app.inject({ method: 'GET', url })
    expect(first.statusCode).toBe(200)
    expect(first.body).toBe(expected)
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true)
    const etag = first.headers.etag as string
    expect(etag).toMatch(/^"[\w-]{27}"$/)
    expect(second.headers.etag).toBe(etag)
    expect(first.headers['cache-control']).toBe('no-cache')
    for (const tag of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await ctx.app.inject({ method: 'GET', url, headers: { 'if-none-match': tag } })
      expect(again.statusCode).toBe(304)
      expect(again.body).toBe('')
      expect(again.headers.etag).toBe(etag)
    }
    const stale = await ctx.app.inject({ method: 'GET', url, headers: { 'if-none-match': '"stale"' } })
    expect(stale.statusCode).toBe(200)
    expect(stale.body).toBe(expected)
    // another region has another tag
    const other = await ctx.app.inject({ method: 'GET', url: '/api/region/boundary?code=110101', headers: { 'if-none-match': etag } })
    expect(other.statusCode).toBe(200)
    expect(other.headers.etag).not.toBe(etag)
  })

  it('fills its cache at start with the same bytes as a single read, provinces first', async () => {
    const repo = createRegionsRepository(ctx.database.db)
    const single: string[] = []
    const counted = {
      ...repo,
      boundary: (code: string) => {
        single.push(code)
        return repo.boundary(code)
      },
    }
    // room for the provinces, not for every region
    const service = createRegionsService(counted, { boundaryCacheBytes: 4 * 1024 * 1024 })
    const kept = await service.preloadBoundaries()
    expect(kept).toBeGreaterThan(30)
    for (const code of ['150000', '110000', '650000']) {
      const answer = await service.boundary(code)
      expect(single).toEqual([])
      expect(answer.body.toString('utf8')).toBe(
        `{"code":0,"message":"success","data":${await repo.boundary(code).then((r) => r && `{"type":"Feature","geometry":${r.geojson},"properties":${JSON.stringify({ code, name: r.name, level: r.level })}}`)}}`,
      )
    }
  })

  it('answers 404 for an unknown code and for a region without a boundary', async () => {
    expect((await get('/api/region/boundary?code=999999')).status).toBe(404)
    const missing = await ctx.database.db.selectFrom('region').select(['code', 'name']).where(sql<boolean>`geom IS NULL`).executeTakeFirst()
    if (missing) {
      const { status, body } = await get(`/api/region/boundary?code=${missing.code}`)
      expect(status).toBe(404)
      expect(body.message).toBe(`${missing.name}（${missing.code}）暂无边界数据`)
    }
  })
})

describe('region data', () => {
  const count = async (where: ReturnType<typeof sql>) =>
    (
      await sql<{ level: string; n: number }>`SELECT level, count(*)::int AS n FROM region WHERE ${where} GROUP BY level`.execute(
        ctx.database.db,
      )
    ).rows

  it('has plausible counts per level, every province and city with a boundary, and nearly every county', async () => {
    const all = Object.fromEntries((await count(sql`true`)).map((r) => [r.level, r.n]))
    const shaped = Object.fromEntries((await count(sql`geom IS NOT NULL`)).map((r) => [r.level, r.n]))
    expect(all.country).toBe(1)
    expect(all.province).toBe(34)
    expect(all.city).toBeGreaterThanOrEqual(330)
    expect(all.city).toBeLessThanOrEqual(340)
    expect(all.county).toBeGreaterThanOrEqual(2800)
    expect(all.county).toBeLessThanOrEqual(2900)
    expect(shaped.province).toBe(all.province)
    expect(shaped.city).toBe(all.city)
    // 2824 of 2851 at data version c20ac5ef: the rest were merged or created after the shapes were drawn
    expect(shaped.county / all.county).toBeGreaterThan(0.985)
  })

  it('keeps every shape valid, every center inside its shape and every area positive', async () => {
    const bad = await sql<{ code: string }>`
      SELECT code FROM region WHERE geom IS NOT NULL
        AND (NOT ST_IsValid(geom) OR NOT ST_Intersects(center, geom) OR area_km2 <= 0 OR ST_SRID(geom) <> 4326)`.execute(ctx.database.db)
    expect(bad.rows).toEqual([])
    const inner = await sql<{ area: number }>`SELECT area_km2 AS area FROM region WHERE code = '150000'`.execute(ctx.database.db)
    // Inner Mongolia is about 1.18 million km²
    expect(inner.rows[0]?.area).toBeGreaterThan(1_100_000)
    expect(inner.rows[0]?.area).toBeLessThan(1_250_000)
  })

  it('has every parent before its child: provinces under 100000, no orphan', async () => {
    const orphans = await sql<{ code: string }>`
      SELECT c.code FROM region c LEFT JOIN region p ON p.code = c.parent_code
      WHERE c.code <> '100000' AND (p.code IS NULL OR (c.level = 'province' AND p.code <> '100000')
        OR (c.level = 'city' AND p.level <> 'province') OR (c.level = 'county' AND p.level NOT IN ('province', 'city')))`.execute(
      ctx.database.db,
    )
    expect(orphans.rows).toEqual([])
  })

  it('has the countries with Chinese names', async () => {
    const rows = await ctx.database.db
      .selectFrom('global_region')
      .select(['code', 'name', 'name_en'])
      .where('code', 'in', ['156', '840', '496'])
      .orderBy('code')
      .execute()
    expect(rows).toEqual([
      { code: '156', name: '中国', name_en: 'China' },
      { code: '496', name: '蒙古', name_en: 'Mongolia' },
      { code: '840', name: '美国', name_en: 'United States of America' },
    ])
    const total = await ctx.database.db.selectFrom('global_region').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()
    expect(total.n).toBeGreaterThan(200)
  })

  it('loads once: a second run with the same files changes nothing', async () => {
    const before = await ctx.database.db.selectFrom('reference_data').selectAll().execute()
    const again = await loadReferenceData(ctx.database.db)
    expect(again.loaded).toBe(false)
    expect(await ctx.database.db.selectFrom('reference_data').selectAll().execute()).toEqual(before)
  })

  it('replaces everything when the data version changes', async () => {
    await sql`UPDATE reference_data SET version = 'old' WHERE name = 'regions'`.execute(ctx.database.db)
    await sql`DELETE FROM region WHERE level = 'county' AND code LIKE '15%'`.execute(ctx.database.db)
    const result = await loadReferenceData(ctx.database.db)
    expect(result.loaded).toBe(true)
    expect(result.version).not.toBe('old')
    expect((await data('/api/region/children?code=150100')).length).toBeGreaterThan(5)
  })
})
