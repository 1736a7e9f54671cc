import { LANGUAGE_HEADER } from '@rs/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildSpot } from '../../../test-support/factories'
import { loginMonitorCallers, type MonitorCallerHeaders } from '../../test/monitor-callers'
import { createTestContext, getData, getJson, type TestContext } from '../../test/test-context'

let ctx: TestContext
let tokens: MonitorCallerHeaders
const ids: Record<string, number> = {}

beforeAll(async () => {
  ctx = await createTestContext()
  const db = ctx.database.db
  // pvland spots: two in Hohhot (内蒙古), one in Baotou, one in Beijing; a later batch; one windmill spot
  ids.hohhot = (await buildSpot(db, { county: '150102', spotType: 'built', siteId: 'a' })).id
  ids.hohhot2 = (await buildSpot(db, { county: '150102', spotType: 'construction', siteId: 'b' })).id
  ids.baotou = (await buildSpot(db, { county: '150203', spotType: 'built', siteId: 'c' })).id
  ids.beijing = (await buildSpot(db, { county: '110101', spotType: 'expanded', siteId: 'd' })).id
  ids.hohhotLater = (await buildSpot(db, { county: '150102', batch: '20250930', spotType: 'built', siteId: 'a', stage: 'persist' })).id
  ids.wind = (await buildSpot(db, { module: 'windmill', county: '150102', spotType: 'built' })).id
  tokens = await loginMonitorCallers(ctx)
})
afterAll(async () => {
  await ctx?.close()
})

describe('GET /api/monitor/batches', () => {
  it('lists a module’s batches oldest first, to anyone', async () => {
    const data = await getData(ctx, '/api/monitor/batches?module=pvland')
    expect(data).toEqual([
      { batch: '20250630', filename: 'pvland_20250630.zip', spotCount: 4, illustrative: false },
      { batch: '20250930', filename: 'pvland_20250930.zip', spotCount: 1, illustrative: false },
    ])
  })
})

describe('GET /api/monitor/statistics', () => {
  it('counts the latest batch by province for an anonymous visitor, every province listed', async () => {
    const data = await getData(ctx, '/api/monitor/statistics?module=pvland')
    expect(data).toMatchObject({
      region: { code: '100000', level: 'country' },
      parentCode: null,
      batchFrom: '20250930',
      batchTo: '20250930',
    })
    expect(data.rows.find((r: { code: string }) => r.code === '150000')).toMatchObject({ name: '内蒙古自治区', num: 1 })
    expect(data.rows.find((r: { code: string }) => r.code === '110000')).toMatchObject({ num: null, areaKm2: null })
    expect(data.rows.length).toBeGreaterThanOrEqual(31)
    expect(data.total.num).toBe(1)
  })

  it('counts a site once over a batch range, and drills down to cities and counties', async () => {
    const all = await getData(ctx, '/api/monitor/statistics?module=pvland&batchFrom=20250630&batchTo=20250930')
    expect(all.rows.find((r: { code: string }) => r.code === '150000').num).toBe(3)
    expect(all.total.num).toBe(4)
    const province = await getData(ctx, '/api/monitor/statistics?module=pvland&region=150000&batchFrom=20250630&batchTo=20250930')
    expect(province.parentCode).toBe('100000')
    expect(
      province.rows.filter((r: { num: number | null }) => r.num !== null).map((r: { code: string; num: number }) => [r.code, r.num]),
    ).toEqual([
      ['150100', 2],
      ['150200', 1],
    ])
    const city = await getData(
      ctx,
      '/api/monitor/statistics?module=pvland&region=150100&batchFrom=20250630&batchTo=20250930&tblx=construction',
    )
    expect(city.rows.find((r: { code: string }) => r.code === '150102')).toMatchObject({ num: 1 })
    expect(city.rows.find((r: { code: string }) => r.code === '150102').areaKm2).toBeGreaterThan(0)
    const beijing = await getData(ctx, '/api/monitor/statistics?module=pvland&region=110000&batchFrom=20250630')
    expect(beijing.rows.find((r: { code: string }) => r.code === '110101')).toMatchObject({ num: 1 })
  })

  it('names the regions of its rows in English for an English caller', async () => {
    const query = '/api/monitor/statistics?module=pvland&region=150000&batchFrom=20250630&batchTo=20250930'
    const english = await getData(ctx, query, { [LANGUAGE_HEADER]: 'en' })
    expect(english.region).toEqual({ code: '150000', name: 'Inner Mongolia', level: 'province' })
    expect(english.rows.find((r: { code: string }) => r.code === '150100')).toMatchObject({ name: 'Hohhot City', num: 2 })
    expect((await getData(ctx, query)).rows.find((r: { code: string }) => r.code === '150100').name).toBe('呼和浩特市')
  })

  it('answers bad input with a Chinese 400', async () => {
    for (const [query, message] of [
      ['module=nuclear', '未知的监测模块'],
      ['module=pvland&tblx=coal', '未知的图斑类型'],
      ['module=pvland&batchFrom=2025-06-30', '批次应为 YYYYMMDD 形式的日期'],
      ['module=pvland&batchFrom=20240101', '未知的批次'],
      ['module=pvland&batchFrom=20250930&batchTo=20250630', '起始批次不能晚于结束批次'],
      ['module=pvland&region=999999', '未知的行政区'],
      ['module=pvland&stage=old', '未知的阶段'],
    ]) {
      const { status, body } = await getJson(ctx, `/api/monitor/statistics?${query}`)
      expect(status, query).toBe(400)
      expect(body.message, query).toContain(message)
    }
  })
})

describe('GET /api/monitor/spot/list', () => {
  it('asks an anonymous visitor to log in', async () => {
    const { status, body } = await getJson(ctx, '/api/monitor/spot/list?module=pvland')
    expect(status).toBe(401)
    expect(body.message).toBe('请先登录')
  })

  it('refuses a user without the module’s code and a user without an area range with the SPEC messages', async () => {
    const noCode = await getJson(ctx, '/api/monitor/spot/list?module=pvland', tokens.noCode)
    expect([noCode.status, noCode.body.message]).toEqual([403, '无查看信息权限，请联系管理员'])
    const noRange = await getJson(ctx, '/api/monitor/spot/list?module=pvland', tokens.noRange)
    expect([noRange.status, noRange.body.message]).toEqual([403, '未关联用户权限范围，请联系管理员'])
    // the same user holds the windmill code: that module answers
    expect((await getJson(ctx, '/api/monitor/spot/list?module=windmill', tokens.noCode)).status).toBe(200)
  })

  it('limits a province user to the province, page 1 of 20 by default', async () => {
    const data = await getData(ctx, '/api/monitor/spot/list?module=pvland', tokens.province)
    expect(data).toMatchObject({ pageNum: 1, pageSize: 20, total: 4 })
    expect(data.items.every((s: { xzqdm: string }) => s.xzqdm.startsWith('15'))).toBe(true)
    expect(data.items[0]).toMatchObject({
      batch: '20250930',
      filename: 'pvland_20250930.zip',
      stage: 'persist',
      regionName: '内蒙古自治区 呼和浩特市 新城区',
    })
    expect(data.items[0].geometry.type).toBe('Polygon')
    const english = await getData(ctx, '/api/monitor/spot/list?module=pvland', { ...tokens.province, [LANGUAGE_HEADER]: 'en' })
    expect(english.items[0].regionName).toBe('Xincheng District, Hohhot City, Inner Mongolia')
    const city = await getData(ctx, '/api/monitor/spot/list?module=pvland&xzqdm=150200', tokens.province)
    expect(city.items.map((s: { id: number }) => s.id)).toEqual([ids.baotou])
    const filtered = await getData(
      ctx,
      '/api/monitor/spot/list?module=pvland&batch=20250630&tblx=built&filename=pvland_20250630.zip',
      tokens.province,
    )
    expect(filtered.items.map((s: { id: number }) => s.id).sort()).toEqual([ids.hohhot, ids.baotou].sort())
    const page2 = await getData(ctx, '/api/monitor/spot/list?module=pvland&pageNum=2&pageSize=3', tokens.province)
    expect(page2.items).toHaveLength(1)
  })

  it('refuses a region outside the range, and narrows a parent region to the allowed part', async () => {
    const outside = await getJson(ctx, '/api/monitor/spot/list?module=pvland&xzqdm=110000', tokens.province)
    expect([outside.status, outside.body.message]).toEqual([403, '无查看信息权限，请联系管理员'])
    const parent = await getData(ctx, '/api/monitor/spot/list?module=pvland&xzqdm=150000', tokens.city)
    expect(parent.items.map((s: { id: number }) => s.id)).toEqual([ids.baotou])
    const country = await getData(ctx, '/api/monitor/spot/list?module=pvland&xzqdm=100000', tokens.city)
    expect(country.total).toBe(1)
  })

  it('shows a ministry user with the whole country every spot', async () => {
    const data = await getData(ctx, '/api/monitor/spot/list?module=pvland', tokens.ministry)
    expect(data.total).toBe(5)
    const beijing = await getData(ctx, '/api/monitor/spot/list?module=pvland&xzqdm=110000', tokens.ministry)
    expect(beijing.items.map((s: { id: number }) => s.id)).toEqual([ids.beijing])
  })

  it('answers bad filters with a Chinese 400', async () => {
    for (const query of [
      'module=pvland&tblx=coal',
      'module=pvland&batch=20200101',
      'module=pvland&pageSize=1000',
      'module=pvland&xzqdm=15',
    ]) {
      const { status, body } = await getJson(ctx, `/api/monitor/spot/list?${query}`, tokens.ministry)
      expect(status, query).toBe(400)
      expect(body.message, query).toMatch(/[\u4e00-\u9fa5]/)
    }
  })
})

describe('GET /api/monitor/spot/detail', () => {
  it('gives a spot in range with its attributes, regions and batches', async () => {
    const data = await getData(ctx, `/api/monitor/spot/detail?module=pvland&id=${ids.hohhot}`, tokens.province)
    expect(data).toMatchObject({ id: ids.hohhot, siteId: 'a', county: { code: '150102', name: '新城区' }, city: { code: '150100' } })
    expect(data.batches.map((b: { batch: string }) => b.batch)).toEqual(['20250630', '20250930'])
  })

  it('refuses a spot outside the range with 403 and an unknown one (or another module’s) with 404', async () => {
    const outside = await getJson(ctx, `/api/monitor/spot/detail?module=pvland&id=${ids.beijing}`, tokens.province)
    expect([outside.status, outside.body.message]).toEqual([403, '无查看信息权限，请联系管理员'])
    expect((await getJson(ctx, `/api/monitor/spot/detail?module=pvland&id=${ids.wind}`, tokens.ministry)).status).toBe(404)
    expect((await getJson(ctx, '/api/monitor/spot/detail?module=pvland&id=999999', tokens.ministry)).status).toBe(404)
    expect((await getJson(ctx, `/api/monitor/spot/detail?module=pvland&id=${ids.hohhot}`, tokens.noCode)).status).toBe(403)
    expect((await getJson(ctx, `/api/monitor/spot/detail?module=pvland&id=${ids.hohhot}`)).status).toBe(401)
  })
})
