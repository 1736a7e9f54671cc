import { createCanvas, loadImage } from '@napi-rs/canvas'
import { type RawBuilder, sql } from 'kysely'
import MVT from 'ol/format/MVT.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../test/test-context'

/**
 * The countries come from world-atlas, drawn for the sphere: rings that cross the antimeridian
 * (Russia, Fiji) or go round the pole (Antarctica) must arrive cut at ±180, or every planar
 * renderer (WMS, vector tiles, OpenLayers) draws bands across the whole world.
 */

let ctx: TestContext

beforeAll(async () => {
  ctx = await createTestContext()
})
afterAll(async () => {
  await ctx?.close()
})

const query = async <T>(statement: RawBuilder<T>) => (await statement.execute(ctx.database.db)).rows

interface Shape {
  xmin: number
  xmax: number
  ymin: number
  ymax: number
  km2: number
  valid: boolean
}

async function shape(code: string): Promise<Shape> {
  const [row] = await query(sql<Shape>`
    SELECT ST_XMin(geom) AS xmin, ST_XMax(geom) AS xmax, ST_YMin(geom) AS ymin, ST_YMax(geom) AS ymax,
      ST_Area(geom::geography) / 1e6 AS km2, ST_IsValid(geom) AS valid
    FROM global_region WHERE code = ${code}`)
  if (!row) throw new Error(`no country ${code}`)
  return row
}

describe('country shapes in EPSG:4326', () => {
  it('have no edge spanning more than 180° of longitude', async () => {
    const rows = await query(sql<{ code: string; name_en: string; edges: number }>`
      SELECT g.code, g.name_en, count(*)::int AS edges
      FROM global_region g, ST_DumpSegments(g.geom) s
      WHERE abs(ST_X(ST_EndPoint(s.geom)) - ST_X(ST_StartPoint(s.geom))) > 180
      GROUP BY g.code, g.name_en ORDER BY g.code`)
    expect(rows).toEqual([])
  })

  it('are all valid multipolygons within ±180 and ±90', async () => {
    const rows = await query(sql<{ code: string }>`
      SELECT code FROM global_region
      WHERE NOT ST_IsValid(geom) OR GeometryType(geom) <> 'MULTIPOLYGON'
        OR ST_XMin(geom) < -180 OR ST_XMax(geom) > 180 OR ST_YMin(geom) < -90 OR ST_YMax(geom) > 90`)
    expect(rows).toEqual([])
  })

  it('cut Russia at the antimeridian, its area unchanged', async () => {
    const russia = await shape('643')
    expect(russia.valid).toBe(true)
    // Chukotka lies on both sides of 180°
    expect(russia.xmin).toBeLessThan(-179.9)
    expect(russia.xmax).toBeGreaterThan(179.9)
    // world-atlas's Russia measured on the sphere: 16,973,587 km² (the shape with the bands measured 19.43 million)
    expect(Math.abs(russia.km2 / 16_973_587 - 1)).toBeLessThan(0.01)
    const [parts] = await query(sql<{ east: number; west: number }>`
      SELECT count(*) FILTER (WHERE ST_XMax(d.geom) >= 179.99)::int AS east, count(*) FILTER (WHERE ST_XMin(d.geom) <= -179.99)::int AS west
      FROM global_region g, ST_Dump(g.geom) d WHERE g.code = '643'`)
    expect(parts?.east).toBeGreaterThan(0)
    expect(parts?.west).toBeGreaterThan(0)
  })

  it('cut Fiji at the antimeridian', async () => {
    const fiji = await shape('242')
    expect(fiji.xmin).toBeLessThan(-179.9)
    expect(fiji.xmax).toBeGreaterThan(179.9)
    expect(Math.abs(fiji.km2 / 18_338 - 1)).toBeLessThan(0.03)
  })

  it('has the Antarctic continent, reaching the pole across every longitude', async () => {
    const antarctica = await shape('010')
    expect(antarctica.valid).toBe(true)
    expect(antarctica.xmin).toBe(-180)
    expect(antarctica.xmax).toBe(180)
    expect(antarctica.ymin).toBe(-90)
    // the continent with its ice shelves as Natural Earth draws it (the islands alone are 0.19 million km²)
    expect(antarctica.km2).toBeGreaterThan(12_000_000)
    expect(antarctica.km2).toBeLessThan(14_500_000)
    const [pole] = await query(sql<{ inside: boolean }>`
      SELECT ST_Intersects(geom, ST_SetSRID(ST_MakePoint(0, -89.5), 4326)) AND ST_Intersects(geom, ST_SetSRID(ST_MakePoint(179.9, -85), 4326))
        AND ST_Intersects(geom, ST_SetSRID(ST_MakePoint(-179.9, -85), 4326)) AS inside
      FROM global_region WHERE code = '010'`)
    expect(pole?.inside).toBe(true)
  })
})

describe('China region shapes', () => {
  it('stay far from the antimeridian: no shape is even 180° wide', async () => {
    const [row] = await query(sql<{ widest: number; xmin: number; xmax: number }>`
      SELECT max(ST_XMax(geom) - ST_XMin(geom)) AS widest, min(ST_XMin(geom)) AS xmin, max(ST_XMax(geom)) AS xmax FROM region WHERE geom IS NOT NULL`)
    expect(row?.widest).toBeLessThan(70)
    expect(row?.xmin).toBeGreaterThan(73)
    expect(row?.xmax).toBeLessThan(136)
  })
})

async function alpha(png: Buffer) {
  const image = await loadImage(png)
  const canvas = createCanvas(image.width, image.height)
  const c2d = canvas.getContext('2d')
  c2d.drawImage(image, 0, 0)
  const data = c2d.getImageData(0, 0, image.width, image.height).data
  return (x: number, y: number) => data[(y * image.width + x) * 4 + 3] as number
}

describe('drawn and tiled countries', () => {
  it('WMS draws no band across the open sea where Russia and Fiji used to wrap round', async () => {
    // 2 pixels a degree: column = (lon + 180) * 2, row = (90 - lat) * 2
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/map/wms?SERVICE=WMS&VERSION=1.3.0&REQUEST=GetMap&LAYERS=global_region&STYLES=&CRS=CRS:84&BBOX=-180,-90,180,90&WIDTH=720&HEIGHT=360&FORMAT=image/png&TRANSPARENT=TRUE',
    })
    expect(res.statusCode).toBe(200)
    const at = await alpha(res.rawPayload)
    const px = (lon: number, lat: number) => at(Math.round((lon + 180) * 2), Math.round((90 - lat) * 2))
    // Norwegian Sea (Russia's bands at 65–69°N and 71°N), open Pacific and Indian Ocean (Fiji's at 16.5°S)
    for (const lon of [0, 5]) for (const lat of [65.5, 67, 68.5, 71.2]) expect(px(lon, lat), `${lon} ${lat}`).toBe(0)
    for (const lon of [-120, -100, 80]) for (const lat of [-16, -16.5, -17]) expect(px(lon, lat), `${lon} ${lat}`).toBe(0)
    // while the countries themselves are drawn: Siberia, Chukotka, Antarctica
    expect(px(100, 65)).toBeGreaterThan(0)
    expect(px(-175, 66.5)).toBeGreaterThan(0)
    expect(px(0, -80)).toBeGreaterThan(0)
  })

  it('vector tiles carry no Russia in the North Atlantic and no world-wide Fiji', async () => {
    const features = async (z: number, x: number, y: number) => {
      const res = await ctx.app.inject({ method: 'GET', url: `/map/tiles/global_region/${z}/${x}/${y}.mvt` })
      expect(res.statusCode).toBe(200)
      return new MVT().readFeatures(new Uint8Array(res.rawPayload).buffer)
    }
    // z3 tile 3/1: 45°W–0°, 66.5–79.2°N (Greenland, Iceland, Svalbard's west); Russia begins at 27°E
    const north = await features(3, 3, 1)
    expect(north.map((f) => f.get('code'))).not.toContain('643')
    // z3 tile 0/4: 180–135°W, 0–41°S: Fiji's eastern islands only, near the tile's west edge
    const south = await features(3, 0, 4)
    const fiji = south.filter((f) => f.get('code') === '242')
    expect(fiji.length).toBeGreaterThan(0)
    for (const f of fiji) {
      const [minx, , maxx] = f.getGeometry()?.getExtent() ?? [0, 0, 0, 0]
      expect((maxx as number) - (minx as number)).toBeLessThan(1024)
    }
  })
})
