import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { AOI_LIMITS } from '@rs/shared'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  makeZip,
  overlappingSquares,
  polygonsGeojson,
  ringOf,
  SAMPLE_GEOJSON,
  SAMPLE_KML,
  selfCrossingStar,
  shapefileZip,
  zipBomb,
} from '../../../test-support/aoi.fixtures'
import { createAreas } from '../../capabilities/area'
import type { AuditRecorder } from '../../lib/audit'
import { createTaskPool } from '../../lib/workers/pool'
import { createTestContext, DEMO_PASSWORDS, loginAs, type TestContext } from '../../test/test-context'

let ctx: TestContext

beforeAll(async () => {
  ctx = await createTestContext({ AOI_UPLOADS_PER_MINUTE: '1000' })
})
afterAll(async () => {
  await ctx?.close()
})

async function rowCount(): Promise<number> {
  const row = await ctx.database.db
    .selectFrom('aoi_upload')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

function upload(name: string, data: Uint8Array | string, headers: Record<string, string> = {}) {
  const form = new FormData()
  form.append('file', new Blob([typeof data === 'string' ? data : new Uint8Array(data)]), name)
  return ctx.app.inject({ method: 'POST', url: '/api/aoi/upload', body: form, headers })
}

/** Asserts a refusal with its status and message, and that nothing was stored. */
async function expectRefused(res: Awaited<ReturnType<typeof upload>>, status: number, message: RegExp) {
  const before = await rowCount()
  expect(res.statusCode, res.body).toBe(status)
  expect(res.json()).toMatchObject({ code: status, data: null })
  expect(res.json().message).toMatch(message)
  expect(await rowCount()).toBe(before)
}

let rowsBefore = 0
beforeEach(async () => {
  rowsBefore = await rowCount()
})

describe('POST /api/aoi/upload', () => {
  it('stores a UTF-8 shapefile in EPSG:4326 and answers its area, bbox and geometry', async () => {
    const res = await upload('怀柔.zip', shapefileZip({ srs: 4326, encoding: 'UTF-8' }))
    expect(res.statusCode, res.body).toBe(200)
    const data = res.json().data
    expect(data).toMatchObject({ name: '怀柔.zip', featureCount: 2, notices: [] })
    expect(data.uploadId).toMatch(/^[0-9a-f-]{36}$/)
    expect(data.vertexCount).toBe(14)
    expect(data.geojson.type).toBe('MultiPolygon')
    expect(data.geojson.coordinates).toHaveLength(2)
    expect(data.bbox[0]).toBeCloseTo(116.4, 5)
    expect(data.bbox[3]).toBeCloseTo(40.65, 5)
    // 25.4 km × 22.2 km minus a 4.2 km × 5.6 km hole, plus a triangle of 25.4 km × 22.2 km / 2: about 824 km²
    expect(data.areaKm2).toBeGreaterThan(800)
    expect(data.areaKm2).toBeLessThan(850)
    expect(await rowCount()).toBe(rowsBefore + 1)
  })

  it('reprojects a GBK shapefile in Web Mercator (EPSG:3857) to WGS84', async () => {
    const res = await upload('mercator.zip', shapefileZip({ srs: 3857, encoding: 'GBK' }))
    expect(res.statusCode, res.body).toBe(200)
    const data = res.json().data
    expect(data.bbox[0]).toBeCloseTo(116.4, 4)
    expect(data.bbox[1]).toBeCloseTo(40.3, 4)
    expect(data.bbox[2]).toBeCloseTo(117.1, 4)
    expect(data.featureCount).toBe(2)
  })

  it('reads a CGCS2000 (EPSG:4490) shapefile', async () => {
    const res = await upload('cgcs2000.zip', shapefileZip({ srs: 4490, encoding: 'GBK' }))
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data.bbox[0]).toBeCloseTo(116.4, 4)
  })

  it('assumes WGS84 without a .prj when the coordinates are degrees, and says so', async () => {
    const res = await upload('noprj.zip', shapefileZip({ omit: ['.prj'] }))
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data.notices[0]).toMatch(/\.prj.*WGS84/)
  })

  it('refuses a projected shapefile without a .prj', async () => {
    await expectRefused(await upload('m.zip', shapefileZip({ srs: 3857, omit: ['.prj'] })), 400, /缺少 \.prj/)
  })

  it('records every upload in the audit log, refused ones as failures', async () => {
    const ok = await upload('审计.zip', shapefileZip({ srs: 4326, encoding: 'UTF-8' }))
    await upload('refused.zip', shapefileZip({ srs: 3857, omit: ['.prj'] }))
    const rows = await ctx.database.db
      .selectFrom('audit_log')
      .select(['action', 'target', 'outcome', 'ip', 'detail'])
      .where('action', '=', 'aoiUpload')
      .where('target', 'in', ['审计.zip', 'refused.zip'])
      .orderBy('id')
      .execute()
    expect(rows).toMatchObject([
      { target: '审计.zip', outcome: 'success', ip: '127.0.0.1', detail: { uploadId: ok.json().data.uploadId } },
      { target: 'refused.zip', outcome: 'failure', detail: { status: 400 } },
    ])
  })

  it('stores GeoJSON and KML, keeping only their polygons', async () => {
    const geo = await upload('area.geojson', JSON.stringify(SAMPLE_GEOJSON))
    expect(geo.statusCode, geo.body).toBe(200)
    expect(geo.json().data.featureCount).toBe(2)
    const kml = await upload('雄安.kml', SAMPLE_KML)
    expect(kml.statusCode, kml.body).toBe(200)
    expect(kml.json().data).toMatchObject({ featureCount: 1, vertexCount: 5 })
    expect(kml.json().data.areaKm2).toBeGreaterThan(500)
    const again = await ctx.app.inject({ method: 'GET', url: `/api/aoi/detail?id=${kml.json().data.uploadId}` })
    expect(again.json().data).toMatchObject({ name: '雄安.kml', uploadId: kml.json().data.uploadId })
  })

  it('records the user when logged in', async () => {
    const token = await loginAs(ctx, 'user', DEMO_PASSWORDS.user)
    const res = await upload('a.geojson', JSON.stringify(SAMPLE_GEOJSON), { token })
    const row = await ctx.database.db
      .selectFrom('aoi_upload')
      .select('user_id')
      .where('id', '=', res.json().data.uploadId)
      .executeTakeFirstOrThrow()
    expect(row.user_id).toBeGreaterThan(0)
  })

  it('repairs a self-intersecting polygon', async () => {
    const bowtie = {
      type: 'Polygon',
      coordinates: [
        [
          [100, 30],
          [101, 31],
          [101, 30],
          [100, 31],
          [100, 30],
        ],
      ],
    }
    const res = await upload('bowtie.geojson', JSON.stringify(bowtie))
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data.geojson.coordinates.length).toBe(2)
  })

  it('refuses a file type it does not read', async () => {
    await expectRefused(await upload('notes.txt', 'hello'), 415, /不支持的文件类型/)
  })

  it('refuses a text file renamed .zip', async () => {
    await expectRefused(await upload('fake.zip', 'this is not a zip file at all'), 415, /不是有效的 zip/)
  })

  it('names the missing parts of a shapefile', async () => {
    await expectRefused(await upload('noshp.zip', shapefileZip({ omit: ['.shp'] })), 400, /缺少：\.shp/)
    await expectRefused(await upload('noshx.zip', shapefileZip({ omit: ['.shx', '.dbf'] })), 400, /缺少：\.shx、\.dbf/)
    await expectRefused(await upload('empty.zip', makeZip([{ name: 'readme.txt', data: Buffer.from('x') }])), 400, /\.shp、\.shx、\.dbf/)
  })

  it('refuses a zip bomb by its declared size before unpacking', async () => {
    const bomb = zipBomb(300)
    expect(bomb.length).toBeLessThan(1024 * 1024)
    await expectRefused(await upload('bomb.zip', bomb), 413, /解压后超过 100 MB/)
  })

  it('refuses a zip bomb that lies about its size while unpacking', async () => {
    await expectRefused(await upload('liar.zip', zipBomb(150, true)), 413, /解压后超过 100 MB/)
  })

  it('refuses a zip with too many entries', async () => {
    const many = Array.from({ length: 60 }, (_, i) => ({ name: `f${i}.txt`, data: Buffer.from('x') }))
    await expectRefused(await upload('many.zip', makeZip(many)), 413, /文件过多/)
  })

  it('refuses a damaged shapefile', async () => {
    const zip = makeZip([
      { name: 'a.shp', data: Buffer.from('garbage garbage garbage garbage garbage garbage garbage') },
      { name: 'a.shx', data: Buffer.from('x') },
      { name: 'a.dbf', data: Buffer.from('y') },
    ])
    await expectRefused(await upload('broken.zip', zip), 400, /已损坏/)
  })

  it('refuses files with points only', async () => {
    const points = {
      type: 'FeatureCollection',
      features: [{ type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [116, 40] } }],
    }
    await expectRefused(await upload('points.geojson', JSON.stringify(points)), 400, /没有面状图形/)
    await expectRefused(await upload('points.zip', shapefileZip({ geojson: points })), 400, /没有面状图形/)
  })

  it('refuses too many vertices', async () => {
    const big = { type: 'Polygon', coordinates: [ringOf(200_010)] }
    await expectRefused(await upload('big.geojson', JSON.stringify(big)), 413, /节点过多/)
  })

  it('refuses coordinates outside WGS84, broken JSON and broken KML', async () => {
    const far = { type: 'Polygon', coordinates: [ringOf(10, 12_000_000, 4_000_000, 1000)] }
    await expectRefused(await upload('far.geojson', JSON.stringify(far)), 400, /超出经纬度范围/)
    await expectRefused(await upload('bad.json', '{"type": "Feature", '), 400, /GeoJSON 文件无法解析/)
    await expectRefused(await upload('bad.kml', '<kml><Placemark>'), 400, /KML 文件无法解析/)
  })

  it('refuses a file over 10 MB with 413', async () => {
    await expectRefused(await upload('huge.geojson', Buffer.alloc(11 * 1024 * 1024, 32)), 413, /文件过大/)
  })

  it('refuses a request without a file', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/aoi/upload', payload: { a: 1 } })
    expect(res.statusCode).toBe(415)
    const form = new FormData()
    form.append('note', 'no file')
    const empty = await ctx.app.inject({ method: 'POST', url: '/api/aoi/upload', body: form })
    expect(empty.statusCode).toBe(400)
    expect(empty.json().message).toMatch(/请选择/)
  })
})

describe('GET /api/aoi/detail', () => {
  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const missing = await ctx.app.inject({ method: 'GET', url: '/api/aoi/detail?id=00000000-0000-4000-8000-000000000000' })
    expect(missing.statusCode).toBe(404)
    expect(missing.json().message).toMatch(/不存在/)
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/aoi/detail?id=abc' })
    expect(bad.statusCode).toBe(400)
  })
})

describe('POST /api/aoi/upload with hostile shapes', () => {
  const noAudit: AuditRecorder = { record: async () => {} }

  /** The area Shapely and pyproj (Debian's) give for the same polygons, in km². */
  function independentAreaKm2(polygons: number[][][][]): number {
    const script = fileURLToPath(new URL('../../test/shapely-area.py', import.meta.url))
    return Number(execFileSync('/usr/bin/python3', [script], { input: JSON.stringify(polygons), maxBuffer: 64 << 20 }).toString())
  }

  it('fills a self-crossing 2,000-vertex outline with the area it encloses, as Shapely does', async () => {
    const star = [[selfCrossingStar(2000)]]
    const res = await upload('star.geojson', polygonsGeojson(star))
    expect(res.statusCode, res.body).toBe(200)
    const data = res.json().data
    expect(data.vertexCount).toBe(2001)
    expect(data.areaKm2 / independentAreaKm2(star)).toBeCloseTo(1, 3)
    expect(await rowCount()).toBe(rowsBefore + 1)
  })

  it('unions 2,000 overlapping squares into one area, as Shapely does', async () => {
    const squares = overlappingSquares(2000)
    const res = await upload('squares.geojson', polygonsGeojson(squares))
    expect(res.statusCode, res.body).toBe(200)
    const data = res.json().data
    expect(data.featureCount).toBe(2000)
    expect(data.areaKm2 / independentAreaKm2(squares)).toBeCloseTo(1, 3)
  })

  it('refuses with 422 what takes longer than its budget, stores nothing, and ends the busy thread', async () => {
    const tasks = createTaskPool({ maxThreads: 1 })
    try {
      const strict = createAreas({
        db: ctx.database.db,
        tasks,
        audit: noAudit,
        limits: { ...AOI_LIMITS, maxProcessingSeconds: 0.2 },
      }).uploads
      const star = polygonsGeojson([[selfCrossingStar(190_000, 40)]])
      const started = performance.now()
      const refused = strict.upload({ fileName: 'star.geojson', data: new TextEncoder().encode(star), actor: null, ip: '127.0.0.1' })
      await expect(refused).rejects.toMatchObject({ status: 422, message: expect.stringMatching(/区域过于复杂.*0\.2 秒/) })
      expect(performance.now() - started).toBeLessThan(5000)
      expect(await rowCount()).toBe(rowsBefore)
      // the pool replaced the ended thread: the next upload is served
      const lenient = createAreas({ db: ctx.database.db, tasks, audit: noAudit }).uploads
      const ok = await lenient.upload({
        fileName: 'ok.geojson',
        data: new TextEncoder().encode(JSON.stringify(SAMPLE_GEOJSON)),
        actor: null,
        ip: '127.0.0.1',
      })
      expect(ok.featureCount).toBeGreaterThan(0)
    } finally {
      await tasks.close()
    }
  })

  it('says in Chinese where a GeoJSON file is broken', async () => {
    const res = await upload('bad.geojson', '{\n  "type": "Feature",\n  "geometry": {,\n}')
    await expectRefused(res, 400, /GeoJSON 文件无法解析：第 3 行第 \d+ 列附近有语法错误/)
  })
})
