import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { PERMISSION } from '@rs/shared'
import { sql } from 'kysely'
import MVT from 'ol/format/MVT.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildSpot, buildUser } from '../../../test-support/factories'
import { refreshMonitorMapLayers } from '../../datasets/monitor-map-layers/refresh'
import { createTestContext, loginAs, type TestContext } from '../../test/test-context'

/**
 * The monitoring layers of the map services (issue 13): spot layers are detail data on every route
 * (WMS GetMap and GetFeatureInfo, WFS GetFeature, WMTS, vector tiles): 401 without a session, 403
 * without the module's MOD code or outside the area ranges, and only the caller's features
 * otherwise; the derived layers (zones, grid, acquisition report, service area) are read too.
 */

let ctx: TestContext
const tokens = { province: '', ministry: '', noCode: '', noRange: '' }
const centre: Record<string, [number, number]> = {}
const ids: Record<string, number> = {}

const HOHHOT = '150102'
const BEIJING = '110101'

beforeAll(async () => {
  ctx = await createTestContext()
  const db = ctx.database.db
  ids.hohhot = (await buildSpot(db, { county: HOHHOT, spotType: 'built', attributes: { plantName: '呼和浩特光伏' } })).id
  ids.hohhot2 = (await buildSpot(db, { county: HOHHOT, spotType: 'construction', attributes: { plantName: '呼和浩特光伏' } })).id
  ids.beijing = (await buildSpot(db, { county: BEIJING, spotType: 'expanded' })).id
  ids.wind = (await buildSpot(db, { module: 'windmill', county: HOHHOT, spotType: 'built' })).id
  for (const code of [HOHHOT, BEIJING]) {
    const { rows } = await sql<{
      x: number
      y: number
    }>`SELECT ST_X(center) AS x, ST_Y(center) AS y FROM region WHERE code = ${code}`.execute(db)
    centre[code] = [rows[0]?.x as number, rows[0]?.y as number]
  }
  const users = {
    province: await buildUser(db, { permissions: [PERMISSION.pvland], areaRanges: ['150000'] }),
    ministry: await buildUser(db, { permissions: [PERMISSION.pvland, PERMISSION.windmill], areaRanges: ['100000'] }),
    noCode: await buildUser(db, { permissions: [PERMISSION.windmill], areaRanges: ['100000'] }),
    noRange: await buildUser(db, { permissions: [PERMISSION.pvland], areaRanges: [{ regionId: '150000', isDelete: 1 }] }),
  }
  for (const [name, u] of Object.entries(users)) tokens[name as keyof typeof tokens] = await loginAs(ctx, u.username, u.password)
  await refreshMonitorMapLayers(db, { force: true })
})

afterAll(async () => {
  await ctx?.close()
})

type Who = keyof typeof tokens | 'anonymous'
const get = (url: string, who: Who) => ctx.app.inject({ method: 'GET', url, headers: who === 'anonymous' ? {} : { token: tokens[who] } })

/** A lon/lat box of `r` degrees around a county's centre. */
const around = (code: string, r = 0.05) => {
  const [x, y] = centre[code] as [number, number]
  return { minx: x - r, miny: y - r, maxx: x + r, maxy: y + r }
}

/** The XYZ tile of zoom z holding a county's centre. */
function tileOf(code: string, z: number) {
  const [lon, lat] = centre[code] as [number, number]
  const n = 2 ** z
  const x = Math.floor(((lon + 180) / 360) * n)
  const rad = (lat * Math.PI) / 180
  const y = Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n)
  return { z, x, y }
}

const getMap = (code: string, layer = 'pvland_meta') => {
  const b = around(code)
  return `/map/wms?SERVICE=WMS&VERSION=1.3.0&REQUEST=GetMap&LAYERS=${layer}&STYLES=&CRS=CRS:84&BBOX=${b.minx},${b.miny},${b.maxx},${b.maxy}&WIDTH=64&HEIGHT=64&FORMAT=image/png&TRANSPARENT=TRUE`
}
const featureInfo = (code: string) => {
  const b = around(code)
  return `/map/wms?SERVICE=WMS&VERSION=1.3.0&REQUEST=GetFeatureInfo&LAYERS=pvland_meta&QUERY_LAYERS=pvland_meta&STYLES=&CRS=CRS:84&BBOX=${b.minx},${b.miny},${b.maxx},${b.maxy}&WIDTH=101&HEIGHT=101&I=50&J=50&INFO_FORMAT=application/json&FEATURE_COUNT=10`
}
const getFeature = (extra = '', layer = 'pvland_meta') =>
  `/map/wfs?SERVICE=WFS&VERSION=2.0.0&REQUEST=GetFeature&TYPENAMES=rs:${layer}&OUTPUTFORMAT=application/json${extra}`
const wfsBox = (code: string) => {
  const b = around(code)
  return `&BBOX=${b.miny},${b.minx},${b.maxy},${b.maxx}`
}
const wmtsTile = (code: string) => {
  const t = tileOf(code, 12)
  return `/map/wmts/1.0.0/pvland_meta/default/GoogleMapsCompatible/${t.z}/${t.y}/${t.x}.png`
}
const wmtsKvp = (code: string) => {
  const t = tileOf(code, 12)
  return `/map/wmts?SERVICE=WMTS&REQUEST=GetTile&VERSION=1.0.0&LAYER=pvland_meta&STYLE=default&TILEMATRIXSET=GoogleMapsCompatible&TILEMATRIX=${t.z}&TILEROW=${t.y}&TILECOL=${t.x}&FORMAT=image/png`
}
const mvtTile = (code: string, layer = 'pvland_meta') => {
  const t = tileOf(code, 12)
  return `/map/tiles/${layer}/${t.z}/${t.x}/${t.y}.mvt`
}

function mvtFeatures(body: Buffer) {
  return new MVT().readFeatures(new Uint8Array(body).buffer, { extent: [0, 0, 4096, 4096] } as never)
}

const ROUTES = {
  'WMS GetMap': getMap,
  'WMS GetFeatureInfo': featureInfo,
  'WFS GetFeature (BBOX)': (code: string) => getFeature(wfsBox(code)),
  'WMTS GetTile (REST)': wmtsTile,
  'WMTS GetTile (KVP)': wmtsKvp,
  'vector tile': mvtTile,
} as const

describe.each(Object.entries(ROUTES))('%s of a monitoring spot layer', (_name, url) => {
  it('needs a session: 401 with the SPEC message, 登录已过期 when a token was sent', async () => {
    const anonymous = await get(url(HOHHOT), 'anonymous')
    expect(anonymous.statusCode).toBe(401)
    expect(anonymous.body).toContain('请先登录')
    const expired = await ctx.app.inject({ method: 'GET', url: url(HOHHOT), headers: { token: 'x'.repeat(43) } })
    expect(expired.statusCode).toBe(401)
    expect(expired.body).toContain('登录已过期，请重新登录！')
  })

  it('needs the module’s MOD code and an area range: 403 with the SPEC messages', async () => {
    const noCode = await get(url(HOHHOT), 'noCode')
    expect(noCode.statusCode).toBe(403)
    expect(noCode.body).toContain('无查看信息权限，请联系管理员')
    const noRange = await get(url(HOHHOT), 'noRange')
    expect(noRange.statusCode).toBe(403)
    expect(noRange.body).toContain('未关联用户权限范围，请联系管理员')
  })

  it('refuses an area outside the caller’s ranges (403) and answers inside them, privately', async () => {
    const outside = await get(url(BEIJING), 'province')
    expect(outside.statusCode).toBe(403)
    expect(outside.body).toContain('无查看信息权限，请联系管理员')
    const inside = await get(url(HOHHOT), 'province')
    expect(inside.statusCode).toBe(200)
    expect(inside.headers['cache-control']).toBe('private, no-store')
    const ministry = await get(url(BEIJING), 'ministry')
    expect(ministry.statusCode).toBe(200)
  })
})

describe('what an allowed caller reads of a spot layer', () => {
  it('WFS gives only the features inside the area ranges; the whole country sees all', async () => {
    const province = JSON.parse((await get(getFeature(), 'province')).body)
    expect(province.features.map((f: { properties: { county_code: string } }) => f.properties.county_code)).toEqual([HOHHOT, HOHHOT])
    expect(province.numberMatched).toBe(2)
    const ministry = JSON.parse((await get(getFeature(), 'ministry')).body)
    expect(ministry.numberMatched).toBe(3)
    expect(ministry.features.map((f: { id: string }) => f.id)).toContain(`pvland_meta.${ids.beijing}`)
  })

  it('WFS refuses a spot asked for by id outside the ranges (403), and serves one inside', async () => {
    expect(
      (await get(getFeature(`&RESOURCEID=pvland_meta.${ids.beijing}`).replace('&TYPENAMES=rs:pvland_meta', ''), 'province')).statusCode,
    ).toBe(403)
    const inside = await get(getFeature(`&RESOURCEID=pvland_meta.${ids.hohhot}`).replace('&TYPENAMES=rs:pvland_meta', ''), 'province')
    expect(JSON.parse(inside.body).numberReturned).toBe(1)
  })

  it('a module’s layer holds only its module: the windmill layer has the turbine, not the PV land', async () => {
    const wind = JSON.parse((await get(getFeature('', 'windmill_meta'), 'ministry')).body)
    expect(wind.features.map((f: { id: string }) => f.id)).toEqual([`windmill_meta.${ids.wind}`])
    expect((await get(getFeature('', 'windmill_meta'), 'province')).statusCode).toBe(403)
  })

  it('GetFeatureInfo and vector tiles carry the spots under the point or in the tile; GetMap draws them', async () => {
    const info = JSON.parse((await get(featureInfo(HOHHOT), 'province')).body)
    expect(info.features.length).toBe(2)
    const tile = await get(mvtTile(HOHHOT), 'province')
    expect(tile.headers['content-type']).toContain('vnd.mapbox-vector-tile')
    expect(mvtFeatures(tile.rawPayload).length).toBe(2)
    // the same tile for the whole country: shared by nobody with the province user's cache entry
    const png = await get(getMap(HOHHOT), 'province')
    expect(png.headers['content-type']).toBe('image/png')
    expect(png.rawPayload.length).toBeGreaterThan(100)
  })

  it('public layers stay public: anonymous reads regions, and capabilities list the spot layers with their rule', async () => {
    expect((await get('/map/tiles/region_province/3/6/3.mvt', 'anonymous')).statusCode).toBe(200)
    const caps = await get('/map/wms?SERVICE=WMS&REQUEST=GetCapabilities', 'anonymous')
    for (const name of [
      'landcover_meta',
      'surfacedeform_meta',
      'road_meta',
      'nonagricultural_nongrain_meta',
      'plantingstructure_meta',
      'pvland_meta',
      'windmill_meta',
      'steelplant_meta',
      'pvland_adaptive_zone',
      'windmill_adaptive_zone',
      'grid_statistics_default',
      'acquisition_report',
      'cloudPlatform',
    ])
      expect(caps.body).toContain(`<Name>${name}</Name>`)
    expect(caps.body).toContain('需登录、具备模块权限（MOD_058）')
    const wfs = await get('/map/wfs?SERVICE=WFS&REQUEST=GetCapabilities', 'anonymous')
    expect(wfs.body).toContain('rs:steelplant_meta')
  })
})

describe('derived monitoring layers', () => {
  it('an adaptive zone surrounds each plant’s spots, public and 示意', async () => {
    const res = await get(getFeature('', 'pvland_adaptive_zone'), 'anonymous')
    expect(res.statusCode).toBe(200)
    const zones = JSON.parse(res.body).features
    const hohhot = zones.find((f: { properties: { zone_name: string } }) => f.properties.zone_name === '呼和浩特光伏')
    expect(hohhot.properties).toMatchObject({ site_count: 2, county_code: HOHHOT, province_code: '150000' })
    expect(hohhot.geometry.type).toBe('MultiPolygon')
    expect(hohhot.properties.area_km2).toBeGreaterThan(5)
    const windZones = JSON.parse((await get(getFeature('', 'windmill_adaptive_zone'), 'anonymous')).body)
    expect(windZones.features).toHaveLength(1)
  })

  it('the grid layer gives the cells of the modules whose MOD code the caller holds, inside the ranges', async () => {
    expect((await get(getFeature('', 'grid_statistics_default'), 'anonymous')).statusCode).toBe(401)
    const province = JSON.parse((await get(getFeature('', 'grid_statistics_default'), 'province')).body)
    expect(
      province.features.map((f: { properties: { module: string; county_code: string; num: number; level: number } }) => f.properties),
    ).toEqual([expect.objectContaining({ module: 'pvland', county_code: HOHHOT, num: 2, level: 13 })])
    const wind = JSON.parse((await get(getFeature('', 'grid_statistics_default'), 'noCode')).body)
    expect(wind.features.map((f: { properties: { module: string; level: number } }) => [f.properties.module, f.properties.level])).toEqual([
      ['windmill', 14],
    ])
  })

  it('the service area and the acquisition report are public', async () => {
    const platform = JSON.parse((await get(getFeature('', 'cloudPlatform'), 'anonymous')).body)
    expect(platform.features).toHaveLength(1)
    expect(platform.features[0].properties.province_count).toBeGreaterThanOrEqual(31)
    const report = await get(getFeature('&COUNT=1', 'acquisition_report'), 'anonymous')
    expect(report.statusCode).toBe(200)
  })
})

const run = promisify(execFile)
const hasGdal = await run('ogrinfo', ['--version']).then(
  () => true,
  () => false,
)

describe.skipIf(!hasGdal && process.env.CI !== 'true')('GDAL (ogrinfo) as a WFS client of the monitoring layers', () => {
  const ogrinfo = async (args: string[], headers?: string) => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' }).catch(() => undefined)
    const { port } = ctx.app.server.address() as { port: number }
    return run('ogrinfo', ['-ro', `WFS:http://127.0.0.1:${port}/map/wfs`, ...args], {
      timeout: 60_000,
      env: { ...process.env, GDAL_HTTP_TIMEOUT: '30', CPL_VSIL_CURL_USE_CACHE: 'NO', ...(headers ? { GDAL_HTTP_HEADERS: headers } : {}) },
    })
  }

  it('reads the public adaptive-zone layer with its Chinese zone name', async () => {
    const read = await ogrinfo(['pvland_adaptive_zone', '-where', "zone_name = '呼和浩特光伏'"])
    expect(read.stdout).toContain('zone_name (String) = 呼和浩特光伏')
    expect(read.stdout).toMatch(/site_count \(\w+\) = 2/)
    expect(read.stdout).toMatch(/MULTI(SURFACE|POLYGON) \(\(\(11\d\.\d+ 4\d\.\d+/)
  })

  it('reads a spot layer only with the token header (GDAL_HTTP_HEADERS), and only the caller’s features', async () => {
    // without it GDAL reads the schema (DescribeFeatureType is public) but the features answer 401
    const anonymous = await ogrinfo(['pvland_meta']).then(
      (r) => `${r.stdout}${r.stderr}`,
      (e: { stdout?: string; stderr?: string }) => `${e.stdout ?? ''}${e.stderr ?? ''}`,
    )
    expect(anonymous).toContain('HTTP error code : 401')
    expect(anonymous).not.toContain('OGRFeature(pvland_meta)')
    const read = await ogrinfo(['pvland_meta', '-so'], `token: ${tokens.province}`)
    expect(read.stdout).toContain('Feature Count: 2')
  })
})
