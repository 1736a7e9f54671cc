import { DEFAULTS, WHOLE_COUNTRY_CODE } from '@rs/shared'
import { regionBoundary, regionChildren } from '@rs/shared/api-paths'
import type { FeatureLike } from 'ol/Feature'
import GeoJSON from 'ol/format/GeoJSON'
import MVT from 'ol/format/MVT'
import type BaseLayer from 'ol/layer/Base'
import LayerGroup from 'ol/layer/Group'
import TileLayer from 'ol/layer/Tile'
import VectorLayer from 'ol/layer/Vector'
import VectorTileLayer from 'ol/layer/VectorTile'
import VectorSource from 'ol/source/Vector'
import VectorTileSource from 'ol/source/VectorTile'
import XYZ from 'ol/source/XYZ'
import { Fill, Stroke, Style, Text } from 'ol/style'

/** Base layers a map offers: 'VEC' (offline vector, the default of SPEC §9) and, with a key, Tianditu's. */
export type BaseLayerId = 'VEC' | 'TDT_VEC' | 'TDT_IMG'

export const DEFAULT_BASE_LAYER: BaseLayerId = DEFAULTS.baseLayer

/** Where the offline base map's shapes come from: the vector tiles of /map/tiles, or the region API's GeoJSON. */
export type OfflineSourceKind = 'mvt' | 'geojson'

export interface BaseLayerEntry {
  id: BaseLayerId
  /** Message key of its name in the switch. */
  titleKey: 'map.baseVec' | 'map.baseTdtVec' | 'map.baseTdtImg'
  layer: BaseLayer
}

/** Vector-tile URL template of a layer of the built-in map services. */
export function tileUrl(layer: 'region' | 'global_region'): string {
  return `/map/tiles/${layer}/{z}/{x}/{y}.mvt`
}

/** Sea colour behind the offline base map (the map container's background). */
export const SEA_COLOR = '#dcecf7'
const COUNTRY = new Style({ fill: new Fill({ color: '#f4f1ea' }), stroke: new Stroke({ color: '#b9b2a3', width: 0.8 }) })
const PROVINCE = new Style({ fill: new Fill({ color: '#fbfaf5' }), stroke: new Stroke({ color: '#8a8f99', width: 1 }) })
const CITY = new Style({ stroke: new Stroke({ color: '#b8bcc4', width: 0.6, lineDash: [4, 3] }) })

/** Style of the China region shapes: provinces filled and outlined, cities and counties thin, labels from zoom 5. */
export function regionStyle(feature: FeatureLike, resolution: number): Style | Style[] {
  const level = feature.get('level')
  if (level === 'province') {
    if (resolution > 5000) return PROVINCE
    const label = new Style({
      text: new Text({
        text: String(feature.get('name') ?? ''),
        font: '12px "Noto Sans CJK SC", "Microsoft YaHei", sans-serif',
        fill: new Fill({ color: '#4a4f57' }),
        stroke: new Stroke({ color: '#ffffff', width: 3 }),
        overflow: false,
      }),
    })
    return [PROVINCE, label]
  }
  if (level === 'city' && resolution < 2500) return CITY
  if (level === 'county' && resolution < 300) return CITY
  return []
}

/**
 * The one function to swap the offline base map's source: vector tiles from /map/tiles when the
 * map services serve them, otherwise the provinces' GeoJSON boundaries from the region API.
 */
export function createOfflineSources(kind: OfflineSourceKind, fetchJson: (url: string) => Promise<unknown> = defaultFetchJson) {
  if (kind === 'mvt') {
    return {
      world: new VectorTileSource({ format: new MVT(), url: tileUrl('global_region'), maxZoom: 8 }),
      china: new VectorTileSource({ format: new MVT(), url: tileUrl('region'), maxZoom: 12 }),
    }
  }
  // the source adds what the promise answers; an empty list when the region API has nothing yet
  const china = new VectorSource({
    loader: async (_extent, _resolution, projection) => {
      const children = (await fetchJson(`${regionChildren.path}?code=${WHOLE_COUNTRY_CODE}`)) as { data?: Array<{ code: string }> }
      const format = new GeoJSON()
      const boundaries = await Promise.all(
        (children.data ?? []).map((r) => fetchJson(`${regionBoundary.path}?code=${r.code}`).catch(() => undefined)),
      )
      return boundaries.flatMap((b) => {
        const data = (b as { data?: unknown } | undefined)?.data
        return data ? format.readFeatures(data, { featureProjection: projection }) : []
      })
    },
  })
  return { world: undefined, china }
}

async function defaultFetchJson(url: string): Promise<unknown> {
  const response = await fetch(url, { headers: { accept: 'application/json' } })
  if (!response.ok) throw new Error(`${response.status}`)
  return response.json()
}

/** Asks once whether the map services serve vector tiles; otherwise the GeoJSON source is used. */
export async function detectOfflineSource(fetchFn: typeof fetch = fetch): Promise<OfflineSourceKind> {
  try {
    const response = await fetchFn(tileUrl('region').replace('{z}/{x}/{y}', '0/0/0'), { method: 'GET' })
    const type = response.headers.get('content-type') ?? ''
    return response.ok && !type.includes('json') && !type.includes('html') ? 'mvt' : 'geojson'
  } catch {
    return 'geojson'
  }
}

/** The offline 'VEC' base map: sea colour, world countries, China's regions. Needs no network beyond the portal. */
export function createOfflineBaseLayer(kind: OfflineSourceKind, fetchJson?: (url: string) => Promise<unknown>): LayerGroup {
  const sources = createOfflineSources(kind, fetchJson)
  const layers: BaseLayer[] = []
  if (sources.world instanceof VectorTileSource)
    layers.push(new VectorTileLayer({ source: sources.world, style: COUNTRY, declutter: false }))
  if (sources.china instanceof VectorTileSource)
    layers.push(new VectorTileLayer({ source: sources.china, style: regionStyle, declutter: true }))
  else layers.push(new VectorLayer({ source: sources.china, style: regionStyle, declutter: true }))
  return new LayerGroup({ layers })
}

/** Tianditu WMTS (EPSG:3857 'w' matrix set) tile URL of one layer; {0-7} spreads over its hosts. */
export function tiandituUrl(layer: 'vec' | 'cva' | 'img' | 'cia', key: string): string {
  return (
    `https://t{0-7}.tianditu.gov.cn/${layer}_w/wmts?SERVICE=WMTS&REQUEST=GetTile&VERSION=1.0.0&LAYER=${layer}` +
    `&STYLE=default&TILEMATRIXSET=w&FORMAT=tiles&TILEMATRIX={z}&TILEROW={y}&TILECOL={x}&tk=${encodeURIComponent(key)}`
  )
}

function tiandituGroup(base: 'vec' | 'img', note: 'cva' | 'cia', key: string, attribution: string): LayerGroup {
  return new LayerGroup({
    layers: [
      new TileLayer({ source: new XYZ({ url: tiandituUrl(base, key), maxZoom: 18, crossOrigin: 'anonymous', attributions: attribution }) }),
      new TileLayer({ source: new XYZ({ url: tiandituUrl(note, key), maxZoom: 18, crossOrigin: 'anonymous' }) }),
    ],
  })
}

export interface BaseLayerOptions {
  /** Tianditu key from the site config; empty means no Tianditu layer and no request to it. */
  tiandituKey: string
  offlineSource: OfflineSourceKind
  tiandituAttribution?: string
  fetchJson?: (url: string) => Promise<unknown>
}

/** Every base layer the map offers, 'VEC' visible; Tianditu's vector and image (with annotations) only with a key. */
export function createBaseLayers(options: BaseLayerOptions): BaseLayerEntry[] {
  const entries: BaseLayerEntry[] = [
    { id: 'VEC', titleKey: 'map.baseVec', layer: createOfflineBaseLayer(options.offlineSource, options.fetchJson) },
  ]
  const key = options.tiandituKey.trim()
  if (key) {
    const attribution = options.tiandituAttribution ?? ''
    entries.push({ id: 'TDT_VEC', titleKey: 'map.baseTdtVec', layer: tiandituGroup('vec', 'cva', key, attribution) })
    entries.push({ id: 'TDT_IMG', titleKey: 'map.baseTdtImg', layer: tiandituGroup('img', 'cia', key, attribution) })
  }
  for (const entry of entries) {
    entry.layer.set('baseLayerId', entry.id)
    entry.layer.setVisible(entry.id === DEFAULT_BASE_LAYER)
  }
  return entries
}

/** Shows one base layer and hides the others; unknown ids fall back to 'VEC'. */
export function switchBaseLayer(entries: BaseLayerEntry[], id: BaseLayerId): BaseLayerId {
  const chosen = entries.some((e) => e.id === id) ? id : DEFAULT_BASE_LAYER
  for (const entry of entries) entry.layer.setVisible(entry.id === chosen)
  return chosen
}
