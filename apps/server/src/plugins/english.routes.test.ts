import { AOI_LIMITS } from '@rs/shared'
import { parse } from 'csv-parse/sync'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildScene } from '../../test-support/factories'
import { createAreas } from '../capabilities/area'
import type { AuditRecorder } from '../lib/audit'
import { withLocale } from '../lib/locale'
import { createTaskPool } from '../lib/workers/pool'
import { createTestContext, type TestContext } from '../test/test-context'

/** A Chinese (CJK) character: an English answer holds none. */
const CJK = /[\u3400-\u9fff]/
const EN = { 'x-portal-lang': 'en-US' }

let ctx: TestContext
const noAudit: AuditRecorder = { record: async () => {} }

beforeAll(async () => {
  ctx = await createTestContext()
  await buildScene(ctx.database.db, {
    id: 'EN_SCENE',
    bbox: [116, 39, 116.5, 40],
    direction: 'ascending',
    acquiredAt: '2026-06-02T03:00:00Z',
  })
}, 180_000)
afterAll(async () => {
  await ctx?.close()
})

const exportCsv = (headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/normalmeta/export',
    payload: { area: { mode: 'extent', bbox: [116, 39, 117, 40] }, format: 'csv' },
    headers,
  })

describe('the API in the caller’s language', () => {
  it('answers a validation error in English for an English caller, in Chinese by default', async () => {
    const en = await ctx.app.inject({ method: 'GET', url: '/api/region/detail?code=12ab', headers: EN })
    expect(en.statusCode).toBe(400)
    expect(en.json().message).toBe('Bad request: The region code must be six digits')
    const zh = await ctx.app.inject({ method: 'GET', url: '/api/region/detail?code=12ab' })
    expect(zh.json().message).toBe('请求参数有误：行政区代码应为六位数字')
  })

  it('answers zod’s own messages (a wrong type in a body) in the caller’s language', async () => {
    const body = { area: { mode: 'extent', bbox: [116, 39, 117, 40] }, format: 'pdf' }
    const en = await ctx.app.inject({ method: 'POST', url: '/api/normalmeta/export', payload: body, headers: EN })
    expect(en.statusCode).toBe(400)
    expect(en.json().message).toMatch(/^Bad request: /)
    expect(en.json().message).not.toMatch(CJK)
    const zh = await ctx.app.inject({ method: 'POST', url: '/api/normalmeta/export', payload: body })
    expect(zh.json().message).toMatch(CJK)
  })

  it('names an unknown region in English, through ?lang= as well as the header', async () => {
    const en = await ctx.app.inject({ method: 'GET', url: '/api/region/detail?code=999999', headers: EN })
    expect(en.statusCode).toBe(404)
    expect(en.json().message).toBe('Region code 999999 does not exist')
    const byParam = await ctx.app.inject({ method: 'GET', url: '/api/region/detail?code=999999&lang=en' })
    expect(byParam.json().message).toBe('Region code 999999 does not exist')
    const zh = await ctx.app.inject({ method: 'GET', url: '/api/region/detail?code=999999' })
    expect(zh.json().message).toBe('行政区代码 999999 不存在')
  })

  it('refuses a broken upload read in a worker thread in the caller’s language, its detail too', async () => {
    // the area capability as the aoi route calls it, with a budget no busy machine runs over
    const tasks = createTaskPool({ maxThreads: 1 })
    try {
      const uploads = createAreas({
        db: ctx.database.db,
        tasks,
        audit: noAudit,
        limits: { ...AOI_LIMITS, maxProcessingSeconds: 300 },
      }).uploads
      const broken = {
        fileName: 'broken.geojson',
        data: new TextEncoder().encode('{"type": "FeatureCollection", "features": ['),
        actor: null,
        ip: '127.0.0.1',
      }
      await expect(withLocale('en-US', () => uploads.upload(broken))).rejects.toMatchObject({
        status: 400,
        message: 'The GeoJSON file cannot be parsed: the content is incomplete or not JSON',
      })
      await expect(uploads.upload(broken)).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/^GeoJSON 文件无法解析：/) })
      const text = { fileName: 'area.txt', data: new TextEncoder().encode('hello'), actor: null, ip: '127.0.0.1' }
      await expect(withLocale('en-US', () => uploads.upload(text))).rejects.toMatchObject({
        status: 415,
        message: 'Unsupported file type "area.txt"; upload a .zip (shapefile), .geojson/.json or .kml file',
      })
    } finally {
      await tasks.close()
    }
  })

  it('writes an export’s header row and values in the caller’s language (written in a worker thread)', async () => {
    const en = await exportCsv(EN)
    expect(en.statusCode, en.body).toBe(200)
    const enRows = parse(en.rawPayload.toString('utf8'), { bom: true }) as string[][]
    expect(enRows[0]?.[0]).toBe('Scene id')
    expect(enRows[0]?.join(',')).not.toMatch(CJK)
    expect(enRows.find((r) => r[0] === 'EN_SCENE')?.[10]).toBe('Ascending')
    expect(decodeURIComponent(String(en.headers['content-disposition']))).toMatch(/image-search-results-\d{8}\.csv/)
    const zh = await exportCsv()
    const zhRows = parse(zh.rawPayload.toString('utf8'), { bom: true }) as string[][]
    expect(zhRows[0]?.[0]).toBe('影像编号')
    expect(zhRows.find((r) => r[0] === 'EN_SCENE')?.[10]).toBe('升轨')
  })

  it('answers an OGC exception in English for an English caller', async () => {
    const en = await ctx.app.inject({ method: 'GET', url: '/map/wms?SERVICE=WMS&REQUEST=GetMap&VERSION=1.3.0&LAYERS=nope', headers: EN })
    expect(en.statusCode).toBe(400)
    expect(en.body).not.toMatch(CJK)
    const zh = await ctx.app.inject({ method: 'GET', url: '/map/wms?SERVICE=WMS&REQUEST=GetMap&VERSION=1.3.0&LAYERS=nope' })
    expect(zh.body).toMatch(CJK)
  })
})
