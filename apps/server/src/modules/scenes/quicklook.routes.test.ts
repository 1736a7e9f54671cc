import { createCanvas, loadImage } from '@napi-rs/canvas'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildScene } from '../../../test-support/factories'
import { createTestContext, type TestContext } from '../../test/test-context'
import { CLOUD_MIN, LAND_MAX } from './quicklook'
import { quicklookShape } from './scene-sql'

let ctx: TestContext

// a swath-like footprint: a quadrilateral leaning as a descending pass does, not its own bbox
const SWATH = {
  type: 'Polygon' as const,
  coordinates: [
    [
      [110.2, 30.0],
      [110.9, 30.12],
      [110.7, 31.0],
      [110.0, 30.88],
      [110.2, 30.0],
    ],
  ],
}
const SWATH_BBOX: [number, number, number, number] = [110.0, 30.0, 110.9, 31.0]
const CLOUDS = [0, 3.2, 18.4, 37.5, 64.9, 81, 100]

async function pixels(png: Buffer) {
  const image = await loadImage(png)
  const canvas = createCanvas(image.width, image.height)
  const c = canvas.getContext('2d')
  c.drawImage(image, 0, 0)
  return { width: image.width, height: image.height, data: c.getImageData(0, 0, image.width, image.height).data }
}

/** The picture read back: pixels inside the footprint (alpha ≥ 128), cloudy ones, label-yellow ones, and the ambiguous rest. */
function classify(data: Uint8ClampedArray) {
  let inside = 0
  let cloudy = 0
  let yellow = 0
  let ambiguous = 0
  for (let i = 0; i < data.length; i += 4) {
    if ((data[i + 3] as number) < 128) continue
    inside++
    const r = data[i] as number
    const g = data[i + 1] as number
    const b = data[i + 2] as number
    const darkest = Math.min(r, g, b)
    if (r > 230 && g > 180 && b < 80) yellow++
    if (darkest >= CLOUD_MIN) cloudy++
    else if (darkest > LAND_MAX) ambiguous++
  }
  return { inside, cloudy, yellow, ambiguous }
}

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers })

beforeAll(async () => {
  ctx = await createTestContext()
  const db = ctx.database.db
  for (const cloud of CLOUDS) await buildScene(db, { id: `QL_${String(cloud).replace('.', '_')}`, footprint: SWATH, cloudPercent: cloud })
  await buildScene(db, { id: 'QL_IMPORTED', illustrative: false })
  await sql`UPDATE scene SET quicklook_href = 'https://example.org/browse/QL_IMPORTED.png' WHERE id = 'QL_IMPORTED'`.execute(db)
  await buildScene(db, { id: 'QL_IMPORTED_BARE', illustrative: false })
  await buildScene(db, { id: 'QL_BADHREF', illustrative: false })
  await sql`UPDATE scene SET quicklook_href = 'javascript:alert(1)' WHERE id = 'QL_BADHREF'`.execute(db)
})

afterAll(async () => {
  await ctx?.close()
})

describe('GET /api/normalmeta/quicklook', () => {
  it('draws a PNG in the footprint box, transparent outside the footprint, with the cloudy share of the row', async () => {
    for (const cloud of CLOUDS) {
      const res = await get(`/api/normalmeta/quicklook?id=QL_${String(cloud).replace('.', '_')}`)
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toBe('image/png')
      const { width, height, data } = await pixels(res.rawPayload)
      expect([height, width]).toEqual(quicklookShape(SWATH_BBOX, 256))
      // the corners of the box lie outside the leaning footprint: transparent
      for (const [x, y] of [
        [1, 1],
        [width - 2, 1],
        [1, height - 2],
        [width - 2, height - 2],
      ])
        expect(data[(y * width + x) * 4 + 3], `corner ${x},${y}`).toBe(0)
      const k = classify(data)
      // the footprint's share of its box (0.64 / 0.9 = 0.711 by the shoelace formula on these corners) is what is opaque
      expect(Math.abs(k.inside / (width * height) - 0.7111)).toBeLessThan(0.01)
      // the label is there (yellow); only its antialiased rim is neither cloud nor land
      expect(k.yellow).toBeGreaterThan(80)
      expect(k.ambiguous / k.inside).toBeLessThan(0.005)
      const share = (k.cloudy / k.inside) * 100
      // within 3 points: the 示意 label (about 2 % of the pixels, drawn over land or cloud) is the only difference
      expect(Math.abs(share - cloud), `cloud ${cloud} %: picture ${share.toFixed(2)} %`).toBeLessThanOrEqual(3)
    }
  })

  it('is deterministic, sized by size=, cached as immutable with an ETag that answers 304', async () => {
    const a = await get('/api/normalmeta/quicklook?id=QL_37_5')
    const b = await get('/api/normalmeta/quicklook?id=QL_37_5')
    expect(Buffer.compare(a.rawPayload, b.rawPayload)).toBe(0)
    expect(a.headers['cache-control']).toContain('immutable')
    const etag = a.headers.etag as string
    expect(etag).toMatch(/^".+"$/)
    const again = await get('/api/normalmeta/quicklook?id=QL_37_5', { 'if-none-match': etag })
    expect(again.statusCode).toBe(304)
    expect(again.rawPayload.length).toBe(0)
    // another scene draws another picture
    const other = await get('/api/normalmeta/quicklook?id=QL_18_4')
    expect(other.headers.etag).not.toBe(etag)

    // byte ranges, as GDAL's /vsicurl/ reads the STAC 'visual' asset
    const part = await get('/api/normalmeta/quicklook?id=QL_37_5', { range: 'bytes=8-23' })
    expect(part.statusCode).toBe(206)
    expect(part.headers['content-range']).toBe(`bytes 8-23/${a.rawPayload.length}`)
    expect(Buffer.compare(part.rawPayload, a.rawPayload.subarray(8, 24))).toBe(0)
    const past = await get('/api/normalmeta/quicklook?id=QL_37_5', { range: `bytes=${a.rawPayload.length}-` })
    expect(past.statusCode).toBe(416)

    const big = await get('/api/normalmeta/quicklook?id=QL_37_5&size=512')
    const p = await pixels(big.rawPayload)
    expect([p.height, p.width]).toEqual(quicklookShape(SWATH_BBOX, 512))
    expect(big.headers.etag).not.toBe(etag)
    const share = (classify(p.data).cloudy / classify(p.data).inside) * 100
    expect(Math.abs(share - 37.5)).toBeLessThanOrEqual(2)
  })

  it('redirects an imported scene to its quicklook address, and says in Chinese what is missing', async () => {
    const imported = await get('/api/normalmeta/quicklook?id=QL_IMPORTED')
    expect(imported.statusCode).toBe(302)
    expect(imported.headers.location).toBe('https://example.org/browse/QL_IMPORTED.png')

    for (const id of ['QL_IMPORTED_BARE', 'QL_BADHREF']) {
      const bare = await get(`/api/normalmeta/quicklook?id=${id}`)
      expect(bare.statusCode).toBe(404)
      expect(bare.json().message).toContain('没有快视图')
    }
    const unknown = await get('/api/normalmeta/quicklook?id=NO_SUCH_SCENE')
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().message).toMatch(/未找到.*NO_SUCH_SCENE/)

    for (const url of [
      '/api/normalmeta/quicklook',
      '/api/normalmeta/quicklook?id=QL_0&size=5000',
      '/api/normalmeta/quicklook?id=%3Cscript%3E',
    ]) {
      const bad = await get(url)
      expect(bad.statusCode, url).toBe(400)
      expect(bad.json().message).toMatch(/[\u4e00-\u9fff]/)
    }
  })
})
