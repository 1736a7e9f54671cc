import type { Polygon as GeoJsonPolygon } from 'geojson'
import Circle from 'ol/geom/Circle'
import Draw from 'ol/interaction/Draw'
import type LayerGroup from 'ol/layer/Group'
import TileLayer from 'ol/layer/Tile'
import { fromLonLat } from 'ol/proj'
import VectorSource from 'ol/source/Vector'
import type XYZ from 'ol/source/XYZ'
import { describe, expect, it, vi } from 'vitest'
import { createAoiLayer, showAoi } from './aoi-layer'
import { createBaseLayers, detectOfflineSource, switchBaseLayer, tiandituUrl, tileUrl } from './base-layers'
import { createDrawInteraction } from './draw'
import { CHINA_BBOX, fitToRegion } from './fit'
import { bboxToPolygon, circleToPolygon, extentToLonLat, lonLatToExtent, toLonLatGeoJSON } from './geometry'
import { formatPointer, pointerLonLat } from './pointer'

const urlsOf = (group: LayerGroup) =>
  group
    .getLayers()
    .getArray()
    .filter((l): l is TileLayer<XYZ> => l instanceof TileLayer)
    .flatMap((l) => l.getSource()?.getUrls() ?? [])

describe('base layers', () => {
  it('offers only the offline VEC base map without a Tianditu key, visible by default', () => {
    const entries = createBaseLayers({ tiandituKey: '', offlineSource: 'mvt' })
    expect(entries.map((e) => e.id)).toEqual(['VEC'])
    expect(entries[0]?.layer.getVisible()).toBe(true)
    expect(urlsOf(entries[0]?.layer as LayerGroup)).toEqual([])
  })

  it('adds Tianditu vector and image, each with its annotation layer, when a key is configured', () => {
    const entries = createBaseLayers({ tiandituKey: 'abc123', offlineSource: 'geojson', fetchJson: vi.fn() })
    expect(entries.map((e) => e.id)).toEqual(['VEC', 'TDT_VEC', 'TDT_IMG'])
    expect(entries.map((e) => e.layer.getVisible())).toEqual([true, false, false])
    const vec = urlsOf(entries[1]?.layer as LayerGroup)
    expect(vec.some((u) => u.includes('LAYER=vec') && u.includes('tk=abc123'))).toBe(true)
    expect(vec.some((u) => u.includes('LAYER=cva'))).toBe(true)
    expect(urlsOf(entries[2]?.layer as LayerGroup).some((u) => u.includes('LAYER=cia'))).toBe(true)
  })

  it('switches to one base layer and falls back to VEC for an unknown id', () => {
    const entries = createBaseLayers({ tiandituKey: 'k', offlineSource: 'mvt' })
    expect(switchBaseLayer(entries, 'TDT_IMG')).toBe('TDT_IMG')
    expect(entries.map((e) => e.layer.getVisible())).toEqual([false, false, true])
    const offline = createBaseLayers({ tiandituKey: '', offlineSource: 'mvt' })
    expect(switchBaseLayer(offline, 'TDT_IMG')).toBe('VEC')
  })

  it('builds the WMTS and vector-tile URLs', () => {
    expect(tiandituUrl('img', 'k')).toContain('t{0-7}.tianditu.gov.cn/img_w/wmts?SERVICE=WMTS&REQUEST=GetTile')
    expect(tiandituUrl('img', 'k')).toContain('TILEMATRIX={z}&TILEROW={y}&TILECOL={x}&tk=k')
    expect(tileUrl('global_region')).toBe('/map/tiles/global_region/{z}/{x}/{y}.mvt')
  })

  it('uses vector tiles only when the map services answer a tile', async () => {
    const tile = vi.fn(
      async () => new Response(new Uint8Array([1, 2]), { headers: { 'content-type': 'application/vnd.mapbox-vector-tile' } }),
    )
    expect(await detectOfflineSource(tile as unknown as typeof fetch)).toBe('mvt')
    const missing = vi.fn(async () => new Response('{"code":404}', { status: 404, headers: { 'content-type': 'application/json' } }))
    expect(await detectOfflineSource(missing as unknown as typeof fetch)).toBe('geojson')
    expect(await detectOfflineSource((async () => Promise.reject(new Error('down'))) as unknown as typeof fetch)).toBe('geojson')
  })
})

describe('geometry helpers', () => {
  it('turns a drawn circle into a 64-sided polygon in WGS84', () => {
    const circle = new Circle(fromLonLat([116.4, 39.9]), 10_000)
    expect(circleToPolygon(circle).getCoordinates()[0]).toHaveLength(65)
    const geo = toLonLatGeoJSON(circle) as GeoJsonPolygon
    expect(geo.type).toBe('Polygon')
    const ring = geo.coordinates[0] ?? []
    expect(ring).toHaveLength(65)
    const lons = ring.map((p) => p[0] as number)
    expect(Math.min(...lons)).toBeGreaterThan(116.2)
    expect(Math.max(...lons)).toBeLessThan(116.6)
  })

  it('round-trips a bbox through the map projection', () => {
    const extent = lonLatToExtent([100, 20, 120, 40])
    expect(extentToLonLat(extent)).toEqual([100, 20, 120, 40])
    expect(bboxToPolygon([1, 2, 3, 4]).coordinates[0]).toEqual([
      [1, 2],
      [3, 2],
      [3, 4],
      [1, 4],
      [1, 2],
    ])
  })

  it('shows the pointer in degrees with six decimals', () => {
    expect(pointerLonLat(fromLonLat([116.3971282, 39.9165271]))).toEqual({ lon: '116.397128', lat: '39.916527' })
    expect(formatPointer(undefined, () => 'x', '移动鼠标')).toBe('移动鼠标')
    expect(formatPointer(fromLonLat([1, 2]), (p) => `经度 ${p.lon}，纬度 ${p.lat}`, '')).toBe('经度 1.000000，纬度 2.000000')
  })
})

describe('drawing and the area layer', () => {
  it('creates a draw interaction per kind', () => {
    const source = new VectorSource()
    for (const kind of ['rectangle', 'polygon', 'circle'] as const)
      expect(createDrawInteraction(kind, source, () => {})).toBeInstanceOf(Draw)
  })

  it('shows one area at a time and answers its extent', () => {
    const layer = createAoiLayer()
    const extent = showAoi(layer, bboxToPolygon([116, 39, 117, 40]))
    expect(extentToLonLat(extent ?? [])).toEqual([116, 39, 117, 40])
    showAoi(layer, bboxToPolygon([100, 30, 101, 31]))
    expect(layer.getSource()?.getFeatures()).toHaveLength(1)
    expect(showAoi(layer, null)).toBeUndefined()
    expect(layer.getSource()?.getFeatures()).toHaveLength(0)
  })
})

describe('fitToRegion', () => {
  const boundary = {
    type: 'Feature' as const,
    geometry: { type: 'Polygon', coordinates: bboxToPolygon([111, 40, 112, 41]).coordinates },
    properties: { code: '150100', name: '呼和浩特市', level: 'city' },
  }

  it('fits to the boundary and answers it for the outline', async () => {
    const view = { fit: vi.fn() }
    const lookup = { boundary: vi.fn(async () => boundary), detail: vi.fn() }
    const result = await fitToRegion(view, '150100', lookup)
    expect(lookup.boundary).toHaveBeenCalledWith('150100')
    expect(result.boundary?.type).toBe('Polygon')
    expect(extentToLonLat(view.fit.mock.calls[0]?.[0])).toEqual([111, 40, 112, 41])
  })

  it('falls back to the bbox of the region detail, then to China', async () => {
    const view = { fit: vi.fn() }
    const detail = { code: '150100', bbox: [110, 39, 113, 42] as [number, number, number, number] }
    const lookup = { boundary: vi.fn(async () => Promise.reject(new Error('404'))), detail: vi.fn(async () => detail as never) }
    const result = await fitToRegion(view, '150100', lookup)
    expect(result.boundary).toBeNull()
    expect(extentToLonLat(view.fit.mock.calls[0]?.[0])).toEqual([110, 39, 113, 42])
    const none = { boundary: vi.fn(async () => Promise.reject(new Error('x'))), detail: vi.fn(async () => Promise.reject(new Error('x'))) }
    await fitToRegion(view, '150100', none)
    expect(extentToLonLat(view.fit.mock.calls[1]?.[0])[0]).toBeCloseTo(CHINA_BBOX[0], 4)
  })

  it('fits the whole country without asking the API', async () => {
    const view = { fit: vi.fn() }
    const lookup = { boundary: vi.fn(), detail: vi.fn() }
    await fitToRegion(view, '100000', lookup)
    expect(lookup.boundary).not.toHaveBeenCalled()
    expect(view.fit).toHaveBeenCalledOnce()
  })
})
