import { t } from '../../lib/locale'
import { escapeXml } from '../../lib/xml'
import { findLayer, LAYERS, type LayerDef, layerNames } from './layers'
import { ANONYMOUS, grantFor, type MapViewer, requireInRange } from './map-access'
import type { MapContext, OgcResponse } from './map-context'
import { OgcError, quote, XML_HEADER } from './ogc'
import { Kvp, MERCATOR_MAX, parseCrs, toLonLatBox } from './params'
import { renderPng } from './render'

export const WMTS_MAX_ZOOM = 18
export const TILE_MATRIX_SET = 'GoogleMapsCompatible'
const TILE_SIZE = 256
const SCALE_0 = 559082264.0287178

/** WMTS 1.0.0: KVP GetCapabilities and GetTile, plus the RESTful tile URL the capabilities announce. */
export async function handleWmts(ctx: MapContext, query: unknown, baseUrl: string, viewer: MapViewer = ANONYMOUS): Promise<OgcResponse> {
  const kvp = new Kvp(query)
  const service = kvp.optional('SERVICE')
  if (service !== undefined && service.toUpperCase() !== 'WMTS')
    throw OgcError.of('InvalidParameterValue', 'SERVICE', 'ogc.errors.badService', { expected: 'WMTS' })
  const request = kvp.require('REQUEST')
  switch (request.toLowerCase()) {
    case 'getcapabilities':
      return { type: 'application/xml; charset=utf-8', body: await capabilities(ctx, baseUrl) }
    case 'gettile': {
      const version = kvp.optional('VERSION') ?? '1.0.0'
      if (version !== '1.0.0')
        throw OgcError.of('InvalidParameterValue', 'VERSION', 'ogc.errors.badVersion', { version: quote(version, 20), supported: '1.0.0' })
      const format = (kvp.optional('FORMAT') ?? 'image/png').toLowerCase()
      if (format !== 'image/png')
        throw OgcError.of('InvalidParameterValue', 'FORMAT', 'ogc.errors.badFormat', { format: quote(format, 40), supported: 'image/png' })
      return getTile(
        ctx,
        {
          layer: kvp.require('LAYER'),
          style: kvp.optional('STYLE') ?? 'default',
          matrixSet: kvp.require('TILEMATRIXSET'),
          matrix: kvp.require('TILEMATRIX'),
          row: kvp.require('TILEROW'),
          col: kvp.require('TILECOL'),
        },
        viewer,
      )
    }
    default:
      throw OgcError.of('OperationNotSupported', 'REQUEST', 'ogc.errors.badRequest', {
        request: quote(request, 40),
        supported: 'GetCapabilities, GetTile',
      })
  }
}

export interface TileAddress {
  layer: string
  style: string
  matrixSet: string
  matrix: string
  row: string
  col: string
}

export async function getTile(ctx: MapContext, t: TileAddress, viewer: MapViewer = ANONYMOUS): Promise<OgcResponse> {
  const layer = findLayer(t.layer)
  if (!layer)
    throw OgcError.of('InvalidParameterValue', 'LAYER', 'ogc.errors.unknownLayer', {
      name: quote(t.layer, 40),
      available: layerNames().join(', '),
    })
  if (t.style !== '' && t.style !== 'default')
    throw OgcError.of('InvalidParameterValue', 'STYLE', 'ogc.errors.unknownStyle', { layer: layer.name, style: quote(t.style, 40) })
  if (t.matrixSet !== TILE_MATRIX_SET)
    throw OgcError.of('InvalidParameterValue', 'TILEMATRIXSET', 'ogc.errors.badTileMatrixSet', {
      name: quote(t.matrixSet, 40),
      available: TILE_MATRIX_SET,
    })
  // some clients prefix the level with the set's name ("GoogleMapsCompatible:5")
  const level = t.matrix.replace(/^.*:/, '')
  if (!/^\d{1,2}$/.test(level) || Number(level) > WMTS_MAX_ZOOM)
    throw OgcError.of('InvalidParameterValue', 'TILEMATRIX', 'ogc.errors.badTileMatrix', { name: quote(t.matrix, 40), max: WMTS_MAX_ZOOM })
  const z = Number(level)
  const n = 2 ** z
  const index = (raw: string, name: string) => {
    if (!/^\d{1,7}$/.test(raw) || Number(raw) >= n)
      throw OgcError.of('TileOutOfRange', name, 'ogc.errors.tileOutOfRange', { name, max: n - 1 })
    return Number(raw)
  }
  const row = index(t.row, 'TILEROW')
  const col = index(t.col, 'TILECOL')
  const size = (2 * MERCATOR_MAX) / n
  const box = {
    minx: -MERCATOR_MAX + col * size,
    maxx: -MERCATOR_MAX + (col + 1) * size,
    maxy: MERCATOR_MAX - row * size,
    miny: MERCATOR_MAX - (row + 1) * size,
  }
  const crs = parseCrs('EPSG:3857')
  if (!crs) throw new Error('EPSG:3857 missing')
  const grant = grantFor(layer, viewer)
  if (grant) await requireInRange(ctx.db, [grant], toLonLatBox(box, crs))
  const png = await renderPng(ctx, {
    layers: [layer],
    crs,
    box,
    width: TILE_SIZE,
    height: TILE_SIZE,
    transparent: true,
    background: '#ffffff',
    grants: [grant],
  })
  return { type: 'image/png', body: png, private: grant !== undefined }
}

function layerXml(layer: LayerDef, extent: { minx: number; miny: number; maxx: number; maxy: number }, restBase: string): string {
  return `    <Layer>
      <ows:Title>${escapeXml(layer.title)}</ows:Title>
      <ows:WGS84BoundingBox><ows:LowerCorner>${extent.minx} ${extent.miny}</ows:LowerCorner><ows:UpperCorner>${extent.maxx} ${extent.maxy}</ows:UpperCorner></ows:WGS84BoundingBox>
      <ows:Identifier>${layer.name}</ows:Identifier>
      <Style isDefault="true"><ows:Title>${escapeXml(t('ogc.defaultStyle'))}</ows:Title><ows:Identifier>default</ows:Identifier></Style>
      <Format>image/png</Format>
      <TileMatrixSetLink><TileMatrixSet>${TILE_MATRIX_SET}</TileMatrixSet></TileMatrixSetLink>
      <ResourceURL format="image/png" resourceType="tile" template="${escapeXml(`${restBase}/${layer.name}/{Style}/{TileMatrixSet}/{TileMatrix}/{TileRow}/{TileCol}.png`)}"/>
    </Layer>`
}

async function capabilities(ctx: MapContext, baseUrl: string): Promise<string> {
  const href = escapeXml(`${baseUrl}?`)
  const kvpGet = `<ows:DCP><ows:HTTP><ows:Get xlink:href="${href}"><ows:Constraint name="GetEncoding"><ows:AllowedValues><ows:Value>KVP</ows:Value></ows:AllowedValues></ows:Constraint></ows:Get></ows:HTTP></ows:DCP>`
  const extents = await ctx.extents()
  const layers = LAYERS.map((layer) =>
    layerXml(layer, extents.get(layer.name) ?? { minx: -180, miny: -85, maxx: 180, maxy: 85 }, `${baseUrl}/1.0.0`),
  ).join('\n')
  const matrices = Array.from({ length: WMTS_MAX_ZOOM + 1 }, (_, z) => {
    const n = 2 ** z
    return `      <TileMatrix><ows:Identifier>${z}</ows:Identifier><ScaleDenominator>${SCALE_0 / n}</ScaleDenominator><TopLeftCorner>${-MERCATOR_MAX} ${MERCATOR_MAX}</TopLeftCorner><TileWidth>${TILE_SIZE}</TileWidth><TileHeight>${TILE_SIZE}</TileHeight><MatrixWidth>${n}</MatrixWidth><MatrixHeight>${n}</MatrixHeight></TileMatrix>`
  }).join('\n')
  return `${XML_HEADER}<Capabilities xmlns="http://www.opengis.net/wmts/1.0" xmlns:ows="http://www.opengis.net/ows/1.1" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:gml="http://www.opengis.net/gml" xsi:schemaLocation="http://www.opengis.net/wmts/1.0 http://schemas.opengis.net/wmts/1.0/wmtsGetCapabilities_response.xsd" version="1.0.0">
  <ows:ServiceIdentification>
    <ows:Title>${escapeXml(t('ogc.serviceTitle'))} WMTS</ows:Title>
    <ows:Abstract>${escapeXml(t('ogc.serviceAbstract'))}</ows:Abstract>
    <ows:ServiceType>OGC WMTS</ows:ServiceType>
    <ows:ServiceTypeVersion>1.0.0</ows:ServiceTypeVersion>
    <ows:Fees>none</ows:Fees>
    <ows:AccessConstraints>none</ows:AccessConstraints>
  </ows:ServiceIdentification>
  <ows:OperationsMetadata>
    <ows:Operation name="GetCapabilities">${kvpGet}</ows:Operation>
    <ows:Operation name="GetTile">${kvpGet}</ows:Operation>
  </ows:OperationsMetadata>
  <Contents>
${layers}
    <TileMatrixSet>
      <ows:Identifier>${TILE_MATRIX_SET}</ows:Identifier>
      <ows:SupportedCRS>urn:ogc:def:crs:EPSG::3857</ows:SupportedCRS>
      <WellKnownScaleSet>urn:ogc:def:wkss:OGC:1.0:GoogleMapsCompatible</WellKnownScaleSet>
${matrices}
    </TileMatrixSet>
  </Contents>
  <ServiceMetadataURL xlink:href="${escapeXml(`${baseUrl}?SERVICE=WMTS&REQUEST=GetCapabilities&VERSION=1.0.0`)}"/>
</Capabilities>
`
}
