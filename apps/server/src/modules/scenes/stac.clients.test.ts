import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildScene } from '../../../test-support/factories'
import { createTestContext, type TestContext } from '../../test/test-context'

/**
 * GDAL (Debian's gdal-bin) reads the STAC API from a listening server through its OGC API
 * Features driver (OAPIF): landing page, collections, items pages with bbox and next links.
 * Without gdal-bin the test is skipped on a developer machine and fails in CI.
 */

const run = promisify(execFile)
const hasGdal = await run('ogrinfo', ['--version']).then(
  () => true,
  () => false,
)
const gdalTests = hasGdal || process.env.CI === 'true'

let ctx: TestContext
let base: string

beforeAll(async () => {
  ctx = await createTestContext({ MAP_REQUESTS_PER_MINUTE: '100000' })
  for (let i = 0; i < 25; i++)
    await buildScene(ctx.database.db, {
      id: `G${String(i).padStart(2, '0')}`,
      satellite: i % 2 ? 'GF2' : 'GF1',
      sensor: i % 2 ? 'PMS' : 'PMS1',
      acquiredAt: new Date(Date.UTC(2026, 4, 1 + i, 3)).toISOString(),
      cloudPercent: (i * 13) % 100,
      bbox: [110 + (i % 5), 30 + Math.floor(i / 5), 110.8 + (i % 5), 30.8 + Math.floor(i / 5)],
    })
  await ctx.app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = ctx.app.server.address() as { port: number }
  base = `http://127.0.0.1:${port}`
})

afterAll(async () => {
  await ctx?.close()
})

const gdal = (command: string, args: string[]) =>
  run(command, args, { timeout: 60_000, env: { ...process.env, GDAL_HTTP_TIMEOUT: '30', CPL_VSIL_CURL_USE_CACHE: 'NO' } })

describe.skipIf(!gdalTests)('GDAL (gdal-bin) as a client of /stac', () => {
  it('ogrinfo lists the collections as OAPIF layers and reads every item of one, paging by next links', async () => {
    const list = await gdal('ogrinfo', ['-ro', '-q', `OAPIF:${base}/stac`])
    expect(list.stdout).toContain('GF1_PMS1')
    expect(list.stdout).toContain('GF2_PMS')
    // a page size of 4 makes GDAL follow next links through all 13 items
    const read = await gdal('ogrinfo', ['-ro', '-al', '-so', '-oo', 'PAGE_SIZE=4', `OAPIF:${base}/stac`, 'GF1_PMS1'])
    expect(read.stdout).toMatch(/Feature Count: 13/)
    const features = await gdal('ogrinfo', ['-ro', '-oo', 'PAGE_SIZE=4', `OAPIF:${base}/stac`, 'GF1_PMS1'])
    const ids = [...features.stdout.matchAll(/^\s*id \(String\) = (G\d\d)$/gm)].map((m) => m[1])
    expect(new Set(ids).size).toBe(13)
    expect(features.stdout).toMatch(/MULTIPOLYGON \(\(\(11\d/)
  })

  it('ogrinfo passes a spatial filter as bbox and gets only the items there', async () => {
    const read = await gdal('ogrinfo', [
      '-ro',
      '-oo',
      'PAGE_SIZE=4',
      '-spat',
      '110',
      '30',
      '111.5',
      '31.5',
      `OAPIF:${base}/stac`,
      'GF1_PMS1',
    ])
    const ids = [...read.stdout.matchAll(/^\s*id \(String\) = (G\d\d)$/gm)].map((m) => m[1]).sort()
    // GF1 items are the even ones; of those only G00 (110–110.8 E, 30–30.8 N) and G06 (111–111.8 E, 31–31.8 N) touch the box
    expect(ids).toEqual(['G00', 'G06'])
  })

  it('gdalinfo and gdal_translate read a STACIT mosaic of the quicklooks (visual assets with proj:epsg, proj:bbox, proj:shape)', async () => {
    // G00 (110–110.8 E, 30–30.8 N) and G06 (111–111.8 E, 31–31.8 N) of one collection (STACIT
    // makes one subdataset per collection, so a search over two would list subdatasets instead)
    const url = `${base}/stac/search?collections=GF1_PMS1&ids=G00,G06&limit=10`
    const info = await gdal('gdalinfo', ['-json', `STACIT:"${url}"`])
    const doc = JSON.parse(info.stdout) as {
      size: [number, number]
      bands: unknown[]
      cornerCoordinates: { upperLeft: [number, number]; lowerRight: [number, number] }
      coordinateSystem: { wkt: string }
    }
    expect(doc.coordinateSystem.wkt).toContain('4326')
    // the mosaic spans the four boxes: 110–111.8 E, 30–31.8 N
    expect(doc.cornerCoordinates.upperLeft[0]).toBeCloseTo(110, 4)
    expect(doc.cornerCoordinates.upperLeft[1]).toBeCloseTo(31.8, 4)
    expect(doc.cornerCoordinates.lowerRight[0]).toBeCloseTo(111.8, 4)
    expect(doc.cornerCoordinates.lowerRight[1]).toBeCloseTo(30, 4)
    // RGBA PNG quicklooks: four bands
    expect(doc.bands.length).toBe(4)

    const dir = mkdtempSync(join(tmpdir(), 'rs-stacit-'))
    try {
      const out = join(dir, 'mosaic.tif')
      await gdal('gdal_translate', ['-q', '-outsize', '180', '180', `STACIT:"${url}"`, out])
      const stats = await gdal('gdalinfo', ['-json', '-stats', out])
      const bands = (JSON.parse(stats.stdout) as { bands: Array<{ minimum: number; maximum: number; mean: number }> }).bands
      // the alpha band: the two footprints fill their boxes, 2 × 0.64 of the 3.24 square degrees (0.395)
      const alpha = bands[3] as { maximum: number; mean: number }
      expect(alpha.maximum).toBe(255)
      expect(Math.abs(alpha.mean / 255 - 0.395)).toBeLessThan(0.02)
      // colour: land and cloud, not an empty picture
      for (const band of bands.slice(0, 3)) expect(band.maximum).toBeGreaterThan(band.minimum + 50)
      // a pixel inside G06 (111–111.8 E, 31–31.8 N) is opaque: the mosaic places each quicklook in its box
      const probe = await gdal('gdallocationinfo', ['-valonly', '-geoloc', out, '111.4', '31.4'])
      const values = probe.stdout.trim().split(/\s+/).map(Number)
      expect(values[3]).toBe(255)
      // and between the two boxes (110.4 E, 31.4 N) nothing is drawn
      const gap = await gdal('gdallocationinfo', ['-valonly', '-geoloc', out, '110.4', '31.4'])
      expect(gap.stdout.trim().split(/\s+/).map(Number)[3]).toBe(0)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
