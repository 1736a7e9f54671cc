import { currentLocale, t } from '../../lib/locale'
import { escapeXml } from '../../lib/xml'
import { findLayer, LAYERS, type LayerDef, layerNames } from './layers'
import { ANONYMOUS, grantsFor, layerAbstract, type MapViewer, requireInRange } from './map-access'
import type { MapContext, OgcResponse } from './map-context'
import { OgcError, quote, XML_HEADER } from './ogc'
import {
  type Box,
  type Crs,
  Kvp,
  lonLatToMercator,
  mercatorToLonLat,
  parseBox,
  parseCrs,
  parseIntParam,
  SUPPORTED_CRS,
  toLonLatBox,
} from './params'
import { degreesPerPixel, renderPng } from './render'

export const MAX_IMAGE_SIZE = 4096
const MAX_LAYERS = 16
/** Cost cap of one GetMap: width × height × layers (a 4096 × 4096 image of one layer, 2048 × 2048 of four, 1024 × 1024 of sixteen; as GeoServer's 64 MB default). */
export const MAX_PIXELS_TIMES_LAYERS = MAX_IMAGE_SIZE * MAX_IMAGE_SIZE
const INFO_FORMATS = ['application/json', 'text/html', 'text/xml']

/** WMS 1.3.0 (GetMap and GetFeatureInfo also accept 1.1.1's SRS, X and Y and its lon/lat EPSG:4326). */
export async function handleWms(ctx: MapContext, query: unknown, baseUrl: string, viewer: MapViewer = ANONYMOUS): Promise<OgcResponse> {
  const kvp = new Kvp(query)
  const service = kvp.optional('SERVICE')
  const request = kvp.require('REQUEST')
  if (service !== undefined && service.toUpperCase() !== 'WMS')
    throw OgcError.of('InvalidParameterValue', 'SERVICE', 'ogc.errors.badService', { expected: 'WMS' })
  switch (request.toLowerCase()) {
    case 'getcapabilities':
      return { type: 'text/xml; charset=utf-8', body: await capabilities(ctx, baseUrl) }
    case 'getmap': {
      const map = parseMapRequest(kvp)
      const cost = map.width * map.height * map.layers.length
      if (cost > MAX_PIXELS_TIMES_LAYERS)
        throw OgcError.of('InvalidParameterValue', 'WIDTH', 'ogc.errors.tooCostly', { cost, max: MAX_PIXELS_TIMES_LAYERS })
      const transparent = parseTransparent(kvp)
      const background = parseBackground(kvp)
      const grants = grantsFor(map.layers, viewer)
      await requireInRange(ctx.db, grants, toLonLatBox(map.box, map.crs))
      const image = await renderPng(ctx, { ...map, transparent, background, grants })
      return { type: map.format, body: image, private: grants.some(Boolean) }
    }
    case 'getfeatureinfo':
      return featureInfo(ctx, kvp, viewer)
    default:
      throw OgcError.of('OperationNotSupported', 'REQUEST', 'ogc.errors.badRequest', {
        request: quote(request, 40),
        supported: 'GetCapabilities, GetMap, GetFeatureInfo',
      })
  }
}

interface MapRequest {
  version: '1.3.0' | '1.1.1'
  layers: LayerDef[]
  crs: Crs
  box: Box
  width: number
  height: number
  format: 'image/png' | 'image/jpeg'
}

const MAP_FORMATS: Record<string, 'image/png' | 'image/jpeg'> = {
  'image/png': 'image/png',
  png: 'image/png',
  'image/jpeg': 'image/jpeg',
  jpeg: 'image/jpeg',
}

function parseMapRequest(kvp: Kvp, layersParam = 'LAYERS'): MapRequest {
  const rawVersion = kvp.optional('VERSION') ?? '1.3.0'
  if (rawVersion !== '1.3.0' && rawVersion !== '1.1.1' && rawVersion !== '1.1.0')
    throw OgcError.of('InvalidParameterValue', 'VERSION', 'ogc.errors.badVersion', { version: quote(rawVersion, 20), supported: '1.3.0' })
  const version = rawVersion === '1.3.0' ? '1.3.0' : '1.1.1'
  const layers = parseLayers(kvp, layersParam)
  const styles = kvp.optional('STYLES')
  if (styles !== undefined) {
    const names = styles.split(',')
    if (names.length !== layers.length) throw OgcError.of('StyleNotDefined', 'STYLES', 'ogc.errors.stylesCount')
    names.forEach((style, i) => {
      const s = style.trim()
      if (s !== '' && s.toLowerCase() !== 'default')
        throw OgcError.of('StyleNotDefined', 'STYLES', 'ogc.errors.unknownStyle', { layer: layers[i]?.name ?? '', style: quote(s, 40) })
    })
  }
  const crsParam = version === '1.3.0' ? 'CRS' : 'SRS'
  const crsText = kvp.require(crsParam)
  const crs = parseCrs(crsText, { lonLatEpsg4326: version === '1.1.1' })
  if (!crs)
    throw OgcError.of(version === '1.3.0' ? 'InvalidCRS' : 'InvalidSRS', crsParam, 'ogc.errors.badCrs', {
      crs: quote(crsText, 60),
      supported: SUPPORTED_CRS.join(', '),
    })
  const box = parseBox(kvp.require('BBOX'), crs, 'BBOX')
  const width = parseSize(kvp, 'WIDTH')
  const height = parseSize(kvp, 'HEIGHT')
  const rawFormat = (kvp.optional('FORMAT') ?? 'image/png').toLowerCase()
  const format = Object.hasOwn(MAP_FORMATS, rawFormat) ? MAP_FORMATS[rawFormat] : undefined
  if (!format)
    throw OgcError.of('InvalidFormat', 'FORMAT', 'ogc.errors.badFormat', {
      format: quote(rawFormat, 40),
      supported: 'image/png, image/jpeg',
    })
  return { version, layers, crs, box, width, height, format }
}

function parseLayers(kvp: Kvp, name: string): LayerDef[] {
  const names = kvp
    .require(name)
    .split(',')
    .map((n) => n.trim())
  if (names.length > MAX_LAYERS) throw OgcError.of('InvalidParameterValue', name, 'ogc.errors.tooManyLayers', { max: MAX_LAYERS })
  return names.map((n) => {
    const layer = findLayer(n)
    if (!layer)
      throw OgcError.of('LayerNotDefined', name, 'ogc.errors.unknownLayer', { name: quote(n, 40), available: layerNames().join(', ') })
    return layer
  })
}

function parseSize(kvp: Kvp, name: string): number {
  const raw = kvp.require(name)
  if (!/^\d{1,5}$/.test(raw) || Number(raw) < 1 || Number(raw) > MAX_IMAGE_SIZE)
    throw OgcError.of('InvalidDimensionValue', name, 'ogc.errors.badSize', { max: MAX_IMAGE_SIZE })
  return Number(raw)
}

function parseTransparent(kvp: Kvp): boolean {
  const raw = kvp.optional('TRANSPARENT')?.toUpperCase() ?? 'FALSE'
  if (raw !== 'TRUE' && raw !== 'FALSE')
    throw OgcError.of('InvalidParameterValue', 'TRANSPARENT', 'ogc.errors.badParameter', { name: 'TRANSPARENT', value: quote(raw, 20) })
  return raw === 'TRUE'
}

function parseBackground(kvp: Kvp): string {
  const raw = kvp.optional('BGCOLOR') ?? '0xFFFFFF'
  const m = /^0x([0-9a-f]{6})$/i.exec(raw)
  if (!m) throw OgcError.of('InvalidParameterValue', 'BGCOLOR', 'ogc.errors.badColor')
  return `#${m[1]}`
}

async function featureInfo(ctx: MapContext, kvp: Kvp, viewer: MapViewer): Promise<OgcResponse> {
  const map = parseMapRequest(kvp)
  const queryLayers = parseLayers(kvp, 'QUERY_LAYERS')
  const infoFormat = (kvp.optional('INFO_FORMAT') ?? 'text/html').toLowerCase()
  if (!INFO_FORMATS.includes(infoFormat))
    throw OgcError.of('InvalidFormat', 'INFO_FORMAT', 'ogc.errors.badFormat', {
      format: quote(infoFormat, 40),
      supported: INFO_FORMATS.join(', '),
    })
  const iName = map.version === '1.3.0' ? 'I' : 'X'
  const jName = map.version === '1.3.0' ? 'J' : 'Y'
  const pixel = (name: string, size: number) => {
    const raw = kvp.require(name)
    if (!/^\d{1,5}$/.test(raw) || Number(raw) >= size)
      throw OgcError.of('InvalidPoint', name, 'ogc.errors.badPixel', { name, max: size - 1 })
    return Number(raw)
  }
  const i = pixel(iName, map.width)
  const j = pixel(jName, map.height)
  const count = parseIntParam(kvp, 'FEATURE_COUNT', 1, 50, 1)
  const { box } = map
  let x = box.minx + ((i + 0.5) * (box.maxx - box.minx)) / map.width
  let y = box.maxy - ((j + 0.5) * (box.maxy - box.miny)) / map.height
  if (map.crs.projected) [x, y] = mercatorToLonLat(x, y)
  const tolerance = degreesPerPixel(map.crs, box, map.width, map.height) * 3
  const grants = grantsFor(queryLayers, viewer)
  await requireInRange(ctx.db, grants, { minx: x - tolerance, miny: y - tolerance, maxx: x + tolerance, maxy: y + tolerance })
  const isPrivate = grants.some(Boolean)
  const found: Array<{ layer: LayerDef; row: Record<string, unknown> }> = []
  for (const [k, layer] of queryLayers.entries()) {
    if (found.length >= count) break
    const rows = await ctx.repo.atPoint(layer, x, y, tolerance, count - found.length, grants[k])
    for (const row of rows) found.push({ layer, row })
  }
  if (infoFormat === 'application/json') {
    const features = found.map(({ layer, row }) => ({
      type: 'Feature',
      id: `${layer.name}.${String(row[layer.idColumn])}`,
      layer: layer.name,
      geometry: null,
      properties: row,
    }))
    return { type: 'application/json; charset=utf-8', body: JSON.stringify({ type: 'FeatureCollection', features }), private: isPrivate }
  }
  if (infoFormat === 'text/xml') {
    const items = found
      .map(({ layer, row }) => {
        const fields = layer.attributes.map((a) => `    <Field name="${a.name}">${escapeXml(String(row[a.name] ?? ''))}</Field>`).join('\n')
        return `  <FeatureInfo layer="${layer.name}" id="${escapeXml(`${layer.name}.${String(row[layer.idColumn])}`)}">\n${fields}\n  </FeatureInfo>`
      })
      .join('\n')
    return {
      type: 'text/xml; charset=utf-8',
      body: `${XML_HEADER}<FeatureInfoResponse>\n${items}\n</FeatureInfoResponse>\n`,
      private: isPrivate,
    }
  }
  const tables = found.length
    ? found
        .map(({ layer, row }) => {
          const cells = layer.attributes
            .map((a) => `<tr><th>${escapeXml(a.title)}</th><td>${escapeXml(String(row[a.name] ?? ''))}</td></tr>`)
            .join('')
          return `<h3>${escapeXml(layer.title)}</h3><table>${cells}</table>`
        })
        .join('\n')
    : `<p>${escapeXml(t('ogc.featureInfoEmpty'))}</p>`
  return {
    private: isPrivate,
    type: 'text/html; charset=utf-8',
    body: `<!DOCTYPE html><html lang="${currentLocale()}"><head><meta charset="utf-8"><title>${escapeXml(t('ogc.featureInfoTitle'))}</title></head><body>\n${tables}\n</body></html>\n`,
  }
}

const f = (n: number) => String(Math.round(n * 1e6) / 1e6)

async function capabilities(ctx: MapContext, baseUrl: string): Promise<string> {
  const url = escapeXml(`${baseUrl}?`)
  const online = `<OnlineResource xlink:type="simple" xlink:href="${url}"/>`
  const dcp = `<DCPType><HTTP><Get>${online}</Get></HTTP></DCPType>`
  const extents = await ctx.extents()
  const world = { minx: -180, miny: -90, maxx: 180, maxy: 90 }
  const layerXml = LAYERS.map((layer) => {
    const e = extents.get(layer.name) ?? world
    const [mx0, my0] = lonLatToMercator(e.minx, e.miny)
    const [mx1, my1] = lonLatToMercator(e.maxx, e.maxy)
    return [
      `      <Layer queryable="1" opaque="0">`,
      `        <Name>${layer.name}</Name>`,
      `        <Title>${escapeXml(layer.title)}</Title>`,
      ...layerAbstract(layer).map((a) => `        <Abstract>${escapeXml(a)}</Abstract>`),
      `        <EX_GeographicBoundingBox><westBoundLongitude>${f(e.minx)}</westBoundLongitude><eastBoundLongitude>${f(e.maxx)}</eastBoundLongitude><southBoundLatitude>${f(e.miny)}</southBoundLatitude><northBoundLatitude>${f(e.maxy)}</northBoundLatitude></EX_GeographicBoundingBox>`,
      `        <BoundingBox CRS="CRS:84" minx="${f(e.minx)}" miny="${f(e.miny)}" maxx="${f(e.maxx)}" maxy="${f(e.maxy)}"/>`,
      `        <BoundingBox CRS="EPSG:4326" minx="${f(e.miny)}" miny="${f(e.minx)}" maxx="${f(e.maxy)}" maxy="${f(e.maxx)}"/>`,
      `        <BoundingBox CRS="EPSG:3857" minx="${mx0.toFixed(2)}" miny="${my0.toFixed(2)}" maxx="${mx1.toFixed(2)}" maxy="${my1.toFixed(2)}"/>`,
      `        <Style><Name>default</Name><Title>${escapeXml(t('ogc.defaultStyle'))}</Title></Style>`,
      `      </Layer>`,
    ].join('\n')
  }).join('\n')
  return `${XML_HEADER}<WMS_Capabilities version="1.3.0" xmlns="http://www.opengis.net/wms" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.opengis.net/wms http://schemas.opengis.net/wms/1.3.0/capabilities_1_3_0.xsd">
  <Service>
    <Name>WMS</Name>
    <Title>${escapeXml(t('ogc.serviceTitle'))} WMS</Title>
    <Abstract>${escapeXml(t('ogc.serviceAbstract'))}</Abstract>
    ${online}
    <Fees>none</Fees>
    <AccessConstraints>none</AccessConstraints>
    <LayerLimit>${MAX_LAYERS}</LayerLimit>
    <MaxWidth>${MAX_IMAGE_SIZE}</MaxWidth>
    <MaxHeight>${MAX_IMAGE_SIZE}</MaxHeight>
  </Service>
  <Capability>
    <Request>
      <GetCapabilities><Format>text/xml</Format>${dcp}</GetCapabilities>
      <GetMap><Format>image/png</Format><Format>image/jpeg</Format>${dcp}</GetMap>
      <GetFeatureInfo>${INFO_FORMATS.map((fmt) => `<Format>${fmt}</Format>`).join('')}${dcp}</GetFeatureInfo>
    </Request>
    <Exception><Format>XML</Format></Exception>
    <Layer>
      <Title>${escapeXml(t('ogc.rootLayer'))}</Title>
${SUPPORTED_CRS.map((c) => `      <CRS>${c}</CRS>`).join('\n')}
      <EX_GeographicBoundingBox><westBoundLongitude>-180</westBoundLongitude><eastBoundLongitude>180</eastBoundLongitude><southBoundLatitude>-90</southBoundLatitude><northBoundLatitude>90</northBoundLatitude></EX_GeographicBoundingBox>
      <BoundingBox CRS="CRS:84" minx="-180" miny="-90" maxx="180" maxy="90"/>
${layerXml}
    </Layer>
  </Capability>
</WMS_Capabilities>
`
}
