import { PERMISSION, SATELLITE_ANALYSIS_PAGES } from '@rs/shared'
import { MVT } from 'ol/format'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildScene, buildSpot, buildUser } from '../../test-support/factories'
import { loadPlanDemo } from '../datasets/plan-demo/load'
import { postFile, SMALL_PDF } from './images'
import { createTestContext, DEMO_PASSWORDS, loginAs, type TestContext } from './test-context'

/**
 * The embedded default, proven end to end: one server on PGlite (whatever DATABASE_URL says) and one
 * journey per slice, as a person meets them. The full API suite runs on PostgreSQL, the production
 * engine (vitest.config.ts); this file and the PGlite set beside it keep what differs under PGlite
 * honest: migrations, start-up, the worker-thread database, the vector-tile fallback (no ST_AsMVT),
 * statement triggers, and the SQL every slice sends.
 */

let ctx: TestContext
const tokens: Record<string, string> = {}

beforeAll(async () => {
  ctx = await createTestContext({ ORDER_SWEEP_MINUTES: '0' })
  tokens.owner = await loginAs(ctx, 'neimenggu', DEMO_PASSWORDS.neimenggu)
  const reviewer = await buildUser(ctx.database.db, { permissions: [PERMISSION.orderReview], email: 'journey-reviewer@example.com' })
  tokens.reviewer = await loginAs(ctx, reviewer.username, reviewer.password)
  tokens.ministry = await loginAs(ctx, 'ministry', DEMO_PASSWORDS.ministry)
}, 180_000)
afterAll(async () => {
  await ctx?.close()
})

type Json = Record<string, unknown>
async function call(method: 'GET' | 'POST', url: string, who?: string, payload?: Json) {
  const res = await ctx.app.inject({ method, url, headers: who ? { token: tokens[who] as string } : {}, ...(payload ? { payload } : {}) })
  return { status: res.statusCode, body: res.headers['content-type']?.toString().includes('json') ? res.json() : undefined, raw: res }
}

describe('the embedded database (PGlite)', () => {
  it('is the engine under this server', async () => {
    expect(ctx.database.kind).toBe('pglite')
    const health = await call('GET', '/api/health')
    expect(health.status).toBe(200)
  })

  it('answers regions and satellites from the reference data loaded at start', async () => {
    const region = await call('GET', '/api/region/detail?code=150000')
    expect(region.body.data).toMatchObject({ name: '内蒙古自治区', level: 'province' })
    const elements = await call('GET', '/api/satorbit/tle?satellite=landsat')
    expect(elements.status).toBe(200)
    expect(elements.body.data.length).toBeGreaterThan(0)
    // the English facts and launch events (members named from facts_en by their position)
    const events = await ctx.app.inject({ method: 'GET', url: '/api/satellite/events?limit=100&lang=en' })
    expect(events.statusCode).toBe(200)
    expect(events.body).not.toMatch(/[\u3400-\u9fff]/)
  })

  it('finds a scene in the archive and publishes it through STAC', async () => {
    const { id } = await buildScene(ctx.database.db, { satellite: 'GF2', sensor: 'PMS1', bbox: [111, 40.5, 111.5, 41] })
    const portal = await call('POST', '/api/normalmeta/query', undefined, { area: { mode: 'region', regionCode: '150000' } })
    expect(portal.status, JSON.stringify(portal.body)).toBe(200)
    expect(portal.body.data.list.map((s: { id: string }) => s.id)).toContain(id)
    const stac = await call('GET', '/stac/search?bbox=111,40.5,111.5,41&collections=GF2_PMS1')
    expect(stac.status).toBe(200)
    expect(stac.body.features.map((f: { id: string }) => f.id)).toContain(id)
  })

  it('keeps a cart, takes an order and lets another account review it', async () => {
    const { id } = await buildScene(ctx.database.db, { bbox: [111, 40, 111.5, 40.5] })
    expect((await call('POST', '/api/ordercart/add', 'owner', { sceneIds: [id] })).body.data).toMatchObject({ added: 1 })
    const submitted = await call('POST', '/api/order/submit', 'owner', {
      sceneIds: [id],
      purpose: '耕地变化监测',
      project: '嵌入式数据库验证',
      acceptTerms: true,
    })
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200)
    const orderId = submitted.body.data.id as number
    const list = await call('GET', '/api/order/list', 'owner')
    expect(list.status, JSON.stringify(list.body)).toBe(200)
    expect(list.body.data.list.map((o: { id: number }) => o.id)).toContain(orderId)
    const review = await call('POST', '/api/order/review', 'reviewer', { id: orderId, decision: 'reject', reason: '验证驳回流程' })
    expect(review.status, JSON.stringify(review.body)).toBe(200)
  })

  it('counts monitoring spots through the statistics rollup kept by statement triggers', async () => {
    const url = '/api/monitor/statistics?module=pvland&region=150000&batchFrom=20250630&batchTo=20250630'
    await buildSpot(ctx.database.db, { module: 'pvland', batch: '20250630', county: '150102' })
    const before = await call('GET', url)
    expect(before.status, JSON.stringify(before.body)).toBe(200)
    expect(before.body.data.total.num).toBe(1)
    await buildSpot(ctx.database.db, { module: 'pvland', batch: '20250630', county: '150102' })
    expect((await call('GET', url)).body.data.total.num).toBe(2)
  })

  it('serves vector tiles through its fallback (PGlite has no ST_AsMVT)', async () => {
    const res = await call('GET', '/map/tiles/region_province/4/13/6.mvt')
    expect(res.status).toBe(200)
    const features = new MVT().readFeatures(new Uint8Array(res.raw.rawPayload).buffer)
    expect(features.map((f) => f.get('name'))).toContain('北京市')
  })

  it('carries a province’s request with its attachment to the ministry and back (省部协同)', async () => {
    const uploaded = await postFile(ctx, '/api/province-ministry/attachment', tokens.owner as string, {
      filename: '需求说明.pdf',
      data: SMALL_PDF,
    })
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200)
    const attachmentId = uploaded.body.data.id as number
    const asked = await call('POST', '/api/province-ministry/create', 'owner', {
      kind: 'question',
      title: '嵌入式数据库验证',
      regionId: '150100',
      body: '请问 2025 年呼和浩特市影像覆盖情况？',
      attachmentIds: [attachmentId],
    })
    expect(asked.status, JSON.stringify(asked.body)).toBe(200)
    const id = asked.body.data.request.id as number
    const answered = await call('POST', '/api/province-ministry/reply', 'ministry', { id, body: '已覆盖 92%。' })
    expect(answered.body.data.request.state).toBe('answered')
    const thread = await call('GET', `/api/province-ministry/detail?id=${id}`, 'owner')
    expect(thread.body.data.messages.map((m: Json) => m.kind)).toEqual(['ask', 'answer'])
    expect(thread.body.data.messages[0].attachments).toEqual([
      { id: attachmentId, fileName: '需求说明.pdf', contentType: 'application/pdf', bytes: SMALL_PDF.length },
    ])
    const list = await call('GET', '/api/province-ministry/list?text=%E5%B5%8C%E5%85%A5', 'ministry')
    expect(list.body.data.list.map((r: Json) => r.id)).toEqual([id])
  })

  it('lists the news and an analysis page a visitor reads', async () => {
    const news = await call('GET', '/api/news/list')
    expect(news.status).toBe(200)
    expect(news.body.data.items.length).toBeGreaterThan(0)
    const analysis = await call('GET', `/api/satellite/analysis?page=${SATELLITE_ANALYSIS_PAGES[0]}`)
    expect(analysis.status, JSON.stringify(analysis.body)).toBe(200)
  })

  it('loads the demo plans, and takes a unit’s plan from filling to review and into the summary sheet', async () => {
    expect((await loadPlanDemo(ctx.database.db, { enabled: true })).items).toBeGreaterThan(100)
    expect((await call('POST', '/api/plan-collaborative/years', 'ministry', { year: 2029, deadline: '2029-03-31' })).status).toBe(200)
    const plan = await call('POST', '/api/plan-collaborative/plans', 'owner', { year: 2029, unitRegion: '150000' })
    expect(plan.status, JSON.stringify(plan.body)).toBe(200)
    const item = {
      planId: plan.body.data.id,
      name: '新城区影像',
      area: { mode: 'region', regionCodes: ['150102'] },
      resolution: 'm2',
      ownerUnit: '内蒙古自治区自然资源厅',
      budget: 12,
    }
    const saved = await call('POST', '/api/plan-collaborative/items/save', 'owner', item)
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    const drawn = await call('POST', '/api/plan-collaborative/check', 'owner', {
      year: 2029,
      unitRegion: '150000',
      area: {
        mode: 'draw',
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [111.6, 40.8],
              [111.8, 40.8],
              [111.8, 40.9],
              [111.6, 40.8],
            ],
          ],
        },
      },
      resolution: 'm2',
    })
    expect(drawn.status, JSON.stringify(drawn.body)).toBe(200)
    // the unit's own items are no overlap between units
    expect(drawn.body.data.areaKm2).toBeGreaterThan(50)
    expect(drawn.body.data.overlaps).toEqual([])
    expect((await call('POST', '/api/plan-collaborative/plans/submit', 'owner', { id: plan.body.data.id })).status).toBe(200)
    const reviewed = await call('POST', '/api/plan-collaborative/items/review', 'ministry', {
      id: saved.body.data.list[0].id,
      decision: 'accept',
    })
    expect(reviewed.body.data.state).toBe('accepted')
    const sheet = await call('GET', '/api/plan-collaborative/summary?year=2029&state=all', 'ministry')
    expect(sheet.body.data.total.items).toBe(1)
    const analysis = await call('GET', '/api/plan-collaborative/analysis?planYear=2025&purchaseYear=2024&regionId=100000', 'ministry')
    expect(analysis.status, JSON.stringify(analysis.body)).toBe(200)
  })
})
