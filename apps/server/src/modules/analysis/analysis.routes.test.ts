import { AnalysisPage, SATELLITE_ANALYSIS_PAGES } from '@rs/shared'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadWorldSatelliteData } from '../../datasets/world-satellites/load'
import { createTestContext, getData, getJson, type TestContext } from '../../test/test-context'

let ctx: TestContext

beforeAll(async () => {
  ctx = await createTestContext()
})
afterAll(async () => {
  await ctx?.close()
})

type Page = AnalysisPage
type Figure = Page['figures'][number]

async function page(key: string): Promise<Page> {
  return AnalysisPage.parse(await getData(ctx, `/api/satellite/analysis?page=${key}`))
}

function figure(p: Page, key: string): Figure {
  const f = p.figures.find((x) => x.key === key)
  if (!f) throw new Error(`figure ${key} missing on ${p.page}`)
  return f
}

const sum = (f: Figure, column: string) => f.rows.reduce((n, r) => n + Number(r[column] ?? 0), 0)
const rowOf = (f: Figure, column: string, value: string) => f.rows.find((r) => r[column] === value)

async function countWhere(where = sql`true`): Promise<number> {
  const r = await sql<{ n: number }>`SELECT count(*)::int AS n FROM world_satellite WHERE ${where}`.execute(ctx.database.db)
  return r.rows[0]?.n ?? -1
}

describe('world satellite data in the database', () => {
  it('holds every row of the files, typed', async () => {
    expect(await countWhere()).toBe(1292)
    expect(await countWhere(sql`country_of_operator_owner = 'China'`)).toBe(348)
    expect(await countWhere(sql`launch_year = 2022`)).toBe(183)
    expect(await countWhere(sql`extract(year FROM date_of_launch) = 2022`)).toBe(183)
    expect(await countWhere(sql`date_of_launch IS NULL`)).toBe(1)
    expect(await countWhere(sql`resolution_class IS NOT NULL`)).toBe(134)
    const planned = await sql<{ n: number }>`SELECT count(*)::int AS n FROM planned_mission`.execute(ctx.database.db)
    expect(planned.rows[0]?.n).toBe(15)
    const cicero = await sql<{
      d: string
    }>`SELECT to_char(date_of_launch, 'YYYY-MM-DD') AS d FROM world_satellite WHERE cospar_number = '2018-096U'`.execute(ctx.database.db)
    expect(cicero.rows[0]?.d).toBe('2018-11-29')
  })

  it('loads once: a second run with the same files changes nothing', async () => {
    const db = ctx.database.db
    const snapshot = async () => ({
      reference: await db.selectFrom('reference_data').selectAll().where('name', '=', 'world-satellites').execute(),
      satellites: await db.selectFrom('world_satellite').selectAll().orderBy('position').execute(),
      planned: await db.selectFrom('planned_mission').selectAll().orderBy('position').execute(),
    })
    const before = await snapshot()
    expect(before.reference).toHaveLength(1)
    const again = await loadWorldSatelliteData(db)
    expect(again.loaded).toBe(false)
    expect(again.version).toBe(before.reference[0]?.version)
    expect(await snapshot()).toEqual(before)
  })

  it('replaces every row when the version changes', async () => {
    const db = ctx.database.db
    await sql`UPDATE reference_data SET version = 'old' WHERE name = 'world-satellites'`.execute(db)
    await sql`DELETE FROM world_satellite WHERE operator_country = 'USA'`.execute(db)
    const result = await loadWorldSatelliteData(db)
    expect(result).toMatchObject({ loaded: true, satellites: 1292, planned: 15 })
    expect(await countWhere()).toBe(1292)
    expect(await countWhere(sql`operator_country = 'USA'`)).toBe(511)
  })
})

describe('GET /api/satellite/analysis', () => {
  it.each(SATELLITE_ANALYSIS_PAGES)('answers %s per the contract, with consistent figures', async (key) => {
    const p = await page(key)
    expect(p.page).toBe(key)
    expect(p.asOf).toBe('2023-05-01')
    expect(p.source).toContain('UCS')
    expect(p.source).toContain('2023年5月1日')
    expect(p.source).toContain('ucsusa.org/resources/satellite-database')
    expect(p.title).toMatch(/[\u4e00-\u9fff]/)
    expect(p.summary.length).toBeGreaterThanOrEqual(3)
    for (const s of p.summary) expect(s).toMatch(/[\u4e00-\u9fff]/)
    // every sentence but a caveat carries a computed number; no placeholder is left
    expect(p.summary.filter((s) => /\d/.test(s)).length).toBeGreaterThanOrEqual(3)
    expect(JSON.stringify(p)).not.toMatch(/\{\w+\}/)
    expect(p.highlights.length).toBeGreaterThanOrEqual(3)
    expect(p.highlights.length).toBeLessThanOrEqual(4)
    expect(p.figures.length).toBeGreaterThanOrEqual(3)
    for (const f of p.figures) {
      const keys = f.columns.map((c) => c.key)
      expect(keys, f.key).toContain(f.x)
      for (const s of f.series) expect(keys, `${f.key}.${s}`).toContain(s)
      expect(f.rows.length, f.key).toBeGreaterThan(0)
      for (const r of f.rows) expect(Object.keys(r).sort(), f.key).toEqual([...keys].sort())
      for (const r of f.rows) for (const s of f.series) expect(typeof r[s], `${f.key}.${s}`).toBe('number')
      expect(f.counted, f.key).toMatch(/[\u4e00-\u9fff]/)
      for (const c of f.columns) expect(c.title, `${f.key}.${c.key}`).toMatch(/[\u4e00-\u9fff]/)
    }
  })

  it('general-statistic: every figure sums to the 1,292 rows', async () => {
    const p = await page('general-statistic')
    for (const key of ['byCategory', 'byOrbit', 'byLaunchYear', 'imagingVsOther']) expect(sum(figure(p, key), 'count'), key).toBe(1292)
    const years = figure(p, 'byLaunchYear')
    expect(rowOf(years, 'year', '2022')?.count).toBe(183)
    expect(rowOf(years, 'year', '2023')?.count).toBe(await countWhere(sql`launch_year = 2023`))
    expect(years.counted).toContain('不是各年发射数量')
    expect(rowOf(figure(p, 'byOrbit'), 'orbit', '低地球轨道（LEO）')?.count).toBe(1225)
    expect(rowOf(figure(p, 'imagingVsOther'), 'group', '成像遥感')?.count).toBe(await countWhere(sql`remote_sensing`))
    expect(rowOf(figure(p, 'byCategory'), 'category', '雷达成像')?.count).toBe(121)
    expect(figure(p, 'byCategory').counted).toContain('1292')
    expect(p.highlights[0]).toMatchObject({ value: 1292 })
    expect(p.summary[0]).toContain('1292')
  })

  it('country-analysis: China exactly 348, joint operators in their own bucket', async () => {
    const p = await page('country-analysis')
    const table = figure(p, 'countryTable')
    expect(sum(table, 'count')).toBe(1292)
    expect(rowOf(table, 'country', '中国')).toMatchObject({ count: 348, rank: 2, share: 26.9 })
    expect(rowOf(table, 'country', '美国')).toMatchObject({ count: 511, rank: 1 })
    expect(rowOf(table, 'country', '新加坡')?.count).toBe(5)
    expect(rowOf(table, 'country', '中国台湾')?.count).toBe(12)
    const joint = rowOf(table, 'country', '联合/多国')
    expect(joint?.count).toBe(await countWhere(sql`country_of_operator_owner LIKE '%/%' OR country_of_operator_owner = 'Multinational'`))
    for (const r of table.rows) expect(String(r.country), 'Chinese country name').toMatch(/[\u4e00-\u9fff]/)
    const top = figure(p, 'topCountries')
    expect(top.rows.length).toBeGreaterThanOrEqual(15)
    expect(top.rows.map((r) => r.country)).not.toContain('联合/多国')
    const counts = top.rows.map((r) => Number(r.count))
    expect(counts).toEqual([...counts].sort((a, b) => b - a))
    expect(top.counted).toContain(String(joint?.count))
    const byCategory = figure(p, 'countryByCategory')
    expect(byCategory.rows).toHaveLength(10)
    for (const r of byCategory.rows) expect(byCategory.series.reduce((n, s) => n + Number(r[s]), 0)).toBe(r.total)
    expect(rowOf(byCategory, 'country', '中国')?.total).toBe(348)
    expect(p.summary.join('')).toContain('348')
  })

  it('categories-statistic: categories and the purpose mapping sum to the rows', async () => {
    const p = await page('categories-statistic')
    expect(sum(figure(p, 'categoryTable'), 'count')).toBe(1292)
    expect(sum(figure(p, 'categoryTable'), 'share')).toBeCloseTo(100, 0)
    expect(sum(figure(p, 'purposeMapping'), 'count')).toBe(1292)
    const mapping = figure(p, 'purposeMapping')
    expect(rowOf(mapping, 'detailedPurpose', 'Earth Science/Meterology')?.category).toBe('地球科学')
    expect(rowOf(mapping, 'detailedPurpose', 'Synthetic Aperture Imaging')?.category).toBe('雷达成像')
    const byYear = figure(p, 'categoryByYear')
    expect(byYear.rows.map((r) => r.year)).toEqual(['2014', '2015', '2016', '2017', '2018', '2019', '2020', '2021', '2022', '2023'])
    const recent = await countWhere(sql`launch_year BETWEEN 2014 AND 2023`)
    expect(byYear.rows.reduce((n, r) => n + byYear.series.reduce((m, s) => m + Number(r[s]), 0), 0)).toBe(recent)
    const y2022 = rowOf(byYear, 'year', '2022')
    expect(byYear.series.reduce((n, s) => n + Number(y2022?.[s]), 0)).toBe(183)
  })

  it('investment-pattern-analysis: users, operators and China against the others', async () => {
    const p = await page('investment-pattern-analysis')
    const users = figure(p, 'byUser')
    expect(sum(users, 'count')).toBe(1292)
    expect(rowOf(users, 'user', '商业')?.count).toBe(667)
    expect(rowOf(users, 'user', '混合用户')?.count).toBe(38)
    expect(users.counted).toContain('混合用户')
    const byYear = figure(p, 'userByYear')
    expect(byYear.rows.reduce((n, r) => n + byYear.series.reduce((m, s) => m + Number(r[s]), 0), 0)).toBe(
      await countWhere(sql`launch_year BETWEEN 2014 AND 2023`),
    )
    const operators = figure(p, 'topOperators')
    expect(operators.rows[0]).toMatchObject({ operator: 'Planet Labs, Inc.', country: '美国', count: 220, rank: 1 })
    const china = figure(p, 'chinaVsOthersByUser')
    expect(sum(china, 'china')).toBe(348)
    expect(sum(china, 'others')).toBe(1292 - 348)
    expect(sum(china, 'chinaShare')).toBeCloseTo(100, 0)
  })

  it('level-contrast: China against the others by year, category and matched resolution', async () => {
    const p = await page('level-contrast')
    const byYear = figure(p, 'chinaVsOthersByYear')
    expect(rowOf(byYear, 'year', '2022')).toMatchObject({ china: 70, others: 113 })
    expect(rowOf(byYear, 'year', '2014')).toMatchObject({ china: 15, others: 24 })
    expect(byYear.counted).toContain('5月1日')
    const byCategory = figure(p, 'chinaVsOthersByCategory')
    expect(sum(byCategory, 'china')).toBe(348)
    expect(sum(byCategory, 'others')).toBe(944)
    const resolution = figure(p, 'chinaVsOthersByResolution')
    const matched = await countWhere(sql`resolution_class IS NOT NULL`)
    const matchedChina = await countWhere(sql`resolution_class IS NOT NULL AND operator_country = 'China'`)
    expect(sum(resolution, 'china') + sum(resolution, 'others')).toBe(matched)
    expect(sum(resolution, 'china')).toBe(matchedChina)
    expect(resolution.counted).toContain(`匹配到 ${matched} 颗`)
    expect(resolution.counted).toContain(`中国 ${matchedChina} 颗`)
    expect(p.highlights[0]).toMatchObject({ value: 348 })
  })

  it('development-plan: the planned missions, their sources and the Chinese trend', async () => {
    const p = await page('development-plan')
    const missions = figure(p, 'plannedMissions')
    expect(missions.rows).toHaveLength(15)
    expect(missions.rows.every((r) => r.country === '中国')).toBe(true)
    expect(sum(missions, 'satellites')).toBe(25)
    expect(rowOf(missions, 'name', '双天线X波段干涉合成孔径雷达卫星')?.category).toBe('雷达成像')
    expect(rowOf(missions, 'name', '风云三号F星')).toMatchObject({
      plannedYear: '2023 年（原定 8 月）',
      source: expect.stringMatching(/^新华网（英文版）：/),
      sourceDate: '2023-02-22',
    })
    expect(missions.columns.map((c) => c.key)).not.toContain('note')
    expect(sum(figure(p, 'plannedByPeriod'), 'entries')).toBe(15)
    expect(sum(figure(p, 'plannedByPeriod'), 'satellites')).toBe(25)
    expect(sum(figure(p, 'plannedByCategory'), 'entries')).toBe(15)
    expect(sum(figure(p, 'chinaTrend'), 'count')).toBe(348)
    expect(rowOf(figure(p, 'chinaTrend'), 'year', '2022')?.count).toBe(70)
    // the sources named (publisher and title, linked), each page once
    for (const publisher of ['新华网（英文版）', '中国新闻网（英文版）', '中国日报网', 'Latam Space']) expect(p.source).toContain(publisher)
    expect(p.references?.map((r) => new URL(r.url).host)).toEqual([
      'english.news.cn',
      'latam.space',
      'www.ecns.cn',
      'global.chinadaily.com.cn',
    ])
    for (const r of p.references ?? []) expect(r.title, r.url).toMatch(/\p{Script=Han}/u)
  })

  it.each(['nosuch', '', 'GENERAL-STATISTIC'])('refuses page=%s with 400 and a Chinese message', async (key) => {
    const { status, body } = await getJson(ctx, `/api/satellite/analysis?page=${key}`)
    expect(status).toBe(400)
    expect(body.code).toBe(400)
    expect(body.message).toContain('未知的分析页面')
  })

  it('refuses a request without a page', async () => {
    const { status, body } = await getJson(ctx, '/api/satellite/analysis')
    expect(status).toBe(400)
    expect(body.code).toBe(400)
  })
})

/** The texts of an SVG's text elements, entities decoded. */
function drawnTexts(svg: string): string[] {
  const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" }
  return [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) =>
    (m[1] ?? '').replace(/&(amp|lt|gt|quot|#39);/g, (_, e) => entities[e] ?? ''),
  )
}

describe('GET /api/satellite/analysis/chart', () => {
  const chart = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers })

  it.each(SATELLITE_ANALYSIS_PAGES)('draws every figure of %s as an SVG image at its chartUrl', async (key) => {
    const p = await page(key)
    for (const f of p.figures) {
      expect(f.chartUrl, f.key).toBe(`/api/satellite/analysis/chart?page=${key}&figure=${f.key}`)
      expect(f.chartSize?.width, f.key).toBeGreaterThan(0)
      const res = await chart(f.chartUrl ?? '')
      expect(res.statusCode, f.key).toBe(200)
      expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8')
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'")
      expect(res.headers['x-content-type-options']).toBe('nosniff')
      expect(res.headers['cache-control']).toBe('public, max-age=300')
      expect(res.headers.etag).toMatch(/^"[\w-]+"$/)
      const svg = res.body
      expect(svg.startsWith('<svg'), f.key).toBe(true)
      expect(svg).toContain(`viewBox="0 0 ${f.chartSize?.width} ${f.chartSize?.height}"`)
      expect(svg).not.toContain('foreignObject')
      // the categories of the rows are drawn (long ones cut with an ellipsis); Chinese ones in Chinese
      const drawn = drawnTexts(svg)
      const isDrawn = (label: string) => drawn.some((d) => d === label || (d.endsWith('…') && label.startsWith(d.slice(0, -1))))
      const categories = f.rows.map((r) => String(r[f.x]))
      expect(categories.some(isDrawn), f.key).toBe(true)
      const chinese = categories.filter((c) => /[\u4e00-\u9fff]/.test(c))
      if (chinese.length > 0) expect(chinese.some(isDrawn), f.key).toBe(true)
    }
  })

  it('draws the Chinese category names of a figure and answers 304 to its ETag', async () => {
    const res = await chart('/api/satellite/analysis/chart?page=general-statistic&figure=byOrbit')
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain('低地球轨道（LEO）')
    const again = await chart('/api/satellite/analysis/chart?page=general-statistic&figure=byOrbit', {
      'if-none-match': String(res.headers.etag),
    })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')
    const years = await chart('/api/satellite/analysis/chart?page=country-analysis&figure=topCountries')
    expect(years.body).toContain('>中国<')
    expect(years.body).toContain('>美国<')
  })

  it.each(['nosuch', 'GENERAL-STATISTIC'])('refuses page=%s with 400 and a Chinese message', async (key) => {
    const { status, body } = await getJson(ctx, `/api/satellite/analysis/chart?page=${key}&figure=byOrbit`)
    expect(status).toBe(400)
    expect(body.code).toBe(400)
    expect(body.message).toContain('未知的分析页面')
  })

  it.each(['nosuch', 'topCountries', 'byorbit'])(
    'answers 404 with a Chinese message for figure=%s on general-statistic',
    async (figure) => {
      const { status, body } = await getJson(ctx, `/api/satellite/analysis/chart?page=general-statistic&figure=${figure}`)
      expect(status).toBe(404)
      expect(body).toMatchObject({ code: 404, message: '该分析页面没有这个图表', data: null })
    },
  )

  it('refuses a request without a figure with 400', async () => {
    const { status, body } = await getJson(ctx, '/api/satellite/analysis/chart?page=general-statistic')
    expect(status).toBe(400)
    expect(body.message).toContain('请指定分析图表')
  })
})

describe('the analysis pages in the caller’s language', () => {
  const EN = { 'x-portal-lang': 'en-US' }
  const CJK = /[\u3400-\u9fff]/
  /** An SVG's texts, without the font stack (which names the CJK fonts). */
  const textOf = (svg: string) => svg.replace(/font-family="[^"]*"/g, '').replace(/font-family:[^;"]*/g, '')

  it.each(SATELLITE_ANALYSIS_PAGES)('answers %s in English, with English charts at English addresses', async (key) => {
    const p = AnalysisPage.parse(await getData(ctx, `/api/satellite/analysis?page=${key}`, EN))
    expect(JSON.stringify(p)).not.toMatch(CJK)
    for (const f of p.figures) {
      expect(f.chartUrl, f.key).toBe(`/api/satellite/analysis/chart?page=${key}&figure=${f.key}&lang=en`)
      // an image is fetched without the header: its address carries the language
      const res = await ctx.app.inject({ method: 'GET', url: f.chartUrl ?? '' })
      expect(res.statusCode, f.key).toBe(200)
      expect(textOf(res.body), f.key).not.toMatch(CJK)
      expect(drawnTexts(res.body).length, f.key).toBeGreaterThan(0)
    }
  })

  it('names countries, categories and columns in English, and keeps Chinese without the header', async () => {
    const en = AnalysisPage.parse(await getData(ctx, '/api/satellite/analysis?page=country-analysis', EN))
    const top = figure(en, 'topCountries')
    expect(top.rows.slice(0, 2).map((r) => r.country)).toEqual(['USA', 'China'])
    expect(top.columns.map((c) => c.title)).toContain('Country/region')
    const plan = AnalysisPage.parse(await getData(ctx, '/api/satellite/analysis?page=development-plan', EN))
    expect(figure(plan, 'plannedMissions').rows[0]).toMatchObject({ name: 'Fengyun-3F (FY-3F)', source: expect.stringMatching(/^Xinhua/) })
    expect(plan.references?.every((r) => !CJK.test(`${r.publisher} ${r.title}`))).toBe(true)
    const svg = await ctx.app.inject({ method: 'GET', url: '/api/satellite/analysis/chart?page=general-statistic&figure=byOrbit&lang=en' })
    expect(svg.body).toContain('Low Earth orbit (LEO)')
    const zh = await page('country-analysis')
    expect(figure(zh, 'topCountries').rows[0]?.country).toBe('美国')
    expect(zh.title).toMatch(CJK)
  })
})
