import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { LANGUAGE_HEADER, PERMISSION, type PlanDetail } from '@rs/shared'
import { sql } from 'kysely'
import { readSheet } from 'read-excel-file/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { box, tilted } from '../../../test-support/aoi.fixtures'
import { buildScene, buildUser } from '../../../test-support/factories'
import { type Coverage, createCoverage } from '../../capabilities/coverage'
import { createTaskPool, type TaskPool } from '../../lib/workers/pool'
import { createTestContext, DEMO_PASSWORDS, loginAs, type TestContext } from '../../test/test-context'

let ctx: TestContext
let pool: TaskPool
let coverage: Coverage
const tokens: Record<string, string> = {}

// around 呼和浩特 (内蒙古): the province's item A, the city's item B across it
const ITEM_A = tilted(111.72, 40.86, 0.15, 0.1, 15)
const ITEM_B = box(111.65, 40.8, 111.9, 40.95)
// May 2026 (Beijing), 2 m, clear: what the purchase year 2026 holds of A
const HELD = [tilted(111.65, 40.85, 0.12, 0.08, -10), tilted(111.85, 40.9, 0.1, 0.1, 25)]

function oracle(input: {
  items: Array<{ id: number | string; geometry: unknown }>
  footprints?: unknown[]
  pairs?: Array<[number, number]>
}) {
  const script = fileURLToPath(new URL('./check.py', import.meta.url))
  const res = spawnSync('/usr/bin/python3', [script], { input: JSON.stringify(input), encoding: 'utf8', maxBuffer: 64 << 20 })
  if (res.status !== 0) throw new Error(res.stderr)
  return JSON.parse(res.stdout) as { items: Record<string, { areaKm2: number; percent: number }>; pairs: Record<string, number> }
}

async function call(method: 'GET' | 'POST', url: string, who: string, body?: unknown) {
  const res = await ctx.app.inject({
    method,
    url,
    headers: { token: tokens[who] ?? who },
    ...(body === undefined ? {} : { payload: body as object }),
  })
  return { status: res.statusCode, body: res.json() as { data: never; message: string } }
}
const post = (url: string, who: string, body: unknown) => call('POST', url, who, body)
const get = (url: string, who: string) => call('GET', url, who)

const count = async (table: string) =>
  Number((await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(table)}`.execute(ctx.database.db)).rows[0]?.n)

const item = (name: string, area: unknown, extra: Record<string, unknown> = {}) => ({
  name,
  area,
  resolution: 'm2',
  months: '5,6',
  cjlx: 'sc',
  purpose: '国土变更调查',
  ownerUnit: '内蒙古自治区自然资源厅',
  budget: 120.5,
  ...extra,
})

let provincePlan: number
let cityPlan: number

beforeAll(async () => {
  ctx = await createTestContext({ WORKER_THREADS: '1' })
  const db = ctx.database.db
  tokens.province = await loginAs(ctx, 'neimenggu', DEMO_PASSWORDS.neimenggu)
  tokens.user = await loginAs(ctx, 'user', DEMO_PASSWORDS.user)
  const city = await buildUser(db, { permissions: [PERMISSION.planFill], areaRanges: ['150100'], email: 'city@example.com' })
  tokens.city = await loginAs(ctx, city.username, city.password)
  const ministry = await buildUser(db, {
    permissions: [PERMISSION.planPublish, PERMISSION.overallAnalysis],
    areaRanges: ['100000'],
    email: 'plan-reviewer@example.com',
  })
  tokens.ministry = await loginAs(ctx, ministry.username, ministry.password)
  const both = await buildUser(db, { permissions: [PERMISSION.planFill, PERMISSION.planPublish], areaRanges: ['110000'] })
  tokens.both = await loginAs(ctx, both.username, both.password)
  for (const [k, f] of HELD.entries())
    await buildScene(db, { id: `PL_H${k}`, footprint: f, resolutionM: 2, cloudPercent: 5, acquiredAt: '2026-05-10T03:00:00Z' })
  // not held: too cloudy, too coarse, another year
  await buildScene(db, { id: 'PL_CLOUD', footprint: ITEM_A, resolutionM: 2, cloudPercent: 60, acquiredAt: '2026-05-11T03:00:00Z' })
  await buildScene(db, { id: 'PL_COARSE', footprint: ITEM_A, resolutionM: 16, cloudPercent: 0, acquiredAt: '2026-05-12T03:00:00Z' })
  await buildScene(db, { id: 'PL_OLD', footprint: ITEM_A, resolutionM: 2, cloudPercent: 0, acquiredAt: '2025-05-12T03:00:00Z' })
  pool = createTaskPool({ maxThreads: 1 })
  coverage = createCoverage({ db, background: pool })
  await coverage.engine.refresh()
}, 180_000)

afterAll(async () => {
  await pool?.close()
  await ctx?.close()
})

describe('plan years', () => {
  it('are opened by the ministry only, once, with a deadline not in the past', async () => {
    expect((await post('/api/plan-collaborative/years', 'province', { year: 2027, deadline: '2027-03-31' })).status).toBe(403)
    const past = await post('/api/plan-collaborative/years', 'ministry', { year: 2027, deadline: '2020-01-01' })
    expect(past.status).toBe(400)
    expect(past.body.message).toContain('截止日期')
    const opened = await post('/api/plan-collaborative/years', 'ministry', {
      year: 2027,
      deadline: '2027-03-31',
      purchaseYear: 2026,
      requested: '请填报 2027 年度优于 2 米影像需求',
    })
    expect(opened.status).toBe(200)
    expect(opened.body.data).toMatchObject({ year: 2027, state: 'open', purchaseYear: 2026, takesFilling: true })
    expect((await post('/api/plan-collaborative/years', 'ministry', { year: 2027, deadline: '2027-03-31' })).status).toBe(409)
    expect((await get('/api/plan-collaborative/years', 'user')).status).toBe(403)
  })
})

describe('filling, review and publication', () => {
  it('makes a plan for a unit inside the caller’s range only', async () => {
    expect((await post('/api/plan-collaborative/plans', 'province', { year: 2027, unitRegion: '110000' })).status).toBe(403)
    expect((await post('/api/plan-collaborative/plans', 'province', { year: 2031, unitRegion: '150000' })).status).toBe(404)
    const made = await post('/api/plan-collaborative/plans', 'province', { year: 2027, unitRegion: '150000' })
    expect(made.status).toBe(200)
    provincePlan = (made.body.data as PlanDetail).id
    expect(made.body.data).toMatchObject({ unitType: 'province', state: 'draft', revision: 1, editable: true, unitName: '内蒙古自治区' })
    expect((await post('/api/plan-collaborative/plans', 'province', { year: 2027, unitRegion: '150000' })).status).toBe(409)
    const city = await post('/api/plan-collaborative/plans', 'city', { year: 2027, unitRegion: '150100' })
    expect(city.status).toBe(200)
    cityPlan = (city.body.data as PlanDetail).id
    expect(city.body.data).toMatchObject({ unitType: 'city' })
    // in English the units are named in English; the stored record keeps the Chinese name
    const english = await ctx.app.inject({
      method: 'GET',
      url: '/api/plan-collaborative/plans?year=2027',
      headers: { token: tokens.province as string, [LANGUAGE_HEADER]: 'en' },
    })
    const units = (english.json() as { data: { list: { unitRegion: string; unitName: string }[] } }).data.list.map((p) => [
      p.unitRegion,
      p.unitName,
    ])
    expect(units).toEqual(
      expect.arrayContaining([
        ['150000', 'Inner Mongolia'],
        ['150100', 'Hohhot City'],
      ]),
    )
    expect((await get('/api/plan-collaborative/plans?year=2027', 'province')).body.data).toHaveProperty(
      'list',
      expect.arrayContaining([expect.objectContaining({ unitRegion: '150000', unitName: '内蒙古自治区' })]),
    )
  })

  it('refuses a broken, crossing, outside or empty area and writes nothing', async () => {
    const before = await count('plan_item')
    const bowtie = {
      type: 'Polygon',
      coordinates: [
        [
          [111.5, 40.7],
          [111.7, 40.9],
          [111.7, 40.7],
          [111.5, 40.9],
          [111.5, 40.7],
        ],
      ],
    }
    const crossing = await post('/api/plan-collaborative/items/save', 'province', {
      planId: provincePlan,
      ...item('自相交', { mode: 'draw', geometry: bowtie }),
    })
    expect(crossing.status).toBe(422)
    expect(crossing.body.message).toContain('自相交')
    const beijing = await post('/api/plan-collaborative/items/save', 'province', {
      planId: provincePlan,
      ...item('北京', { mode: 'draw', geometry: box(116.2, 39.8, 116.5, 40) }),
    })
    expect(beijing.status).toBe(400)
    expect(beijing.body.message).toContain('超出本单位范围')
    const foreignRegion = await post('/api/plan-collaborative/items/save', 'province', {
      planId: provincePlan,
      ...item('河北', { mode: 'region', regionCodes: ['130100'] }),
    })
    expect(foreignRegion.status).toBe(400)
    expect(foreignRegion.body.message).toContain('130100')
    const badMonths = await post('/api/plan-collaborative/items/save', 'province', {
      planId: provincePlan,
      ...item('月份', { mode: 'draw', geometry: ITEM_A }, { months: '' }),
    })
    expect(badMonths.status).toBe(400)
    const noCoords = await post('/api/plan-collaborative/items/save', 'province', {
      planId: provincePlan,
      ...item('坐标', {
        mode: 'draw',
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [200, 95],
              [1, 1],
              [2, 2],
              [200, 95],
            ],
          ],
        },
      }),
    })
    expect(noCoords.status).toBe(400)
    // more vertices than a drawn area may have (10,000), and a body over the 1 MB limit
    const circle = (n: number, digits: number) =>
      Array.from({ length: n + 1 }, (_, k) => [
        Number((111.7 + 0.1 * Math.cos((k / n) * 2 * Math.PI)).toFixed(digits)),
        Number((40.85 + 0.1 * Math.sin((k / n) * 2 * Math.PI)).toFixed(digits)),
      ])
    const many = await post('/api/plan-collaborative/items/save', 'province', {
      planId: provincePlan,
      ...item('顶点过多', { mode: 'draw', geometry: { type: 'Polygon', coordinates: [circle(12_000, 4)] } }),
    })
    expect(many.status).toBe(422)
    expect(many.body.message).toContain('10000')
    const huge = await post('/api/plan-collaborative/items/save', 'province', {
      planId: provincePlan,
      ...item('巨大', { mode: 'draw', geometry: { type: 'Polygon', coordinates: [circle(60_000, 9)] } }),
    })
    expect(huge.status).toBe(413)
    const notMine = await post('/api/plan-collaborative/items/save', 'city', {
      planId: provincePlan,
      ...item('别人的', { mode: 'draw', geometry: ITEM_B }),
    })
    expect(notMine.status).toBe(404)
    expect(await count('plan_item')).toBe(before)
    expect(await count('plan_item_cell')).toBe(0)
  })

  it('shows while filling what the purchase year holds and who else plans the area, agreeing with shapely + pyproj', async () => {
    const b = await post('/api/plan-collaborative/items/save', 'city', {
      planId: cityPlan,
      ...item('呼和浩特城区', { mode: 'draw', geometry: ITEM_B }, { ownerUnit: '呼和浩特市自然资源局', budget: 80 }),
    })
    expect(b.status).toBe(200)
    const check = await post('/api/plan-collaborative/check', 'province', {
      year: 2027,
      unitRegion: '150000',
      area: { mode: 'draw', geometry: ITEM_A },
      resolution: 'm2',
      months: '5,6',
    })
    expect(check.status).toBe(200)
    const bId = (b.body.data as PlanDetail).list[0]?.id as number
    const want = oracle({
      items: [
        { id: 'A', geometry: ITEM_A },
        { id: bId, geometry: ITEM_B },
      ],
      footprints: HELD,
    })
    const pair = oracle({
      items: [
        { id: 1, geometry: ITEM_A },
        { id: 2, geometry: ITEM_B },
      ],
      pairs: [[1, 2]],
    }).pairs['1-2'] as number
    const data = check.body.data as {
      areaKm2: number
      held: { percent: number; archiveKm2: number; localKm2: number }
      overlaps: Array<{ itemId: number; areaKm2: number; unitName: string }>
    }
    expect(Math.abs(data.areaKm2 - (want.items.A?.areaKm2 ?? 0)) / data.areaKm2).toBeLessThan(0.005)
    expect(Math.abs(data.held.percent - (want.items.A?.percent ?? 0))).toBeLessThanOrEqual(0.5)
    expect(data.held.percent).toBeGreaterThan(10)
    expect(data.held.percent).toBeLessThan(95)
    expect(data.held.localKm2).toBe(0)
    expect(data.overlaps).toHaveLength(1)
    expect(data.overlaps[0]).toMatchObject({ itemId: bId, unitName: '呼和浩特市' })
    expect(Math.abs((data.overlaps[0]?.areaKm2 ?? 0) - pair) / pair).toBeLessThan(0.005)
  })

  it('keeps the overlaps of saved items between units, and the items’ own overlap areas', async () => {
    const a = await post('/api/plan-collaborative/items/save', 'province', {
      planId: provincePlan,
      ...item('呼和浩特周边', { mode: 'draw', geometry: ITEM_A }),
    })
    expect(a.status).toBe(200)
    const a2 = await post('/api/plan-collaborative/items/save', 'province', {
      planId: provincePlan,
      ...item('新城区全域', { mode: 'region', regionCodes: ['150102'] }, { resolution: 'sub1', months: 'qb', cjlx: 'cg', budget: 30 }),
    })
    expect(a2.status).toBe(200)
    const plan = a2.body.data as PlanDetail
    expect(plan.list.map((i) => i.name)).toEqual(['呼和浩特周边', '新城区全域'])
    expect(plan.list[1]).toMatchObject({ regionCodes: ['150102'], regionNames: ['新城区'], months: 'qb', cjlx: 'cg' })
    const [itemA] = plan.list
    const pair = oracle({
      items: [
        { id: 1, geometry: ITEM_A },
        { id: 2, geometry: ITEM_B },
      ],
      pairs: [[1, 2]],
    }).pairs['1-2'] as number
    const withB = itemA?.overlaps.find((o) => o.unitName === '呼和浩特市')
    expect(withB).toBeDefined()
    expect(Math.abs((withB?.areaKm2 ?? 0) - pair) / pair).toBeLessThan(0.005)
    expect(Math.abs((itemA?.overlapKm2 ?? 0) - pair) / pair).toBeLessThan(0.005)
    // the overlap's own shape for the unit's map (simplified): the same place, about the same area
    const shape = oracle({ items: [{ id: 'o', geometry: withB?.geometry }] }).items.o?.areaKm2 ?? 0
    expect(Math.abs(shape - pair) / pair).toBeLessThan(0.01)
    // the stored item's held share is the check's
    expect(itemA?.held.percent).toBeGreaterThan(10)
    expect(await count('plan_overlap')).toBe(2)
  })

  it('is submitted by the unit, reviewed item by item by the ministry, returned, revised and accepted', async () => {
    expect((await post('/api/plan-collaborative/plans/submit', 'city', { id: provincePlan })).status).toBe(404)
    const submitted = await post('/api/plan-collaborative/plans/submit', 'province', { id: provincePlan })
    expect(submitted.status).toBe(200)
    expect(submitted.body.data).toMatchObject({ state: 'submitted', editable: false, submittedBy: 'neimenggu' })
    const mails = await sql<{
      recipient: string
      subject: string
    }>`SELECT recipient, subject FROM outbox WHERE subject LIKE '%规划填报%'`.execute(ctx.database.db)
    expect(mails.rows.map((m) => m.recipient)).toContain('plan-reviewer@example.com')
    const [itemA, itemA2] = (submitted.body.data as PlanDetail).list
    // an edit while under review, a review by the unit
    expect(
      (
        await post('/api/plan-collaborative/items/save', 'province', {
          planId: provincePlan,
          id: itemA?.id,
          ...item('改', { mode: 'draw', geometry: ITEM_A }),
        })
      ).status,
    ).toBe(409)
    expect((await post('/api/plan-collaborative/items/review', 'province', { id: itemA?.id, decision: 'accept' })).status).toBe(403)
    const noReason = await post('/api/plan-collaborative/items/review', 'ministry', { id: itemA?.id, decision: 'return' })
    expect(noReason.status).toBe(400)
    const accepted = await post('/api/plan-collaborative/items/review', 'ministry', { id: itemA2?.id, decision: 'accept' })
    expect(accepted.body.data).toMatchObject({ state: 'submitted' })
    const returned = await post('/api/plan-collaborative/items/review', 'ministry', {
      id: itemA?.id,
      decision: 'return',
      reason: '与呼和浩特市规划重叠，请调整范围',
    })
    expect(returned.status).toBe(200)
    expect(returned.body.data).toMatchObject({ state: 'returned', editable: false })
    expect((returned.body.data as PlanDetail).list[0]).toMatchObject({
      state: 'returned',
      returnReason: '与呼和浩特市规划重叠，请调整范围',
    })
    const mail = await sql<{
      text_body: string
    }>`SELECT text_body FROM outbox WHERE recipient = 'nmg@example.com' ORDER BY id DESC LIMIT 1`.execute(ctx.database.db)
    expect(mail.rows[0]?.text_body).toContain('与呼和浩特市规划重叠')

    // the unit revises the returned item; the accepted one stays as it was
    expect(
      (
        await post('/api/plan-collaborative/items/save', 'province', {
          planId: provincePlan,
          id: itemA2?.id,
          ...item('改', { mode: 'region', regionCodes: ['150102'] }),
        })
      ).status,
    ).toBe(409)
    const revised = await post('/api/plan-collaborative/items/save', 'province', {
      planId: provincePlan,
      id: itemA?.id,
      ...item('呼和浩特周边（调整）', { mode: 'draw', geometry: tilted(111.6, 40.86, 0.1, 0.1, 15) }, { budget: 99 }),
    })
    expect(revised.status).toBe(200)
    expect((revised.body.data as PlanDetail).list[0]).toMatchObject({ state: 'pending', returnReason: null, budget: 99 })
    // an edit of the other fields keeps the stored shape exactly (and where it came from)
    const before = (revised.body.data as PlanDetail).list[0]
    const kept = await post('/api/plan-collaborative/items/save', 'province', {
      planId: provincePlan,
      id: itemA?.id,
      ...item('呼和浩特周边（调整）', { mode: 'keep', itemId: itemA?.id }, { budget: 98 }),
    })
    expect(kept.status).toBe(200)
    expect((kept.body.data as PlanDetail).list[0]).toMatchObject({ areaSource: 'draw', areaKm2: before?.areaKm2, budget: 98 })
    // another unit's item cannot be kept as one's own
    const foreign = await post('/api/plan-collaborative/check', 'province', {
      year: 2027,
      unitRegion: '150000',
      area: {
        mode: 'keep',
        itemId: (await sql<{ id: number }>`SELECT id FROM plan_item WHERE plan_id = ${cityPlan}`.execute(ctx.database.db)).rows[0]?.id,
      },
      resolution: 'm2',
    })
    expect(foreign.status).toBe(404)
    expect((await post('/api/plan-collaborative/plans/submit', 'province', { id: provincePlan })).body.data).toMatchObject({
      state: 'submitted',
    })
    const done = await post('/api/plan-collaborative/items/review', 'ministry', { id: itemA?.id, decision: 'accept' })
    expect(done.body.data).toMatchObject({ state: 'accepted', reviewedBy: expect.any(String) })
    const actions = await sql<{ action: string }>`SELECT action FROM audit_log WHERE action LIKE 'plan%' ORDER BY id`.execute(
      ctx.database.db,
    )
    expect(actions.rows.map((r) => r.action)).toEqual(
      expect.arrayContaining(['planYearOpen', 'planCreate', 'planItemSave', 'planSubmit', 'planItemReview']),
    )
  })

  it('lets nobody review a plan they submitted', async () => {
    await post('/api/plan-collaborative/years', 'ministry', { year: 2028, deadline: '2028-03-31' })
    const mine = await post('/api/plan-collaborative/plans', 'both', { year: 2028, unitRegion: '110000' })
    const id = (mine.body.data as PlanDetail).id
    await post('/api/plan-collaborative/items/save', 'both', { planId: id, ...item('北京', { mode: 'region', regionCodes: ['110101'] }) })
    const submitted = await post('/api/plan-collaborative/plans/submit', 'both', { id })
    const own = await post('/api/plan-collaborative/items/review', 'both', {
      id: (submitted.body.data as PlanDetail).list[0]?.id,
      decision: 'accept',
    })
    expect(own.status).toBe(403)
    expect(own.body.message).toBe('不能审核本人提交的规划')
  })

  it('is published with its year; then only a new revision changes it', async () => {
    expect((await post('/api/plan-collaborative/years/event', 'province', { year: 2027, event: 'publish' })).status).toBe(403)
    const published = await post('/api/plan-collaborative/years/event', 'ministry', { year: 2027, event: 'publish' })
    expect(published.status).toBe(200)
    expect(published.body.data).toMatchObject({ state: 'published', publishedPlans: 1 })
    const plan = (await get(`/api/plan-collaborative/plan?id=${provincePlan}`, 'province')).body.data as PlanDetail
    expect(plan).toMatchObject({ state: 'published', editable: false })
    const edit = await post('/api/plan-collaborative/items/save', 'province', {
      planId: provincePlan,
      id: plan.list[0]?.id,
      ...item('改', { mode: 'draw', geometry: ITEM_A }),
    })
    expect(edit.status).toBe(409)
    expect(edit.body.message).toContain('新修订')
    // the city's draft was not accepted: it is not published, and its year no longer takes plans
    expect((await post('/api/plan-collaborative/plans/submit', 'city', { id: cityPlan })).status).toBe(409)
    const revision = await post('/api/plan-collaborative/plans', 'province', { year: 2027, unitRegion: '150000' })
    expect(revision.status).toBe(200)
    const next = revision.body.data as PlanDetail
    expect(next).toMatchObject({ revision: 2, state: 'draft', editable: true, live: true })
    expect(next.list.map((i) => i.name)).toEqual(plan.list.map((i) => i.name))
    expect(next.list.every((i) => i.state === 'pending')).toBe(true)
    expect(next.history.map((h) => [h.revision, h.state])).toEqual([
      [1, 'published'],
      [2, 'draft'],
    ])
    // the overlaps moved to the live revision's items
    const ids = next.list.map((i) => i.id)
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM plan_overlap WHERE item_a = ANY (${ids}::int[]) OR item_b = ANY (${ids}::int[])`.execute(
      ctx.database.db,
    )
    expect(rows[0]?.n).toBe(await count('plan_overlap'))
  })
})

describe('summary sheet and overall analysis', () => {
  it('sums the published plans per unit × resolution type and month, and exports them to Excel with the same totals', async () => {
    expect((await get('/api/plan-collaborative/summary?year=2027', 'province')).status).toBe(403)
    const res = await get('/api/plan-collaborative/summary?year=2027', 'ministry')
    expect(res.status).toBe(200)
    const sheet = res.body.data as import('@rs/shared').PlanSummarySheet
    const published = (await get(`/api/plan-collaborative/plan?id=${provincePlan}`, 'ministry')).body.data as PlanDetail
    const area = published.list.reduce((a, i) => a + i.areaKm2, 0)
    const budget = published.list.reduce((a, i) => a + i.budget, 0)
    expect(sheet.rows.map((r) => [r.unitRegion, r.resolution])).toEqual([
      ['150000', 'm2'],
      ['150000', 'sub1'],
    ])
    expect(sheet.total.items).toBe(2)
    expect(Math.abs(sheet.total.areaKm2 - area)).toBeLessThan(0.05)
    expect(Math.abs(sheet.total.budget - budget)).toBeLessThan(0.01)
    // 5–6 月 for the m2 item, every month for the sub1 one
    const m2 = published.list.find((i) => i.resolution === 'm2') as PlanDetail['list'][number]
    const sub1 = published.list.find((i) => i.resolution === 'sub1') as PlanDetail['list'][number]
    expect(sheet.total.months[0]).toBeCloseTo(sub1.areaKm2, 1)
    expect(sheet.total.months[4]).toBeCloseTo(sub1.areaKm2 + m2.areaKm2, 1)
    // every live plan: the city's draft too
    const all = (await get('/api/plan-collaborative/summary?year=2027&state=all', 'ministry')).body.data as typeof sheet
    expect(all.rows.map((r) => r.unitRegion)).toContain('150100')

    const file = await ctx.app.inject({
      method: 'GET',
      url: '/api/plan-collaborative/summary/export?year=2027',
      headers: { token: tokens.ministry as string },
    })
    expect(file.statusCode).toBe(200)
    expect(file.headers['content-disposition']).toContain('.xlsx')
    const rows = await readSheet(file.rawPayload)
    expect(rows[0]?.[0]).toBe('单位')
    const last = rows[rows.length - 1] as unknown[]
    expect(last[0]).toBe('合计')
    expect(Math.abs(Number(last[4]) - sheet.total.areaKm2)).toBeLessThan(0.01)
    expect(Number(last[17])).toBeCloseTo(sheet.total.budget, 2)
  })

  it('shows per region what is planned, held and newly needed, and the overlaps between units, in the caller’s range', async () => {
    expect((await get('/api/plan-collaborative/analysis?planYear=2027&purchaseYear=2026', 'user')).status).toBe(403)
    const res = await get('/api/plan-collaborative/analysis?planYear=2027&purchaseYear=2026&regionId=150000', 'ministry')
    expect(res.status).toBe(200)
    const a = res.body.data as {
      rows: Array<{
        code: string
        plannedKm2: number
        heldKm2: number
        newNeedKm2: number
        overlapKm2: number
        budget: number
        items: number
      }>
      total: { plannedKm2: number; heldKm2: number; budget: number; overlapKm2: number; items: number }
      overlaps: Array<{ areaKm2: number; a: { unitName: string }; b: { unitName: string } }>
      overlapTotal: { pairs: number; areaKm2: number }
      owners: Array<{ code: string }>
    }
    expect(a.rows.map((r) => r.code)).toEqual(['150100'])
    const live = (await get('/api/plan-collaborative/plans?year=2027', 'ministry')).body.data as {
      list: Array<{ id: number; areaKm2: number; budget: number }>
    }
    const areaAll = live.list.reduce((x, p) => x + p.areaKm2, 0)
    const budgetAll = live.list.reduce((x, p) => x + p.budget, 0)
    // the planned area is the items' on the grid: within half a percent of their geodesic areas
    expect(Math.abs(a.total.plannedKm2 - areaAll) / areaAll).toBeLessThan(0.005)
    expect(a.total.budget).toBeCloseTo(budgetAll, 1)
    expect(a.total.heldKm2).toBeGreaterThan(0)
    expect(a.rows[0]?.newNeedKm2).toBeCloseTo((a.rows[0]?.plannedKm2 ?? 0) - (a.rows[0]?.heldKm2 ?? 0), 1)
    expect(a.owners.map((o) => o.code)).toEqual(['150000', '150100'])
    expect(a.overlapTotal.pairs).toBe(2)
    expect(a.overlaps[0]?.a.unitName === '呼和浩特市' || a.overlaps[0]?.b.unitName === '呼和浩特市').toBe(true)
    expect(a.total.overlapKm2).toBeCloseTo(a.overlapTotal.areaKm2, 1)
    // a province user sees its units only, and no region outside its range
    const own = await get('/api/plan-collaborative/analysis?planYear=2027&purchaseYear=2026&regionId=150000', 'province')
    expect(own.status).toBe(200)
    expect((own.body.data as typeof a).total).toEqual(a.total)
    expect((await get('/api/plan-collaborative/analysis?planYear=2027&regionId=110000', 'province')).status).toBe(403)
    expect((await get('/api/plan-collaborative/analysis?planYear=2027&regionId=150000', 'city')).status).toBe(403)
    const other = await get('/api/plan-collaborative/analysis?planYear=2027&regionId=110000', 'ministry')
    expect((other.body.data as typeof a).rows).toEqual([])
    // the overlap layer holds the overlaps only
    const layer = await get('/api/plan-collaborative/features?planYear=2027&regionId=150000&overlap=1', 'ministry')
    const overlapFeatures = (layer.body.data as { features: Array<{ properties: { idA: number; idB: number } }> }).features
    expect(overlapFeatures).toHaveLength(2)
    // each names its pair's items, so the list's pair finds its shape on the map
    const pairIds = (a as unknown as { overlaps: Array<{ a: { itemId: number }; b: { itemId: number } }> }).overlaps.map(
      (o) => `${o.a.itemId}-${o.b.itemId}`,
    )
    expect(overlapFeatures.map((f) => `${f.properties.idA}-${f.properties.idB}`).sort()).toEqual(pairIds.sort())
    const bad = await get('/api/plan-collaborative/analysis?planYear=abc&regionId=150000', 'ministry')
    expect(bad.status).toBe(400)
    const reversed = await get('/api/plan-collaborative/analysis?planYear=2027&purchaseYear=2029&regionId=150000', 'ministry')
    expect(reversed.status).toBe(400)
    expect(reversed.body.message).toBe('采购年度不能晚于规划年度')
    expect((await get('/api/plan-collaborative/analysis?planYear=2027&yearOption=2&compareYear=2027', 'ministry')).status).toBe(400)
    // two years side by side: 2028 has the Beijing plan only
    const compared = await get(
      '/api/plan-collaborative/analysis?planYear=2027&purchaseYear=2026&yearOption=2&compareYear=2028&regionId=100000',
      'ministry',
    )
    expect(compared.status).toBe(200)
    expect((compared.body.data as { compare: { year: number; rows: Array<{ code: string }> } }).compare).toMatchObject({
      year: 2028,
      rows: [{ code: '110000' }],
    })
  })
})
