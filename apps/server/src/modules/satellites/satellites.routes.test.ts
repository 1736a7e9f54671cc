import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { MAX_SATELLITE_CATALOGUE } from '@rs/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadSatelliteData, SATELLITE_DATA_DIR } from '../../db/reference-data'
import { isValidTleLine, type SatelliteFacts, type TleSkip } from '../../db/satellite-data'
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
    // ZY-3 01 has no current elements (retired); every element set belongs to one series
    expect(list.find((s: { slug: string }) => s.slug === 'zy3')).toMatchObject({ category: 'optical', memberCount: 4, trackedCount: 3 })
    expect(list.reduce((sum: number, s: { trackedCount: number }) => sum + s.trackedCount, 0)).toBe(189)
  })

  it('gives the facts of gf2 with members and launch dates', async () => {
    const gf2 = await data('/api/satellite/detail?slug=gf2')
    expect(gf2.slug).toBe('gf2')
    expect(gf2.members.length).toBeGreaterThan(0)
    for (const m of gf2.members) expect(m.launchDate).toMatch(/^\d{4}-\d{2}-\d{2}$/)
  })

  it('gives the descriptive texts in Chinese, unconfirmed values as 待核实 items and the sources named', async () => {
    const zy102c = await data('/api/satellite/detail?slug=zy102c')
    expect(zy102c.operator).toBe('中国资源卫星应用中心 / 自然资源部（运营单位待核实）')
    expect(zy102c.orbit.type).toBe('太阳同步轨道')
    expect(zy102c.sensors[0]).toMatchObject({ name: 'PMS 全色/多光谱相机', type: '光学' })
    expect(zy102c.sensors[0].note).toBeUndefined()
    expect(zy102c.unconfirmed).toContain('运营单位')
    expect(zy102c.sources).toEqual([
      {
        publisher: 'CelesTrak',
        title: 'ZY-1 02C 卫星编目记录（NORAD 38038）',
        url: 'https://celestrak.org/satcat/records.php?CATNR=38038',
      },
      {
        publisher: '美国国家航空航天局空间科学数据协调档案馆（NSSDCA）',
        title: 'ZY-1 02C 航天器档案（2011-079A）',
        url: 'https://nssdc.gsfc.nasa.gov/nmc/spacecraft/display.action?id=2011-079A',
      },
    ])
    expect(JSON.stringify(zy102c)).not.toContain('fetched source')
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
      tle: await db.selectFrom('satellite_tle').selectAll().orderBy('position').execute(),
    })
    const before = await snapshot()
    const again = await loadSatelliteData(db)
    expect(again.loaded).toBe(false)
    expect(await snapshot()).toEqual(before)
  })
})

const facts = JSON.parse(readFileSync(path.join(SATELLITE_DATA_DIR, 'satellites.json'), 'utf8')) as SatelliteFacts[]

describe('GET /api/satellite/tle', () => {
  it('gives all 189 element sets with valid checksums, NORAD numbers and ISO epochs', async () => {
    const all = await data('/api/satellite/tle')
    expect(all).toHaveLength(189)
    for (const t of all) {
      expect(isValidTleLine(t.line1, 1) && isValidTleLine(t.line2, 2), t.member).toBe(true)
      expect(Number(t.line1.slice(2, 7))).toBe(t.noradId)
      expect(t.epoch).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)
    }
    expect(new Set(all.map((t: { noradId: number }) => t.noradId)).size).toBe(189)
  })

  it('gives the elements of the GF-1 members', async () => {
    const gf1 = await data('/api/satellite/tle?slug=gf1')
    expect(gf1).toHaveLength(1)
    expect(gf1[0]).toMatchObject({ slug: 'gf1', member: 'GF-1 01', noradId: 39150 })
    expect(gf1[0].epoch.slice(0, 10)).toBe('2026-06-13')
    const bcd = await data('/api/satellite/tle?slug=gf1bcd')
    expect(bcd.map((t: { noradId: number }) => t.noradId).sort()).toEqual([43259, 43260, 43262])
  })

  it('answers [] for a series without elements and 404 for an unknown one', async () => {
    expect(await data('/api/satellite/tle?slug=planetscope')).toEqual([])
    const { status, body } = await get('/api/satellite/tle?slug=nosuch')
    expect(status).toBe(404)
    expect(body.message).toBe('未找到该卫星')
  })
})

describe('GET /api/satellite/events', () => {
  const launchDates = facts.flatMap((f) => f.members.map((m) => m.launchDate).filter((d): d is string => typeof d === 'string'))

  it('gives the ten latest launches, newest first', async () => {
    const events = await data('/api/satellite/events')
    expect(events).toHaveLength(10)
    const dates = events.map((e: { date: string }) => e.date)
    expect(dates).toEqual([...dates].sort().reverse())
    expect(dates[0]).toBe([...launchDates].sort().at(-1))
    for (const e of events) expect(e.kind).toBe('launch')
  })

  it('names the series in Chinese and groups members launched together', async () => {
    const events = await data('/api/satellite/events?limit=100')
    const launches = new Set(facts.flatMap((f) => f.members.filter((m) => m.launchDate).map((m) => `${m.launchDate} ${f.slug}`)))
    expect(events).toHaveLength(Math.min(100, launches.size))
    expect(events.find((e: { member: string }) => e.member === 'ZY-3 04')).toEqual({
      date: '2025-12-16',
      kind: 'launch',
      slug: 'zy3',
      seriesName: '资源三号卫星（01/02/03/04星）',
      member: 'ZY-3 04',
      country: 'CN',
    })
    expect(events.find((e: { slug: string; date: string }) => e.slug === 'gf1bcd')?.member).toBe(
      'GF-1 02（B 星）、GF-1 03（C 星）、GF-1 04（D 星）',
    )
    expect(events.find((e: { date: string }) => e.date === '2026-04-14')?.member).toBe('JILIN GAOFEN OBJECT A 等 8 颗')
    // a member without a launch day (Sentinel-1D, Nov 2025) is left out
    expect(events.some((e: { member: string }) => e.member.includes('Sentinel-1D'))).toBe(false)
    expect((await data('/api/satellite/events?limit=3')).map((e: { date: string }) => e.date)).toEqual(
      events.slice(0, 3).map((e: { date: string }) => e.date),
    )
  })

  it.each(['0', '101', 'x', '2.5'])('refuses limit=%s with 400', async (limit) => {
    const { status, body } = await get(`/api/satellite/events?limit=${limit}`)
    expect(status).toBe(400)
    expect(body.message).toContain('条数应为 1–100 的整数')
  })
})

describe('loading the orbit elements', () => {
  const gf1Sets = () => ctx.database.db.selectFrom('satellite_tle').select('norad_id').where('slug', '=', 'gf1').execute()

  it('skips and logs a set with a bad checksum, and loads the rest', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'rs-sat-'))
    try {
      cpSync(SATELLITE_DATA_DIR, dir, { recursive: true })
      const file = path.join(dir, 'tle/resource.tle')
      const lines = readFileSync(file, 'utf8').split('\n')
      const i = lines.findIndex((l) => l.startsWith('1 39150'))
      const line = lines[i] as string
      lines[i] = `${line.slice(0, 68)}${(Number(line[68]) + 1) % 10}`
      writeFileSync(file, lines.join('\n'))
      const logged: TleSkip[] = []
      const result = await loadSatelliteData(ctx.database.db, dir, (skip) => logged.push(skip))
      expect(result).toMatchObject({ loaded: true, tle: 188 })
      expect(logged).toEqual([{ line: i, name: 'GAOFEN-1', reason: 'line 1 checksum' }])
      // the API serves what was loaded at start; a reload in a running server is only seen in the table
      expect(await gf1Sets()).toEqual([])
    } finally {
      rmSync(dir, { recursive: true, force: true })
      // back to the real files (a new version again)
      expect((await loadSatelliteData(ctx.database.db)).tle).toBe(189)
    }
    expect(await gf1Sets()).toHaveLength(1)
  })
})

describe('the satellite answers in the caller’s language', () => {
  const EN = { 'x-portal-lang': 'en-US' }
  const CJK = /[\u3400-\u9fff]/
  /** The answer without the one field that is a proper name in Chinese by definition (nameZh). */
  const withoutChineseName = (value: unknown) => JSON.stringify(value, (key, v) => (key === 'nameZh' ? undefined : v))

  it('gives every series’ facts in English: summary, operator, orbit, sensors, notes and named sources', async () => {
    const list = (await data('/api/satellite/list')) as Array<{ slug: string }>
    for (const { slug } of list) {
      const facts = await getData(ctx, `/api/satellite/detail?slug=${slug}`, EN)
      expect(withoutChineseName(facts), slug).not.toMatch(CJK)
      expect(facts.summary, slug).toMatch(/^[A-Z]/)
      for (const source of facts.sources) expect(source.title, slug).not.toMatch(CJK)
    }
    const gf1 = await getData(ctx, '/api/satellite/detail?slug=gf1', EN)
    expect(gf1).toMatchObject({ nameZh: '高分一号卫星', nameEn: 'GF-1 (GaoFen-1)', orbit: { type: 'sun-synchronous' } })
    expect(gf1.summary).toContain('26 April 2013')
    const jl1 = await getData(ctx, '/api/satellite/detail?slug=jl1', EN)
    expect(jl1.membersNote).toMatch(/partial/)
    expect(jl1.operator).toBe('Chang Guang Satellite Technology Co., Ltd. (CGSTL)')
  })

  it('gives them in Chinese without the header', async () => {
    const gf1 = await data('/api/satellite/detail?slug=gf1')
    expect(gf1.summary).toMatch(/^高分一号/)
    expect(gf1.orbit.type).toBe('太阳同步轨道')
    expect(gf1.sources.map((s: { title: string }) => s.title).join(' ')).toMatch(CJK)
  })

  it('labels the catalogue and the launch events in English', async () => {
    const catalogue = await getData(ctx, '/api/satellite/catalogue', EN)
    expect(JSON.stringify(catalogue)).not.toMatch(CJK)
    expect(catalogue.find((e: { value: string }) => e.value === 'gf2').label).toBe('GF-2 (GaoFen-2)')
    expect((await data('/api/satellite/catalogue')).find((e: { value: string }) => e.value === 'gf2').label).toMatch(CJK)
    const events = await getData(ctx, '/api/satellite/events?limit=100', EN)
    expect(JSON.stringify(events)).not.toMatch(CJK)
    expect(events.some((e: { member: string }) => / and others \(\d+ satellites\)$/.test(e.member))).toBe(true)
    expect(JSON.stringify(await data('/api/satellite/events?limit=100'))).toMatch(CJK)
  })
})
