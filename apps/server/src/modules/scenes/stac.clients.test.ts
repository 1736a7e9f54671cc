import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildScene } from '../../test/factories'
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

  it('gdalinfo STACIT reads the search but finds no raster asset: the archive has quicklooks, not georeferenced rasters', async () => {
    const url = `${base}/stac/search?collections=GF1_PMS1&limit=5`
    const result = await gdal('gdalinfo', [`STACIT:"${url}"`]).then(
      (r) => ({ ok: true, out: r.stdout + r.stderr }),
      (e: { stdout?: string; stderr?: string }) => ({ ok: false, out: `${e.stdout ?? ''}${e.stderr ?? ''}` }),
    )
    // GDAL fetched and parsed the ItemCollection; STACIT mosaics only assets with proj:epsg and
    // proj:transform (or proj:bbox + proj:shape), i.e. georeferenced rasters, which a demo archive of
    // quicklooks does not have. A malformed answer would fail earlier with a JSON or HTTP error.
    expect(result.ok).toBe(false)
    expect(result.out).toContain('No compatible asset found')
  })
})
