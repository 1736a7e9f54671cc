import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { CoverageAnswer } from '@rs/shared'
import { parse } from 'csv-parse/sync'
import type { Position } from 'geojson'
import MVT from 'ol/format/MVT.js'
import readXlsxFile from 'read-excel-file/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildScene } from '../../../test-support/factories'
import { geodesicAreaKm2 } from '../../lib/geometry/geodesic'
import { createTestContext, type TestContext } from '../../test/test-context'

let ctx: TestContext
const dir = mkdtempSync(join(tmpdir(), 'rs-coverage-'))

const box = (w: number, s: number, e: number, n: number): Position[][] => [
  [
    [w, s],
    [e, s],
    [e, n],
    [w, n],
    [w, s],
  ],
]

/** Geodesic km² of the union of the polygons by Shapely + pyproj (apps/server/src/test/shapely-area.py). */
function shapelyKm2(polygons: Position[][][]): number {
  const script = fileURLToPath(new URL('../../test/shapely-area.py', import.meta.url))
  return Number(execFileSync('/usr/bin/python3', [script], { input: JSON.stringify(polygons) }).toString())
}

const within = (value: number, expected: number, share = 0.005) => expect(Math.abs(value - expected)).toBeLessThanOrEqual(expected * share)

// a 1° box south of Beijing (Beijing, Tianjin, Hebei counties), about 9,500 km²
const AREA = { mode: 'extent', bbox: [116, 39, 117, 40] } as const

beforeAll(async () => {
  ctx = await createTestContext()
  const db = ctx.database.db
  await buildScene(db, {
    id: 'CV_WEST',
    bbox: [116, 39, 116.5, 40],
    cloudPercent: 5,
    acquiredAt: '2026-06-02T03:00:00Z',
    fileName: 'CV_WEST.tar.gz',
  })
  await buildScene(db, {
    id: 'CV_EAST',
    bbox: [116.5, 39, 117, 40],
    cloudPercent: 50,
    acquiredAt: '2026-06-03T03:00:00Z',
    direction: 'ascending',
  })
  await buildScene(db, { id: 'CV_SMALL', bbox: [116.2, 39.2, 116.4, 39.4], cloudPercent: 1, acquiredAt: '2026-06-01T03:00:00Z' })
  await buildScene(db, { id: 'CV_AWAY', bbox: [120, 30, 121, 31], cloudPercent: 1 })
  await buildScene(db, { id: 'CV_OFFLINE', bbox: [115, 38, 118, 41], dataStatus: '3' })
  // an edge-only neighbour: touches the area's east side, covers nothing of it
  await buildScene(db, { id: 'CV_TOUCH', bbox: [117, 39, 117.5, 40], cloudPercent: 2 })
}, 120_000)
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true })
  await ctx?.close()
})

const coverage = (body: object) => ctx.app.inject({ method: 'POST', url: '/api/normalmeta/coverage', payload: body })
const exportFile = (body: object) => ctx.app.inject({ method: 'POST', url: '/api/normalmeta/export', payload: body })

describe('POST /api/normalmeta/coverage', () => {
  it('covers the area fully with the two halves, counts per county, and picks the fewest scenes', async () => {
    const res = await coverage({ area: AREA })
    expect(res.statusCode, res.body).toBe(200)
    const data = CoverageAnswer.parse(res.json().data)
    within(data.aoiAreaKm2, shapelyKm2([box(116, 39, 117, 40)]))
    // the area's bbox, which the screen fits the map to
    expect(data.aoiBBox).toEqual([116, 39, 117, 40])
    expect(data.percent).toBe(100)
    expect(data.gaps).toBeNull()
    // the touching scene intersects at an edge only; the offline one is filtered out (data status 2)
    expect(data.sceneCount).toBe(4)
    expect(data.truncated).toBe(false)
    expect(data.cover.ids.sort()).toEqual(['CV_EAST', 'CV_WEST'])
    expect(data.cover.percent).toBe(100)
    expect(data.regionLevel).toBe('county')
    expect(data.regions.length).toBeGreaterThan(5)
    for (const r of data.regions) {
      expect(r.code).toMatch(/^\d{6}$/)
      expect(r.name).not.toBe('')
      expect(r.percent).toBeCloseTo(100, 1)
    }
    // the counties tile the box (all land): their parts inside add up to it
    const sum = data.regions.reduce((n, r) => n + r.areaKm2, 0)
    within(sum, data.aoiAreaKm2, 0.01)
  })

  it('finds half of the area covered when only the clear scenes count, and the east half as the gap', async () => {
    const res = await coverage({ area: AREA, filters: { cloudMax: 10 } })
    expect(res.statusCode, res.body).toBe(200)
    const data = CoverageAnswer.parse(res.json().data)
    within(data.coveredAreaKm2, shapelyKm2([box(116, 39, 116.5, 40)]))
    within(data.percent, 50, 0.002)
    expect(data.gaps?.type).toMatch(/Polygon/)
    within(geodesicAreaKm2(data.gaps as never), shapelyKm2([box(116.5, 39, 117, 40)]), 0.005)
    expect(data.cover.ids).toEqual(['CV_WEST'])
  })

  it('measures the checked scenes only', async () => {
    const res = await coverage({ area: AREA, ids: ['CV_SMALL', 'CV_AWAY'] })
    const data = CoverageAnswer.parse(res.json().data)
    expect(data.sceneCount).toBe(2)
    within(data.coveredAreaKm2, shapelyKm2([box(116.2, 39.2, 116.4, 39.4)]))
    expect(data.cover.ids).toEqual(['CV_SMALL'])
  })

  it('tables a province-size region by city', async () => {
    const res = await coverage({ area: { mode: 'region', regionCode: '130000' } })
    expect(res.statusCode, res.body).toBe(200)
    const data = CoverageAnswer.parse(res.json().data)
    expect(data.regionLevel).toBe('city')
    expect(data.regions.every((r) => r.code.startsWith('13') && r.code.endsWith('00'))).toBe(true)
    expect(data.regions.length).toBe(11)
    // the region's cities tile it
    within(
      data.regions.reduce((n, r) => n + r.areaKm2, 0),
      data.aoiAreaKm2,
      0.01,
    )
    expect(data.percent).toBeGreaterThan(0)
    expect(data.percent).toBeLessThan(20)
  })

  it('tables a municipality, which holds counties without cities, by county', async () => {
    const res = await coverage({ area: { mode: 'region', regionCode: '110000' } })
    expect(res.statusCode, res.body).toBe(200)
    const data = CoverageAnswer.parse(res.json().data)
    expect(data.regionLevel).toBe('county')
    expect(data.regions.length).toBe(16)
    expect(data.regions.every((r) => r.code.startsWith('11') && !r.code.endsWith('00'))).toBe(true)
    within(
      data.regions.reduce((n, r) => n + r.areaKm2, 0),
      data.aoiAreaKm2,
      0.01,
    )
  })

  it('refuses a FILE list (no area), an unknown region and bad filters with a Chinese 4xx', async () => {
    const file = await coverage({ area: { mode: 'file', uploadId: '00000000-0000-4000-8000-000000000000' } })
    expect(file.statusCode).toBe(400)
    expect(file.json().message).toMatch(/文件列表查询没有查询范围/)
    const region = await coverage({ area: { mode: 'region', regionCode: '990000' } })
    expect(region.statusCode).toBe(404)
    expect(region.json().message).toMatch(/[\u4e00-\u9fa5]/)
    const dates = await coverage({ area: AREA, filters: { startDate: '2026-07-01', endDate: '2026-06-01' } })
    expect(dates.statusCode).toBe(400)
    expect(dates.json().message).toMatch(/开始日期不能晚于结束日期/)
    const ids = await coverage({ area: AREA, ids: Array.from({ length: 1001 }, (_, i) => `X${i}`) })
    expect(ids.statusCode).toBe(400)
    expect(ids.json().message).toMatch(/一次最多处理 1000 景/)
  })
})

describe('POST /api/normalmeta/export', () => {
  it('exports the matching scenes as CSV in the query order, named with a date', async () => {
    const res = await exportFile({ area: AREA, sort: { sortField: 'cloud', sortOrder: 'asc' }, format: 'csv' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/csv/)
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="scenes-\d{8}\.csv"; filename\*=UTF-8''%E5%BD%B1%E5%83%8F%E6%9F%A5%E8%AF%A2%E7%BB%93%E6%9E%9C-\d{8}\.csv$/,
    )
    const rows = parse(res.rawPayload.toString('utf8'), { bom: true }) as string[][]
    expect(rows[0]?.[0]).toBe('影像编号')
    expect(rows.slice(1).map((r) => r[0])).toEqual(['CV_SMALL', 'CV_TOUCH', 'CV_WEST', 'CV_EAST'])
    expect(rows.find((r) => r[0] === 'CV_EAST')?.[10]).toBe('升轨')
  })

  it('reads a large province in its counting form: the same scenes the query lists by its parts', async () => {
    // 河北 (over 100,000 km²): the query's pages test each scene against the province's parts, coverage
    // and export against its whole outline (scenes.repository.ts); both must find the same scenes
    const area = { mode: 'region', regionCode: '130000' }
    const listed = await ctx.app.inject({ method: 'POST', url: '/api/normalmeta/query', payload: { area, pageSize: 100 } })
    expect(listed.statusCode, listed.body).toBe(200)
    const { total, list } = listed.json().data as { total: number; list: Array<{ id: string }> }
    expect(total).toBeGreaterThan(1)
    const res = await exportFile({ area, format: 'csv' })
    expect(res.statusCode, res.body).toBe(200)
    const rows = parse(res.rawPayload.toString('utf8'), { bom: true }) as string[][]
    expect(rows.slice(1).map((r) => r[0])).toEqual(list.map((s) => s.id))
    const covered = CoverageAnswer.parse((await coverage({ area })).json().data)
    expect(covered.sceneCount).toBe(total)
  })

  it('exports the checked scenes as Excel and GeoJSON', async () => {
    const xlsx = await exportFile({ area: AREA, ids: ['CV_AWAY', 'CV_SMALL'], format: 'xlsx' })
    expect(xlsx.statusCode, xlsx.body).toBe(200)
    const sheets = await readXlsxFile(Buffer.from(xlsx.rawPayload))
    const rows = sheets[0]?.data
    expect(rows?.length).toBe(3)
    expect(rows?.[1]?.[0]).toBe('CV_AWAY')

    const geojson = await exportFile({ area: AREA, ids: ['CV_SMALL'], format: 'geojson' })
    const fc = JSON.parse(geojson.rawPayload.toString('utf8'))
    expect(fc.features.map((f: { id: string }) => f.id)).toEqual(['CV_SMALL'])
    within(geodesicAreaKm2(fc.features[0].geometry), shapelyKm2([box(116.2, 39.2, 116.4, 39.4)]), 0.001)
  })

  it('exports a zipped shapefile that GDAL reads', async () => {
    const res = await exportFile({ area: AREA, format: 'shp' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-type']).toBe('application/zip')
    const path = join(dir, 'export.zip')
    writeFileSync(path, res.rawPayload)
    const out = JSON.parse(execFileSync('ogr2ogr', ['-f', 'GeoJSON', '/vsistdout/', `/vsizip/${path}`]).toString())
    expect(out.features.map((f: { properties: { SCENE_ID: string } }) => f.properties.SCENE_ID).sort()).toEqual([
      'CV_EAST',
      'CV_SMALL',
      'CV_TOUCH',
      'CV_WEST',
    ])
    expect(out.features[0].properties.STATUS).toBe('已入库')
  })

  it('exports the scenes of a FILE list', async () => {
    const form = new FormData()
    form.append('kind', 'file')
    form.append('uploadType', '1')
    form.append('file', new Blob(['CV_WEST.tar.gz\n']), '列表.txt')
    const up = await ctx.app.inject({ method: 'POST', url: '/api/normalmeta/upload', body: form })
    expect(up.statusCode, up.body).toBe(200)
    const res = await exportFile({ area: { mode: 'file', uploadId: up.json().data.uploadId }, format: 'geojson' })
    expect(res.statusCode, res.body).toBe(200)
    expect(JSON.parse(res.rawPayload.toString('utf8')).features.map((f: { id: string }) => f.id)).toEqual(['CV_WEST'])
  })

  it('refuses an unknown format and an empty result with a Chinese 4xx', async () => {
    const format = await exportFile({ area: AREA, format: 'pdf' })
    expect(format.statusCode).toBe(400)
    expect(format.json().message).toMatch(/导出格式只能是/)
    const none = await exportFile({ area: { mode: 'extent', bbox: [0, 0, 1, 1] }, format: 'csv' })
    expect(none.statusCode).toBe(404)
    expect(none.json().message).toMatch(/没有符合条件的影像/)
  })
})

describe('footprint vector tiles', () => {
  it('stores a search and serves its footprints as MVT with id, satellite, sensor, cloud and time', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/normalmeta/tiles', payload: { area: AREA, filters: { cloudMax: 10 } } })
    expect(res.statusCode, res.body).toBe(200)
    const data = res.json().data
    expect(data.tiles).toBe(`/map/tiles/scene/{z}/{x}/{y}.pbf?q=${data.token}`)
    // zoom 6 tile holding Beijing: x 52, y 24
    const tile = await ctx.app.inject({ method: 'GET', url: data.tiles.replace('{z}', '6').replace('{x}', '52').replace('{y}', '24') })
    expect(tile.statusCode, tile.body).toBe(200)
    expect(tile.headers['content-type']).toBe('application/vnd.mapbox-vector-tile')
    const features = new MVT().readFeatures(new Uint8Array(tile.rawPayload).buffer)
    const props = features.map((f) => f.getProperties()).sort((a, b) => String(a.id).localeCompare(String(b.id)))
    // CV_EAST (cloud 50) and CV_AWAY (elsewhere) are not part of this search; CV_TOUCH only touches the area
    expect(props.map((p) => p.id)).toEqual(['CV_SMALL', 'CV_TOUCH', 'CV_WEST'])
    const west = props.find((p) => p.id === 'CV_WEST')
    expect(west).toMatchObject({ satellite: 'GF1', sensor: 'PMS1', cloud: 5, time: '2026-06-02T03:00:00Z' })
    expect(west?.layer).toBe('scene')
  })

  it('serves the footprints of a province search (by the provinces each scene meets) and of 全国', async () => {
    for (const regionCode of ['110000', '100000']) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/normalmeta/tiles', payload: { area: { mode: 'region', regionCode } } })
      expect(res.statusCode, res.body).toBe(200)
      const tile = await ctx.app.inject({
        method: 'GET',
        url: res.json().data.tiles.replace('{z}', '6').replace('{x}', '52').replace('{y}', '24'),
      })
      expect(tile.statusCode, tile.body).toBe(200)
      expect(new MVT().readFeatures(new Uint8Array(tile.rawPayload).buffer).map((f) => f.get('id'))).toContain('CV_WEST')
    }
  })

  it('serves the checked scenes only', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/normalmeta/tiles', payload: { area: AREA, ids: ['CV_AWAY'] } })
    const { tiles } = res.json().data
    const beijing = await ctx.app.inject({ method: 'GET', url: tiles.replace('{z}', '6').replace('{x}', '52').replace('{y}', '24') })
    expect(new MVT().readFeatures(new Uint8Array(beijing.rawPayload).buffer)).toHaveLength(0)
    // zoom 6 tile of 120–121°E, 30–31°N: x 53, y 26
    const away = await ctx.app.inject({ method: 'GET', url: tiles.replace('{z}', '6').replace('{x}', '53').replace('{y}', '26') })
    expect(new MVT().readFeatures(new Uint8Array(away.rawPayload).buffer).map((f) => f.get('id'))).toEqual(['CV_AWAY'])
  })

  it('answers an unknown or missing token with a Chinese OGC report', async () => {
    for (const url of ['/map/tiles/scene/6/52/24.pbf?q=AAAAAAAAAAAAAAAAAAAAAA', '/map/tiles/scene/6/52/24.pbf']) {
      const res = await ctx.app.inject({ method: 'GET', url })
      expect(res.statusCode).toBe(404)
      expect(res.body).toMatch(/查询令牌无效或已过期/)
    }
  })

  it('keeps the scene layer out of WMS and WFS', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/map/wfs?SERVICE=WFS&REQUEST=GetFeature&VERSION=2.0.0&TYPENAMES=scene&COUNT=1',
    })
    expect(res.statusCode).toBeGreaterThanOrEqual(400)
  })
})
