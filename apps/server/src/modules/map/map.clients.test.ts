import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { createCanvas, loadImage } from '@napi-rs/canvas'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertMapFixtures } from '../../../test-support/map.fixtures'
import { createTestContext, type TestContext } from '../../test/test-context'

/**
 * Real clients that nobody here wrote read the services from a listening server: GDAL's WFS and
 * WMS drivers (Debian's gdal-bin, installed by scripts/ensure-system-deps.sh) and OpenLayers'
 * WMTS capabilities parser. Without gdal-bin the GDAL part is skipped on a developer machine and
 * fails in CI.
 */

const run = promisify(execFile)
const hasGdal = await run('ogrinfo', ['--version']).then(
  () => true,
  () => false,
)
const gdalTests = hasGdal || process.env.CI === 'true'

let ctx: TestContext
let base: string
let work: string

beforeAll(async () => {
  ctx = await createTestContext()
  await insertMapFixtures(ctx.database.db)
  await ctx.app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = ctx.app.server.address() as { port: number }
  base = `http://127.0.0.1:${port}`
  work = mkdtempSync(path.join(tmpdir(), 'rs-map-clients-'))
})

afterAll(async () => {
  await ctx?.close()
  if (work) rmSync(work, { recursive: true, force: true })
})

const gdal = (command: string, args: string[]) =>
  run(command, args, { timeout: 60_000, env: { ...process.env, GDAL_HTTP_TIMEOUT: '30', CPL_VSIL_CURL_USE_CACHE: 'NO' } })

describe.skipIf(!gdalTests)('GDAL (gdal-bin) as a client', () => {
  it('ogrinfo lists the WFS layers and reads features with Chinese names', async () => {
    const list = await gdal('ogrinfo', ['-ro', `WFS:${base}/map/wfs`])
    for (const layer of ['rs:region', 'rs:region_province', 'rs:region_city', 'rs:region_county', 'rs:global_region'])
      expect(list.stdout).toContain(layer)
    const read = await gdal('ogrinfo', ['-ro', `WFS:${base}/map/wfs`, 'region_province', '-where', "name = '北京市'"])
    expect(read.stdout).toContain('name (String) = 北京市')
    expect(read.stdout).toMatch(/MULTI(SURFACE|POLYGON) \(\(\(11\d\.\d+ \d\d\.\d+/)
  })

  it('ogr2ogr copies the region layer to GeoJSON, every feature, longitude first', async () => {
    const out = path.join(work, 'region.json')
    await gdal('ogr2ogr', ['-f', 'GeoJSON', out, `WFS:${base}/map/wfs`, 'region'])
    const fc = JSON.parse(readFileSync(out, 'utf8'))
    const expected = await sql<{ n: number }>`SELECT count(*)::int AS n FROM region`.execute(ctx.database.db)
    expect(fc.features).toHaveLength(expected.rows[0]?.n)
    const beijing = fc.features.find((f: { properties: { code: string } }) => f.properties.code === '110000')
    expect(beijing.properties.name).toBe('北京市')
    const [lon, lat] = beijing.geometry.coordinates[0][0][0]
    expect(lon).toBeGreaterThan(115)
    expect(lat).toBeLessThan(42)
    // a spatial and attribute filter GDAL turns into a FES filter for the server
    const filtered = path.join(work, 'filtered.json')
    await gdal('ogr2ogr', [
      '-f',
      'GeoJSON',
      filtered,
      `WFS:${base}/map/wfs`,
      'region',
      '-where',
      "level = 'province'",
      '-spat',
      // central Shanghai only: with the real boundaries a 1° box around it also touches Jiangsu
      '121.3',
      '31.0',
      '121.6',
      '31.4',
    ])
    const names = JSON.parse(readFileSync(filtered, 'utf8')).features.map((f: { properties: { name: string } }) => f.properties.name)
    expect(names).toEqual(['上海市'])
  })

  it('gdal_translate reads a WMS GetMap into a GeoTIFF and a PNG', async () => {
    const tif = path.join(work, 'china.tif')
    await gdal('gdal_translate', [
      '-of',
      'GTiff',
      '-outsize',
      '256',
      '0',
      `WMS:${base}/map/wms?SERVICE=WMS&VERSION=1.3.0&REQUEST=GetMap&LAYERS=region_province&CRS=EPSG:3857&FORMAT=image/png&BBOX=7800000,1700000,15600000,7100000`,
      tif,
    ])
    const info = JSON.parse((await gdal('gdalinfo', ['-json', '-stats', tif])).stdout)
    expect(info.size[0]).toBe(256)
    expect(info.coordinateSystem.wkt).toContain('Pseudo-Mercator')
    // white background with coloured provinces: the red band is not uniformly 255
    expect(info.bands[0].minimum).toBeLessThan(255)

    const png = path.join(work, 'china.png')
    await gdal('gdal_translate', [
      '-of',
      'PNG',
      '-outsize',
      '350',
      '200',
      `WMS:${base}/map/wms?SERVICE=WMS&VERSION=1.3.0&REQUEST=GetMap&LAYERS=region_province&CRS=EPSG:4326&BBOX=15,70,55,140`,
      png,
    ])
    const image = await loadImage(readFileSync(png))
    const canvas = createCanvas(image.width, image.height)
    const c2d = canvas.getContext('2d')
    c2d.drawImage(image, 0, 0)
    // Beijing (116.4E, 39.9N) in a 350×200 image of 70°×40°
    const x = Math.floor(((116.4 - 70) / 70) * 350)
    const y = Math.floor(((55 - 39.9) / 40) * 200)
    const [r, g, b] = c2d.getImageData(x, y, 1, 1).data
    expect([image.width, image.height]).toEqual([350, 200])
    expect(r === 255 && g === 255 && b === 255).toBe(false)
    const [r0, g0, b0] = c2d.getImageData(2, 2, 1, 1).data
    expect([r0, g0, b0]).toEqual([255, 255, 255])
  })
})

describe('OpenLayers as a client', () => {
  it('parses the WMTS capabilities, builds a source with optionsFromCapabilities and fetches its tile', async () => {
    // ol/format/XML needs a DOM; jsdom supplies one for this test only
    // jsdom ships no types (and @types/jsdom is not installed); the import is typed by hand here
    const jsdomModule: string = 'jsdom'
    const { JSDOM } = (await import(jsdomModule)) as { JSDOM: new (html: string) => { window: Record<string, unknown> } }
    const dom = new JSDOM('')
    const globals = globalThis as Record<string, unknown>
    const saved = { DOMParser: globals.DOMParser, Node: globals.Node, document: globals.document }
    Object.assign(globals, { DOMParser: dom.window.DOMParser, Node: dom.window.Node, document: dom.window.document })
    try {
      const { default: WMTSCapabilities } = await import('ol/format/WMTSCapabilities.js')
      const { default: WMTS, optionsFromCapabilities } = await import('ol/source/WMTS.js')
      const text = await (await fetch(`${base}/map/wmts?SERVICE=WMTS&REQUEST=GetCapabilities`)).text()
      const caps = new WMTSCapabilities().read(text)
      expect(caps.Contents.Layer.map((l: { Identifier: string }) => l.Identifier)).toContain('region_province')
      const options = optionsFromCapabilities(caps, { layer: 'region_province', matrixSet: 'GoogleMapsCompatible' })
      if (!options) throw new Error('optionsFromCapabilities found no layer')
      expect(options.requestEncoding).toBe('KVP')
      expect(options.format).toBe('image/png')
      expect(options.projection && typeof options.projection !== 'string' ? options.projection.getCode() : options.projection).toBe(
        'EPSG:3857',
      )
      expect(options.tileGrid.getResolutions()).toHaveLength(19)
      const source = new WMTS(options)
      const projection = source.getProjection()
      if (!projection) throw new Error('no projection')
      const url = source.getTileUrlFunction()([4, 13, 6], 1, projection)
      expect(url).toBeDefined()
      const res = await fetch(url as string)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe('image/png')
      const image = await loadImage(Buffer.from(await res.arrayBuffer()))
      expect([image.width, image.height]).toEqual([256, 256])
    } finally {
      Object.assign(globals, saved)
    }
  })
})
