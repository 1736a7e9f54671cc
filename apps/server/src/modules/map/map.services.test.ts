import { createCanvas, loadImage } from '@napi-rs/canvas'
import { DOMParser } from '@xmldom/xmldom'
import { sql } from 'kysely'
import MVT from 'ol/format/MVT.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BEIJING_CENTER, insertMapFixtures } from '../../../test-support/map.fixtures'
import { createTestContext, type TestContext } from '../../test/test-context'

let ctx: TestContext

beforeAll(async () => {
  ctx = await createTestContext()
  await insertMapFixtures(ctx.database.db)
})

afterAll(async () => {
  await ctx?.close()
})

const get = (url: string) => ctx.app.inject({ method: 'GET', url })

/** Parses XML strictly: a well-formedness error fails the test. */
function parseXml(text: string) {
  return new DOMParser({
    onError: (level, message) => {
      if (level !== 'warning') throw new Error(`XML ${level}: ${message}`)
    },
  }).parseFromString(text, 'text/xml')
}

const texts = (doc: ReturnType<typeof parseXml>, localName: string) =>
  Array.from(doc.getElementsByTagNameNS('*', localName)).map((e) => (e.textContent ?? '').trim())

async function pixels(png: Buffer) {
  const image = await loadImage(png)
  const canvas = createCanvas(image.width, image.height)
  const c2d = canvas.getContext('2d')
  c2d.drawImage(image, 0, 0)
  const data = c2d.getImageData(0, 0, image.width, image.height).data
  return {
    width: image.width,
    height: image.height,
    alphaAt: (x: number, y: number) => data[(y * image.width + x) * 4 + 3] as number,
    opaqueCount: () => {
      let n = 0
      for (let i = 3; i < data.length; i += 4) if ((data[i] as number) > 0) n++
      return n
    },
  }
}

async function provinceCount() {
  const r = await sql<{ n: number }>`SELECT count(*)::int AS n FROM region WHERE level = 'province' AND geom IS NOT NULL`.execute(
    ctx.database.db,
  )
  return r.rows[0]?.n ?? 0
}

describe('WMS 1.3.0', () => {
  it('answers capabilities as well-formed XML listing the layers, CRSs, bounding boxes and formats', async () => {
    const res = await get('/map/wms?SERVICE=WMS&REQUEST=GetCapabilities&VERSION=1.3.0')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('xml')
    const doc = parseXml(res.body)
    expect(doc.documentElement?.localName).toBe('WMS_Capabilities')
    const names = texts(doc, 'Name')
    for (const layer of ['region', 'region_province', 'region_city', 'region_county', 'global_region']) expect(names).toContain(layer)
    expect(texts(doc, 'CRS')).toEqual(expect.arrayContaining(['EPSG:4326', 'EPSG:3857', 'CRS:84']))
    expect(texts(doc, 'Format')).toEqual(expect.arrayContaining(['image/png', 'application/json', 'text/html', 'text/xml']))
    expect(res.body).toContain('省级行政区')
    // EPSG:4326 bounding boxes in 1.3.0 are latitude first: Beijing (lat ~40) is inside minx..maxx of region_province
    const boxes = Array.from(doc.getElementsByTagNameNS('*', 'BoundingBox')).filter(
      (b) =>
        b.getAttribute('CRS') === 'EPSG:4326' &&
        (b.parentNode as unknown as { getElementsByTagNameNS: typeof doc.getElementsByTagNameNS }).getElementsByTagNameNS('*', 'Name')[0]
          ?.textContent === 'region_province',
    )
    expect(boxes).toHaveLength(1)
    const box = boxes[0]
    expect(Number(box?.getAttribute('minx'))).toBeLessThan(BEIJING_CENTER[1])
    expect(Number(box?.getAttribute('maxx'))).toBeGreaterThan(BEIJING_CENTER[1])
    expect(Number(box?.getAttribute('maxy'))).toBeGreaterThan(BEIJING_CENTER[0])
  })

  it('draws provinces into a PNG of the requested size, opaque where China is and transparent elsewhere', async () => {
    // EPSG:4326 in 1.3.0: BBOX is minLat,minLon,maxLat,maxLon
    const res = await get(
      '/map/wms?SERVICE=WMS&VERSION=1.3.0&REQUEST=GetMap&LAYERS=region_province&STYLES=&CRS=EPSG:4326&BBOX=15,70,55,140&WIDTH=512&HEIGHT=400&FORMAT=image/png&TRANSPARENT=TRUE',
    )
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('image/png')
    const img = await pixels(res.rawPayload)
    expect([img.width, img.height]).toEqual([512, 400])
    const px = (lon: number, lat: number) => [Math.floor(((lon - 70) / 70) * 512), Math.floor(((55 - lat) / 40) * 400)] as const
    expect(img.alphaAt(...px(...BEIJING_CENTER))).toBeGreaterThan(0)
    expect(img.alphaAt(...px(113.3, 23.2))).toBeGreaterThan(0) // Guangzhou
    expect(img.alphaAt(...px(75, 20))).toBe(0) // Arabian Sea
    expect(img.alphaAt(5, 5)).toBe(0)
  })

  it('reads EPSG:3857 boxes as x,y and CRS:84 as lon,lat; opaque background when not transparent', async () => {
    const merc = await get(
      '/map/wms?SERVICE=WMS&VERSION=1.3.0&REQUEST=GetMap&LAYERS=region&STYLES=&CRS=EPSG:3857&BBOX=12800000,4700000,13100000,5000000&WIDTH=256&HEIGHT=256&FORMAT=image/png&TRANSPARENT=TRUE',
    )
    expect(merc.statusCode).toBe(200)
    const m = await pixels(merc.rawPayload)
    // Beijing in metres: x 12958000, y 4853000
    expect(m.alphaAt(Math.floor(((12958000 - 12800000) / 300000) * 256), Math.floor(((5000000 - 4853000) / 300000) * 256))).toBeGreaterThan(
      0,
    )
    const crs84 = await get(
      '/map/wms?SERVICE=WMS&VERSION=1.3.0&REQUEST=GetMap&LAYERS=global_region&STYLES=default&CRS=CRS:84&BBOX=60,10,150,60&WIDTH=300&HEIGHT=200&FORMAT=image/png',
    )
    expect(crs84.statusCode).toBe(200)
    const c = await pixels(crs84.rawPayload)
    expect(c.opaqueCount()).toBe(300 * 200)
  })

  it('answers GetFeatureInfo at Beijing with 北京市 in JSON, HTML and XML', async () => {
    // a 101×101 image centred on Beijing: pixel (50, 50) is the centre
    const [lon, lat] = BEIJING_CENTER
    const bbox = `${lat - 0.5},${lon - 0.5},${lat + 0.5},${lon + 0.5}`
    const base = `/map/wms?SERVICE=WMS&VERSION=1.3.0&REQUEST=GetFeatureInfo&LAYERS=region_province&QUERY_LAYERS=region_province&STYLES=&CRS=EPSG:4326&BBOX=${bbox}&WIDTH=101&HEIGHT=101&I=50&J=50`
    const json = await get(`${base}&INFO_FORMAT=application/json`)
    expect(json.statusCode).toBe(200)
    const body = json.json()
    expect(body.features).toHaveLength(1)
    expect(body.features[0].properties).toMatchObject({ code: '110000', name: '北京市', level: 'province' })
    const html = await get(`${base}&INFO_FORMAT=text/html`)
    expect(html.headers['content-type']).toContain('text/html')
    expect(html.body).toContain('北京市')
    const xml = await get(`${base}&INFO_FORMAT=text/xml`)
    expect(texts(parseXml(xml.body), 'Field')).toContain('北京市')
    // the whole-region layer with several hits ordered by code: province first, then city and county
    const all = await get(base.replaceAll('region_province', 'region').concat('&INFO_FORMAT=application/json&FEATURE_COUNT=5'))
    const names = all.json().features.map((f: { properties: { name: string } }) => f.properties.name)
    expect(names[0]).toBe('北京市')
    expect(names).toContain('东城区')
  })

  it('accepts a WMS 1.1.1 GetMap with SRS and lon/lat EPSG:4326 order', async () => {
    const res = await get(
      '/map/wms?SERVICE=WMS&VERSION=1.1.1&REQUEST=GetMap&LAYERS=region_province&STYLES=&SRS=EPSG:4326&BBOX=116,39.5,117,40.5&WIDTH=64&HEIGHT=64&FORMAT=image/png&TRANSPARENT=TRUE',
    )
    expect(res.statusCode).toBe(200)
    expect((await pixels(res.rawPayload)).alphaAt(32, 32)).toBeGreaterThan(0)
  })
})

describe('WFS 2.0.0', () => {
  it('answers capabilities and a DescribeFeatureType schema', async () => {
    const caps = await get('/map/wfs?SERVICE=WFS&REQUEST=GetCapabilities')
    expect(caps.statusCode).toBe(200)
    const doc = parseXml(caps.body)
    expect(doc.documentElement?.localName).toBe('WFS_Capabilities')
    expect(texts(doc, 'Name')).toEqual(expect.arrayContaining(['rs:region', 'rs:region_province', 'rs:global_region']))
    const schema = await get('/map/wfs?SERVICE=WFS&VERSION=2.0.0&REQUEST=DescribeFeatureType&TYPENAMES=rs:region_province')
    expect(schema.statusCode).toBe(200)
    const xsd = parseXml(schema.body)
    const elements = Array.from(xsd.getElementsByTagNameNS('http://www.w3.org/2001/XMLSchema', 'element')).map((e) =>
      e.getAttribute('name'),
    )
    expect(elements).toEqual(expect.arrayContaining(['code', 'name', 'level', 'area_km2', 'geom', 'region_province']))
  })

  it('pages provinces in a stable order with COUNT and STARTINDEX, and counts with RESULTTYPE=hits', async () => {
    const total = await provinceCount()
    const hits = await get('/map/wfs?SERVICE=WFS&VERSION=2.0.0&REQUEST=GetFeature&TYPENAMES=region_province&RESULTTYPE=hits')
    expect(hits.statusCode).toBe(200)
    const hitsDoc = parseXml(hits.body)
    expect(hitsDoc.documentElement?.getAttribute('numberMatched')).toBe(String(total))
    expect(hitsDoc.documentElement?.getAttribute('numberReturned')).toBe('0')

    const codes: string[] = []
    for (let start = 0; start < total; start += 2) {
      const page = await get(
        `/map/wfs?SERVICE=WFS&VERSION=2.0.0&REQUEST=GetFeature&TYPENAMES=region_province&COUNT=2&STARTINDEX=${start}&OUTPUTFORMAT=application/json`,
      )
      expect(page.statusCode).toBe(200)
      const fc = page.json()
      expect(fc.numberMatched).toBe(total)
      expect(fc.features.length).toBeLessThanOrEqual(2)
      codes.push(...fc.features.map((f: { properties: { code: string } }) => f.properties.code))
    }
    expect(codes).toHaveLength(total)
    expect([...codes].sort()).toEqual(codes)
    expect(new Set(codes).size).toBe(total)
  })

  it('filters with FES PropertyIsEqualTo, PropertyIsLike, And and BBOX; returns GeoJSON and GML 3.2', async () => {
    const equal = encodeURIComponent(
      '<fes:Filter xmlns:fes="http://www.opengis.net/fes/2.0"><fes:PropertyIsEqualTo><fes:ValueReference>name</fes:ValueReference><fes:Literal>北京市</fes:Literal></fes:PropertyIsEqualTo></fes:Filter>',
    )
    const json = await get(
      `/map/wfs?SERVICE=WFS&VERSION=2.0.0&REQUEST=GetFeature&TYPENAMES=rs:region&FILTER=${equal}&OUTPUTFORMAT=application/json`,
    )
    expect(json.statusCode).toBe(200)
    const fc = json.json()
    expect(fc.features).toHaveLength(1)
    expect(fc.features[0]).toMatchObject({ id: 'region.110000', properties: { name: '北京市', level: 'province' } })
    expect(fc.features[0].geometry.type).toBe('MultiPolygon')
    const [lon, lat] = fc.features[0].geometry.coordinates[0][0][0]
    expect(lon).toBeGreaterThan(115) // GeoJSON is always longitude first
    expect(lat).toBeLessThan(42)

    const like = encodeURIComponent(
      '<Filter xmlns="http://www.opengis.net/fes/2.0"><And><PropertyIsLike wildCard="*" singleChar="." escapeChar="!"><ValueReference>name</ValueReference><Literal>*市</Literal></PropertyIsLike><PropertyIsEqualTo><ValueReference>level</ValueReference><Literal>province</Literal></PropertyIsEqualTo></And></Filter>',
    )
    const gml = await get(`/map/wfs?SERVICE=WFS&VERSION=2.0.0&REQUEST=GetFeature&TYPENAMES=region&FILTER=${like}`)
    expect(gml.statusCode).toBe(200)
    expect(gml.headers['content-type']).toContain('application/gml+xml; version=3.2')
    const doc = parseXml(gml.body)
    const names = texts(doc, 'name')
    const expected = await sql<{
      name: string
    }>`SELECT name FROM region WHERE level = 'province' AND name LIKE '%市' ORDER BY code`.execute(ctx.database.db)
    expect(names).toEqual(expected.rows.map((r) => r.name))
    expect(names).toContain('北京市')
    expect(names).not.toContain('河北省')
    expect(doc.getElementsByTagNameNS('http://www.opengis.net/gml/3.2', 'posList').length).toBeGreaterThan(0)
    // GML in EPSG:4326 is latitude first
    const first = texts(doc, 'posList')[0]?.split(/\s+/).map(Number) ?? []
    expect(first[0]).toBeLessThan(60)
    expect(first[1]).toBeGreaterThan(70)

    // BBOX around Shanghai (WFS 2.0 default CRS EPSG:4326 is latitude first)
    const box = await get(
      '/map/wfs?SERVICE=WFS&VERSION=2.0.0&REQUEST=GetFeature&TYPENAMES=region_province&BBOX=31.1,121.3,31.3,121.5&OUTPUTFORMAT=application/json',
    )
    expect(box.json().features.map((f: { properties: { name: string } }) => f.properties.name)).toEqual(['上海市'])
    const box84 = await get(
      '/map/wfs?SERVICE=WFS&VERSION=2.0.0&REQUEST=GetFeature&TYPENAMES=region_province&BBOX=121.3,31.1,121.5,31.3,urn:ogc:def:crs:OGC:1.3:CRS84&OUTPUTFORMAT=application/json',
    )
    expect(box84.json().features).toHaveLength(1)
    const byId = await get('/map/wfs?SERVICE=WFS&VERSION=2.0.0&REQUEST=GetFeature&RESOURCEID=region.440000&OUTPUTFORMAT=application/json')
    expect(byId.json().features[0].properties.name).toBe('广东省')
  })
  it('decodes character references to allowed characters in a FES literal, and leaves CDATA text as it is', async () => {
    const filter = (literal: string) =>
      `/map/wfs?SERVICE=WFS&VERSION=2.0.0&REQUEST=GetFeature&TYPENAMES=region_province&OUTPUTFORMAT=application/json&FILTER=${encodeURIComponent(
        `<Filter><PropertyIsEqualTo><ValueReference>name</ValueReference><Literal>${literal}</Literal></PropertyIsEqualTo></Filter>`,
      )}`
    const referenced = await get(filter('&#x5317;&#20140;&#x5E02;'))
    expect(referenced.statusCode).toBe(200)
    expect(referenced.json().features.map((f: { properties: { name: string } }) => f.properties.name)).toEqual(['北京市'])
    const cdata = await get(filter('<![CDATA[&#0;]]>'))
    expect(cdata.statusCode).toBe(200)
    expect(cdata.json().features).toEqual([])
  })
})

describe('WMTS 1.0.0 and vector tiles', () => {
  it('answers capabilities with the GoogleMapsCompatible set and a PNG tile', async () => {
    const caps = await get('/map/wmts?SERVICE=WMTS&REQUEST=GetCapabilities')
    expect(caps.statusCode).toBe(200)
    const doc = parseXml(caps.body)
    expect(texts(doc, 'Identifier')).toEqual(expect.arrayContaining(['region_province', 'GoogleMapsCompatible', '0', '18']))
    // z=4 tile with Beijing: x=13, y=6
    const tile = await get(
      '/map/wmts?SERVICE=WMTS&REQUEST=GetTile&VERSION=1.0.0&LAYER=region_province&STYLE=default&TILEMATRIXSET=GoogleMapsCompatible&TILEMATRIX=4&TILEROW=6&TILECOL=13&FORMAT=image/png',
    )
    expect(tile.statusCode).toBe(200)
    const img = await pixels(tile.rawPayload)
    expect([img.width, img.height]).toEqual([256, 256])
    expect(img.opaqueCount()).toBeGreaterThan(100)
    const rest = await get('/map/wmts/1.0.0/region_province/default/GoogleMapsCompatible/4/6/13.png')
    expect(rest.statusCode).toBe(200)
    expect(rest.rawPayload.equals(tile.rawPayload)).toBe(true)
  })

  it('serves a Mapbox vector tile that decodes with Chinese names intact', async () => {
    const res = await get('/map/tiles/region_province/4/13/6.mvt')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/vnd.mapbox-vector-tile')
    const features = new MVT().readFeatures(new Uint8Array(res.rawPayload).buffer)
    const names = features.map((f) => f.get('name'))
    expect(names).toEqual(expect.arrayContaining(['北京市', '天津市', '河北省']))
    expect(features.find((f) => f.get('name') === '北京市')?.get('layer')).toBe('region_province')
    const empty = await get('/map/tiles/region_province/4/0/0.mvt')
    expect(empty.statusCode).toBe(200)
    expect(new MVT().readFeatures(new Uint8Array(empty.rawPayload).buffer)).toHaveLength(0)
  })
})

describe('hostile and broken requests answer OGC exception reports', () => {
  const cases: Array<[string, string, number, string, RegExp]> = [
    [
      'unknown layer',
      '/map/wms?SERVICE=WMS&VERSION=1.3.0&REQUEST=GetMap&LAYERS=users&STYLES=&CRS=EPSG:4326&BBOX=0,0,1,1&WIDTH=10&HEIGHT=10&FORMAT=image/png',
      400,
      'LayerNotDefined',
      /图层“users”不存在/,
    ],
    [
      'layer name with SQL',
      `/map/wms?SERVICE=WMS&VERSION=1.3.0&REQUEST=GetMap&LAYERS=${encodeURIComponent('region;DROP TABLE region')}&STYLES=&CRS=EPSG:4326&BBOX=0,0,1,1&WIDTH=10&HEIGHT=10&FORMAT=image/png`,
      400,
      'LayerNotDefined',
      /不存在/,
    ],
    [
      'bad bbox text',
      '/map/wms?SERVICE=WMS&VERSION=1.3.0&REQUEST=GetMap&LAYERS=region&STYLES=&CRS=EPSG:4326&BBOX=1,2,3,x&WIDTH=10&HEIGHT=10&FORMAT=image/png',
      400,
      'InvalidParameterValue',
      /BBOX/,
    ],
    [
      'inverted bbox',
      '/map/wms?SERVICE=WMS&VERSION=1.3.0&REQUEST=GetMap&LAYERS=region&STYLES=&CRS=EPSG:4326&BBOX=50,0,10,10&WIDTH=10&HEIGHT=10&FORMAT=image/png',
      400,
      'InvalidParameterValue',
      /BBOX/,
    ],
    [
      'latitude beyond 90',
      '/map/wms?SERVICE=WMS&VERSION=1.3.0&REQUEST=GetMap&LAYERS=region&STYLES=&CRS=EPSG:4326&BBOX=0,0,100,10&WIDTH=10&HEIGHT=10&FORMAT=image/png',
      400,
      'InvalidParameterValue',
      /BBOX/,
    ],
    [
      'bad CRS',
      '/map/wms?SERVICE=WMS&VERSION=1.3.0&REQUEST=GetMap&LAYERS=region&STYLES=&CRS=EPSG:9999&BBOX=0,0,1,1&WIDTH=10&HEIGHT=10&FORMAT=image/png',
      400,
      'InvalidCRS',
      /坐标参考系/,
    ],
    [
      'too large image',
      '/map/wms?SERVICE=WMS&VERSION=1.3.0&REQUEST=GetMap&LAYERS=region&STYLES=&CRS=EPSG:4326&BBOX=0,0,1,1&WIDTH=5000&HEIGHT=10&FORMAT=image/png',
      400,
      'InvalidDimensionValue',
      /4096/,
    ],
    [
      'negative size',
      '/map/wms?SERVICE=WMS&VERSION=1.3.0&REQUEST=GetMap&LAYERS=region&STYLES=&CRS=EPSG:4326&BBOX=0,0,1,1&WIDTH=-5&HEIGHT=10&FORMAT=image/png',
      400,
      'InvalidDimensionValue',
      /WIDTH/,
    ],
    [
      'unknown style',
      '/map/wms?SERVICE=WMS&VERSION=1.3.0&REQUEST=GetMap&LAYERS=region&STYLES=evil&CRS=EPSG:4326&BBOX=0,0,1,1&WIDTH=10&HEIGHT=10&FORMAT=image/png',
      400,
      'StyleNotDefined',
      /样式/,
    ],
    [
      'bad format',
      '/map/wms?SERVICE=WMS&VERSION=1.3.0&REQUEST=GetMap&LAYERS=region&STYLES=&CRS=EPSG:4326&BBOX=0,0,1,1&WIDTH=10&HEIGHT=10&FORMAT=image/svg',
      400,
      'InvalidFormat',
      /格式/,
    ],
    [
      'prototype key as format',
      '/map/wms?SERVICE=WMS&VERSION=1.3.0&REQUEST=GetMap&LAYERS=region&STYLES=&CRS=EPSG:4326&BBOX=0,0,1,1&WIDTH=10&HEIGHT=10&FORMAT=__proto__',
      400,
      'InvalidFormat',
      /格式/,
    ],
    [
      'pixel outside the image',
      '/map/wms?SERVICE=WMS&VERSION=1.3.0&REQUEST=GetFeatureInfo&LAYERS=region&QUERY_LAYERS=region&STYLES=&CRS=EPSG:4326&BBOX=0,0,1,1&WIDTH=10&HEIGHT=10&I=10&J=0&INFO_FORMAT=application/json',
      400,
      'InvalidPoint',
      /像素/,
    ],
    ['missing request', '/map/wms?SERVICE=WMS', 400, 'MissingParameterValue', /REQUEST/],
    ['unknown operation', '/map/wms?SERVICE=WMS&REQUEST=DropEverything', 400, 'OperationNotSupported', /不支持的操作/],
    ['duplicate parameter', '/map/wms?SERVICE=WMS&REQUEST=GetMap&request=GetCapabilities', 400, 'InvalidParameterValue', /多次/],
    ['WFS unknown type', '/map/wfs?SERVICE=WFS&VERSION=2.0.0&REQUEST=GetFeature&TYPENAMES=pg_user', 400, 'InvalidParameterValue', /不存在/],
    [
      'WFS injected property name',
      `/map/wfs?SERVICE=WFS&VERSION=2.0.0&REQUEST=GetFeature&TYPENAMES=region&FILTER=${encodeURIComponent('<Filter><PropertyIsEqualTo><ValueReference>name) OR (1=1</ValueReference><Literal>x</Literal></PropertyIsEqualTo></Filter>')}`,
      400,
      'InvalidParameterValue',
      /属性/,
    ],
    [
      'WFS filter that is not XML',
      `/map/wfs?SERVICE=WFS&VERSION=2.0.0&REQUEST=GetFeature&TYPENAMES=region&FILTER=${encodeURIComponent("name='x' OR 1=1")}`,
      400,
      'InvalidParameterValue',
      /FILTER/,
    ],
    [
      'WFS filter with an entity',
      `/map/wfs?SERVICE=WFS&VERSION=2.0.0&REQUEST=GetFeature&TYPENAMES=region&FILTER=${encodeURIComponent('<!DOCTYPE f [<!ENTITY x SYSTEM "file:///etc/passwd">]><Filter><PropertyIsEqualTo><ValueReference>name</ValueReference><Literal>&x;</Literal></PropertyIsEqualTo></Filter>')}`,
      400,
      'InvalidParameterValue',
      /DOCTYPE/,
    ],
    ...(
      [
        ['&#x0;', 'U+0000'],
        ['&#0;', 'U+0000'],
        ['&#x00000;', 'U+0000'],
        ['&#1;', 'U+0001'],
        ['&#x1F;', 'U+001F'],
        ['&#xD800;', 'U+D800'],
        ['&#xFFFE;', 'U+FFFE'],
        ['&#65535;', 'U+FFFF'],
        ['&#x110000;', 'U+110000'],
      ] as const
    ).map(([reference, character]): [string, string, number, string, RegExp] => [
      `WFS filter literal with the character reference ${reference}`,
      `/map/wfs?SERVICE=WFS&VERSION=2.0.0&REQUEST=GetFeature&TYPENAMES=region&FILTER=${encodeURIComponent(`<Filter><PropertyIsEqualTo><ValueReference>name</ValueReference><Literal>a${reference}b</Literal></PropertyIsEqualTo></Filter>`)}`,
      400,
      'InvalidParameterValue',
      new RegExp(`不允许的字符引用（${reference}，即 ${character.replace('+', '\\+')}），位置：FILTER`),
    ]),
    [
      'WFS filter attribute with a character reference to a control character',
      `/map/wfs?SERVICE=WFS&VERSION=2.0.0&REQUEST=GetFeature&TYPENAMES=region&FILTER=${encodeURIComponent('<Filter><PropertyIsLike wildCard="&#2;" singleChar="_" escapeChar="!"><ValueReference>name</ValueReference><Literal>北京</Literal></PropertyIsLike></Filter>')}`,
      400,
      'InvalidParameterValue',
      /不允许的字符引用（&#2;，即 U\+0002）/,
    ],
    [
      'WFS unsupported function',
      `/map/wfs?SERVICE=WFS&VERSION=2.0.0&REQUEST=GetFeature&TYPENAMES=region&FILTER=${encodeURIComponent('<Filter><Function name="pg_sleep"><Literal>10</Literal></Function></Filter>')}`,
      400,
      'InvalidParameterValue',
      /不支持的过滤运算/,
    ],
    [
      'WFS prototype key as operator',
      `/map/wfs?SERVICE=WFS&VERSION=2.0.0&REQUEST=GetFeature&TYPENAMES=region&FILTER=${encodeURIComponent('<Filter><constructor><ValueReference>name</ValueReference><Literal>x</Literal></constructor></Filter>')}`,
      400,
      'InvalidParameterValue',
      /不支持的过滤运算/,
    ],
    [
      'WFS number compared with text',
      `/map/wfs?SERVICE=WFS&VERSION=2.0.0&REQUEST=GetFeature&TYPENAMES=region&FILTER=${encodeURIComponent('<Filter><PropertyIsGreaterThan><ValueReference>area_km2</ValueReference><Literal>1; DROP TABLE region</Literal></PropertyIsGreaterThan></Filter>')}`,
      400,
      'InvalidParameterValue',
      /不是数字/,
    ],
    [
      'WFS bad count',
      '/map/wfs?SERVICE=WFS&VERSION=2.0.0&REQUEST=GetFeature&TYPENAMES=region&COUNT=1e9',
      400,
      'InvalidParameterValue',
      /COUNT/,
    ],
    [
      'WMS image over the cost cap (width × height × layers)',
      '/map/wms?SERVICE=WMS&VERSION=1.3.0&REQUEST=GetMap&LAYERS=region,region_province,region_city&CRS=CRS:84&BBOX=70,15,140,55&WIDTH=4096&HEIGHT=4096',
      400,
      'InvalidParameterValue',
      /图像过大.*最多 16777216/,
    ],
    [
      'WFS bad sort',
      '/map/wfs?SERVICE=WFS&VERSION=2.0.0&REQUEST=GetFeature&TYPENAMES=region&SORTBY=name;DROP',
      400,
      'InvalidParameterValue',
      /SORTBY/,
    ],
    [
      'WFS bad bbox CRS',
      '/map/wfs?SERVICE=WFS&VERSION=2.0.0&REQUEST=GetFeature&TYPENAMES=region&BBOX=1,2,3,4,EPSG:1',
      400,
      'InvalidParameterValue',
      /坐标参考系/,
    ],
    ['WFS bad version', '/map/wfs?SERVICE=WFS&VERSION=9.9&REQUEST=GetFeature&TYPENAMES=region', 400, 'InvalidParameterValue', /版本/],
    [
      'WMTS tile out of range',
      '/map/wmts?SERVICE=WMTS&REQUEST=GetTile&VERSION=1.0.0&LAYER=region&STYLE=default&TILEMATRIXSET=GoogleMapsCompatible&TILEMATRIX=2&TILEROW=4&TILECOL=0&FORMAT=image/png',
      400,
      'TileOutOfRange',
      /TILEROW/,
    ],
    [
      'WMTS unknown matrix set',
      '/map/wmts?SERVICE=WMTS&REQUEST=GetTile&VERSION=1.0.0&LAYER=region&STYLE=default&TILEMATRIXSET=EPSG:999&TILEMATRIX=2&TILEROW=0&TILECOL=0&FORMAT=image/png',
      400,
      'InvalidParameterValue',
      /切片矩阵集/,
    ],
    ['MVT unknown layer', '/map/tiles/app_user/0/0/0.mvt', 404, 'InvalidParameterValue', /不存在/],
    ['MVT tile outside the zoom level', '/map/tiles/region/2/9/0.mvt', 400, 'TileOutOfRange', /瓦片地址无效/],
    ['unknown map path', '/map/nothing', 404, 'InvalidParameterValue', /地址不存在/],
  ]

  it.each(cases)('%s', async (_label, url, status, code, message) => {
    const res = await get(url)
    expect(res.statusCode).toBe(status)
    expect(res.headers['content-type']).toContain('xml')
    const doc = parseXml(res.body)
    const wms = url.startsWith('/map/wms')
    expect(doc.documentElement?.localName).toBe(wms ? 'ServiceExceptionReport' : 'ExceptionReport')
    const exception = doc.getElementsByTagNameNS('*', wms ? 'ServiceException' : 'Exception')[0]
    expect(exception?.getAttribute(wms ? 'code' : 'exceptionCode')).toBe(code)
    expect(exception?.textContent ?? '').toMatch(message)
  })

  it('left the tables intact after the hostile requests', async () => {
    expect(await provinceCount()).toBeGreaterThanOrEqual(5)
  })
})

describe('cost caps and rate limits of the map services', () => {
  it('cuts a WFS page to 1,000 features and links the next page', async () => {
    await sql`INSERT INTO region (code, name, full_name, level, parent_code, center, geom, area_km2)
      SELECT lpad((900000 + g)::text, 6, '0'), 'T' || g, 'T' || g, 'county', NULL, ST_SetSRID(ST_MakePoint(100, 30), 4326),
             ST_Multi(ST_MakeEnvelope(100, 30, 100.01, 30.01, 4326)), 1
      FROM generate_series(1, 1100) g`.execute(ctx.database.db)
    try {
      const json = await get(
        '/map/wfs?SERVICE=WFS&VERSION=2.0.0&REQUEST=GetFeature&TYPENAMES=region_county&COUNT=10000&OUTPUTFORMAT=application/json',
      )
      expect(json.statusCode).toBe(200)
      const body = json.json()
      expect(body.numberReturned).toBe(1000)
      expect(body.numberMatched).toBeGreaterThan(1000)
      expect(body.features[0].geometry.type).toBe('MultiPolygon')
      const gml = await get('/map/wfs?SERVICE=WFS&VERSION=2.0.0&REQUEST=GetFeature&TYPENAMES=region_county&COUNT=10000')
      const doc = parseXml(gml.body)
      expect(doc.documentElement?.getAttribute('numberReturned')).toBe('1000')
      expect(doc.documentElement?.getAttribute('next')).toContain('STARTINDEX=1000')
    } finally {
      await sql`DELETE FROM region WHERE code >= '900001' AND code <= '901100'`.execute(ctx.database.db)
    }
  })

  it('answers 429 with an OGC exception report past the per-address limit', async () => {
    const limited = await createTestContext({ MAP_REQUESTS_PER_MINUTE: '3' })
    try {
      const url = '/map/wms?SERVICE=WMS&REQUEST=GetCapabilities'
      for (let i = 0; i < 3; i++) expect((await limited.app.inject({ url })).statusCode).toBe(200)
      const refused = await limited.app.inject({ url })
      expect(refused.statusCode).toBe(429)
      const exception = parseXml(refused.body).getElementsByTagNameNS('*', 'ServiceException')[0]
      expect(exception?.textContent).toMatch(/请求过于频繁/)
    } finally {
      await limited.close()
    }
  })
})
