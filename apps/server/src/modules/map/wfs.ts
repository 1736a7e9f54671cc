import { t } from '../../lib/locale'
import { escapeXml } from '../../lib/xml'
import { type Condition, parseFilter, parseResourceId } from './fes'
import { findAttribute, findLayer, LAYERS, type LayerDef, layerNames } from './layers'
import { ANONYMOUS, grantFor, layerAbstract, type MapViewer, requireInRange } from './map-access'
import type { MapContext, OgcResponse } from './map-context'
import { OgcError, quote, XML_HEADER } from './ogc'
import { Kvp, parseBox, parseCrs, parseIntParam, SUPPORTED_CRS, toLonLatBox } from './params'

export const WFS_NAMESPACE = 'urn:rs-portal:map'
export const WFS_PREFIX = 'rs'
/** Most features one GetFeature answers (CountDefault in the capabilities); a larger COUNT is cut to it and the rest is paged with STARTINDEX. */
export const COUNT_DEFAULT = 1000

const GML32 = 'application/gml+xml; version=3.2'
const GML_FORMATS = [GML32, 'text/xml; subtype=gml/3.2', 'text/xml; subtype=gml/3.2.1', 'gml32', 'application/gml+xml']
const JSON_FORMATS = ['application/json', 'application/geo+json', 'json', 'geojson']
const OUTPUT_FORMATS = [GML32, 'text/xml; subtype=gml/3.2', 'application/json']

const normalizeFormat = (v: string) => v.toLowerCase().replace(/\s+/g, '').replace(';', '; ')

/** WFS 2.0.0 over KVP GET: GetCapabilities, DescribeFeatureType, GetFeature (results and hits, paging, FES filters). */
export async function handleWfs(ctx: MapContext, query: unknown, baseUrl: string, viewer: MapViewer = ANONYMOUS): Promise<OgcResponse> {
  const kvp = new Kvp(query)
  const service = kvp.optional('SERVICE')
  if (service !== undefined && service.toUpperCase() !== 'WFS')
    throw OgcError.of('InvalidParameterValue', 'SERVICE', 'ogc.errors.badService', { expected: 'WFS' })
  const request = kvp.require('REQUEST')
  const lower = request.toLowerCase()
  if (lower !== 'getcapabilities') {
    const version = kvp.optional('VERSION') ?? '2.0.0'
    if (version !== '2.0.0' && version !== '2.0.2')
      throw OgcError.of('InvalidParameterValue', 'VERSION', 'ogc.errors.badVersion', { version: quote(version, 20), supported: '2.0.0' })
  }
  switch (lower) {
    case 'getcapabilities':
      return { type: 'application/xml; charset=utf-8', body: await capabilities(ctx, baseUrl) }
    case 'describefeaturetype':
      return { type: `${GML32}; charset=utf-8`, body: describe(kvp) }
    case 'getfeature':
      return getFeature(ctx, kvp, baseUrl, viewer)
    default:
      throw OgcError.of('OperationNotSupported', 'REQUEST', 'ogc.errors.badRequest', {
        request: quote(request, 40),
        supported: 'GetCapabilities, DescribeFeatureType, GetFeature',
      })
  }
}

function typeNames(kvp: Kvp, name: string, required: boolean): LayerDef[] {
  const raw = kvp.optional(name) ?? kvp.optional('TYPENAME')
  if (raw === undefined) {
    if (required) throw OgcError.of('MissingParameterValue', name, 'ogc.errors.missingParameter', { name })
    return [...LAYERS]
  }
  // "(rs:region)" is the parenthesised form of one query
  return raw
    .replace(/^\((.*)\)$/, '$1')
    .split(',')
    .map((n) => {
      const layer = findLayer(n.trim())
      if (!layer)
        throw OgcError.of('InvalidParameterValue', name, 'ogc.errors.unknownLayer', {
          name: quote(n, 40),
          available: layerNames().join(', '),
        })
      return layer
    })
}

const XSD_TYPES = { string: 'xsd:string', integer: 'xsd:long', number: 'xsd:double' } as const
const GML_PROPERTY: Record<LayerDef['geometryType'], string> = {
  MultiPolygon: 'gml:MultiSurfacePropertyType',
  Polygon: 'gml:SurfacePropertyType',
  Point: 'gml:PointPropertyType',
  MultiPoint: 'gml:MultiPointPropertyType',
  LineString: 'gml:CurvePropertyType',
  MultiLineString: 'gml:MultiCurvePropertyType',
}

function describe(kvp: Kvp): string {
  const format = kvp.optional('OUTPUTFORMAT')
  if (format !== undefined && !GML_FORMATS.includes(normalizeFormat(format)) && normalizeFormat(format) !== 'application/xml')
    throw OgcError.of('InvalidParameterValue', 'OUTPUTFORMAT', 'ogc.errors.badFormat', { format: quote(format, 40), supported: GML32 })
  const layers = typeNames(kvp, 'TYPENAMES', false)
  const types = layers
    .map((layer) => {
      const elements = layer.attributes
        .map((a) => `          <xsd:element name="${a.name}" type="${XSD_TYPES[a.type]}" minOccurs="0" maxOccurs="1" nillable="true"/>`)
        .join('\n')
      return `  <xsd:complexType name="${layer.name}Type">
    <xsd:complexContent>
      <xsd:extension base="gml:AbstractFeatureType">
        <xsd:sequence>
${elements}
          <xsd:element name="${layer.geometryColumn}" type="${GML_PROPERTY[layer.geometryType]}" minOccurs="0" maxOccurs="1" nillable="true"/>
        </xsd:sequence>
      </xsd:extension>
    </xsd:complexContent>
  </xsd:complexType>
  <xsd:element name="${layer.name}" type="${WFS_PREFIX}:${layer.name}Type" substitutionGroup="gml:AbstractFeature"/>`
    })
    .join('\n')
  return `${XML_HEADER}<xsd:schema xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:gml="http://www.opengis.net/gml/3.2" xmlns:${WFS_PREFIX}="${WFS_NAMESPACE}" targetNamespace="${WFS_NAMESPACE}" elementFormDefault="qualified" version="1.0">
  <xsd:import namespace="http://www.opengis.net/gml/3.2" schemaLocation="http://schemas.opengis.net/gml/3.2.1/gml.xsd"/>
${types}
</xsd:schema>
`
}

interface FeatureQuery {
  layer: LayerDef
  where?: Condition
  properties: string[]
  sortBy: Array<{ name: string; desc: boolean }>
  count: number
  startIndex: number
  hits: boolean
  json: boolean
  srid: 4326 | 3857
  srsName: string
}

function parseFeatureQuery(kvp: Kvp): FeatureQuery {
  const resourceIds = kvp.optional('RESOURCEID')
  let layers: LayerDef[]
  if (resourceIds !== undefined && kvp.optional('TYPENAMES') === undefined && kvp.optional('TYPENAME') === undefined) {
    const owner = resourceIds.split(',')[0]?.replace(/\.[^.]*$/, '') ?? ''
    const layer = findLayer(owner)
    if (!layer) throw OgcError.of('InvalidParameterValue', 'RESOURCEID', 'ogc.errors.badResourceId', { value: quote(resourceIds, 60) })
    layers = [layer]
  } else layers = typeNames(kvp, 'TYPENAMES', true)
  if (layers.length !== 1) throw OgcError.of('InvalidParameterValue', 'TYPENAMES', 'ogc.errors.tooManyLayers', { max: 1 })
  const layer = layers[0] as LayerDef

  const filterText = kvp.optional('FILTER')
  const bboxText = kvp.optional('BBOX')
  if ([filterText, bboxText, resourceIds].filter((v) => v !== undefined).length > 1)
    throw OgcError.of('InvalidParameterValue', 'FILTER', 'ogc.errors.filterConflict')
  let where: Condition | undefined
  if (filterText !== undefined) where = parseFilter(filterText, layer)
  if (resourceIds !== undefined) where = { op: 'ids', ids: resourceIds.split(',').map((rid) => parseResourceId(rid.trim(), layer)) }
  if (bboxText !== undefined) {
    const parts = bboxText.split(',')
    // WFS 2.0: an optional fifth value names the CRS; without it the default CRS (EPSG:4326, latitude first)
    const crsText = parts.length === 5 ? (parts.pop() as string) : 'urn:ogc:def:crs:EPSG::4326'
    const crs = parseCrs(crsText)
    if (!crs)
      throw OgcError.of('InvalidParameterValue', 'BBOX', 'ogc.errors.badCrs', {
        crs: quote(crsText, 60),
        supported: SUPPORTED_CRS.join(', '),
      })
    where = { op: 'bbox', box: toLonLatBox(parseBox(bboxText, crs, 'BBOX', parts), crs) }
  }

  const srsText = kvp.optional('SRSNAME') ?? 'urn:ogc:def:crs:EPSG::4326'
  const srs = parseCrs(srsText)
  if (!srs)
    throw OgcError.of('InvalidParameterValue', 'SRSNAME', 'ogc.errors.badCrs', {
      crs: quote(srsText, 60),
      supported: SUPPORTED_CRS.join(', '),
    })

  const propertyText = kvp.optional('PROPERTYNAME')
  const properties = propertyText
    ? propertyText
        .replace(/^\((.*)\)$/, '$1')
        .split(',')
        .map((p) => p.trim())
        .flatMap((p) => {
          if (stripPrefix(p) === layer.geometryColumn) return []
          const attr = findAttribute(layer, p)
          if (!attr) throw unknownProperty(layer, p, 'PROPERTYNAME')
          return [attr.name]
        })
    : layer.attributes.map((a) => a.name)

  const sortText = kvp.optional('SORTBY')
  const sortBy = sortText
    ? sortText.split(',').map((part) => {
        const m = /^\s*([A-Za-z_][\w:]*)(?:\s+(ASC|DESC|A|D))?\s*$/i.exec(part)
        if (!m) throw OgcError.of('InvalidParameterValue', 'SORTBY', 'ogc.errors.badSortBy')
        const attr = findAttribute(layer, m[1] as string)
        if (!attr) throw unknownProperty(layer, m[1] as string, 'SORTBY')
        return { name: attr.name, desc: (m[2] ?? 'ASC').toUpperCase().startsWith('D') }
      })
    : []

  const resultType = (kvp.optional('RESULTTYPE') ?? 'results').toLowerCase()
  if (resultType !== 'results' && resultType !== 'hits')
    throw OgcError.of('InvalidParameterValue', 'RESULTTYPE', 'ogc.errors.badResultType')
  const format = normalizeFormat(kvp.optional('OUTPUTFORMAT') ?? GML32)
  const json = JSON_FORMATS.includes(format)
  if (!json && !GML_FORMATS.includes(format))
    throw OgcError.of('InvalidParameterValue', 'OUTPUTFORMAT', 'ogc.errors.badFormat', {
      format: quote(format, 40),
      supported: OUTPUT_FORMATS.join(', '),
    })
  const countName = kvp.optional('COUNT') !== undefined ? 'COUNT' : 'MAXFEATURES'
  return {
    layer,
    where,
    properties,
    sortBy,
    count: Math.min(COUNT_DEFAULT, parseIntParam(kvp, countName, 0, 1_000_000_000, COUNT_DEFAULT)),
    startIndex: parseIntParam(kvp, 'STARTINDEX', 0, 100_000_000, 0),
    hits: resultType === 'hits',
    json,
    srid: srs.projected ? 3857 : 4326,
    srsName: srs.projected ? 'urn:ogc:def:crs:EPSG::3857' : 'urn:ogc:def:crs:EPSG::4326',
  }
}

const stripPrefix = (p: string) => (p.includes(':') ? p.slice(p.indexOf(':') + 1) : p)

function unknownProperty(layer: LayerDef, name: string, locator: string) {
  return OgcError.of('InvalidParameterValue', locator, 'ogc.errors.unknownProperty', {
    name: quote(name, 40),
    available: layer.attributes.map((a) => a.name).join(', '),
  })
}

async function getFeature(ctx: MapContext, kvp: Kvp, baseUrl: string, viewer: MapViewer): Promise<OgcResponse> {
  const q = parseFeatureQuery(kvp)
  const grant = grantFor(q.layer, viewer)
  if (grant && q.where?.op === 'bbox') await requireInRange(ctx.db, [grant], q.where.box)
  const matched = await ctx.repo.count(q.layer, q.where, grant)
  // features asked for by id that exist but lie outside the caller's area ranges: 403, as a spot by id on /api
  if (grant && q.where?.op === 'ids' && matched < (await ctx.repo.count(q.layer, q.where)))
    throw new OgcError('NoApplicableCode', t('errors.noPermission'), undefined, 403)
  const rows =
    q.hits || q.count === 0
      ? []
      : await ctx.repo.page(q.layer, {
          where: q.where,
          properties: q.properties,
          sortBy: q.sortBy,
          offset: q.startIndex,
          limit: q.count,
          output: q.json ? 'geojson' : 'gml',
          srid: q.srid,
          grant,
        })
  const timeStamp = new Date().toISOString()
  if (q.json) {
    // PostGIS's GeoJSON text goes into the answer as it is: no parsing and writing again
    const features = rows.map(
      ({ __id, __geom, ...properties }) =>
        `{"type":"Feature","id":${JSON.stringify(`${q.layer.name}.${String(__id)}`)},"geometry":${__geom ?? 'null'},"properties":${JSON.stringify(properties)}}`,
    )
    const head: Record<string, unknown> = { type: 'FeatureCollection', numberMatched: matched, numberReturned: features.length, timeStamp }
    if (q.srid === 3857) head.crs = { type: 'name', properties: { name: q.srsName } }
    const body = `${JSON.stringify(head).slice(0, -1)},"features":[${features.join(',')}]}`
    return { type: 'application/geo+json; charset=utf-8', body, private: grant !== undefined }
  }
  const returned = rows.length
  const pageLink = (start: number) => {
    const params = new URLSearchParams()
    for (const key of ['TYPENAMES', 'FILTER', 'BBOX', 'RESOURCEID', 'SRSNAME', 'PROPERTYNAME', 'SORTBY', 'OUTPUTFORMAT']) {
      const v = kvp.optional(key)
      if (v !== undefined) params.set(key, v)
    }
    params.set('SERVICE', 'WFS')
    params.set('VERSION', '2.0.0')
    params.set('REQUEST', 'GetFeature')
    params.set('COUNT', String(q.count))
    params.set('STARTINDEX', String(start))
    return escapeXml(`${baseUrl}?${params.toString()}`)
  }
  const next = !q.hits && q.count > 0 && q.startIndex + returned < matched ? ` next="${pageLink(q.startIndex + q.count)}"` : ''
  const previous = !q.hits && q.startIndex > 0 ? ` previous="${pageLink(Math.max(0, q.startIndex - q.count))}"` : ''
  const members = rows
    .map(({ __id, __geom, ...properties }) => {
      const fields = q.properties
        .map((name) => {
          const v = properties[name]
          return v === null || v === undefined
            ? `<${WFS_PREFIX}:${name} xsi:nil="true"/>`
            : `<${WFS_PREFIX}:${name}>${escapeXml(String(v))}</${WFS_PREFIX}:${name}>`
        })
        .join('')
      const geometry = __geom ? `<${WFS_PREFIX}:${q.layer.geometryColumn}>${__geom}</${WFS_PREFIX}:${q.layer.geometryColumn}>` : ''
      return `  <wfs:member><${WFS_PREFIX}:${q.layer.name} gml:id="${escapeXml(`${q.layer.name}.${String(__id)}`)}">${fields}${geometry}</${WFS_PREFIX}:${q.layer.name}></wfs:member>`
    })
    .join('\n')
  const describeUrl = escapeXml(`${baseUrl}?SERVICE=WFS&VERSION=2.0.0&REQUEST=DescribeFeatureType&TYPENAMES=${WFS_PREFIX}:${q.layer.name}`)
  const body = `${XML_HEADER}<wfs:FeatureCollection xmlns:wfs="http://www.opengis.net/wfs/2.0" xmlns:gml="http://www.opengis.net/gml/3.2" xmlns:${WFS_PREFIX}="${WFS_NAMESPACE}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="${WFS_NAMESPACE} ${describeUrl} http://www.opengis.net/wfs/2.0 http://schemas.opengis.net/wfs/2.0/wfs.xsd http://www.opengis.net/gml/3.2 http://schemas.opengis.net/gml/3.2.1/gml.xsd" numberMatched="${matched}" numberReturned="${q.hits ? 0 : returned}" timeStamp="${timeStamp}"${next}${previous}>
${members}
</wfs:FeatureCollection>
`
  return { type: `${GML32}; charset=utf-8`, body, private: grant !== undefined }
}

const constraint = (name: string, value: string) =>
  `<ows:Constraint name="${name}"><ows:NoValues/><ows:DefaultValue>${value}</ows:DefaultValue></ows:Constraint>`
const fesConstraint = (name: string, value: boolean) =>
  `<fes:Constraint name="${name}"><ows:NoValues/><ows:DefaultValue>${value ? 'TRUE' : 'FALSE'}</ows:DefaultValue></fes:Constraint>`
const allowed = (name: string, values: string[]) =>
  `<ows:Parameter name="${name}"><ows:AllowedValues>${values.map((v) => `<ows:Value>${escapeXml(v)}</ows:Value>`).join('')}</ows:AllowedValues></ows:Parameter>`

async function capabilities(ctx: MapContext, baseUrl: string): Promise<string> {
  const href = escapeXml(`${baseUrl}?`)
  const dcp = `<ows:DCP><ows:HTTP><ows:Get xlink:href="${href}"/></ows:HTTP></ows:DCP>`
  const extents = await ctx.extents()
  const featureTypes = LAYERS.map((layer) => {
    const e = extents.get(layer.name) ?? { minx: -180, miny: -90, maxx: 180, maxy: 90 }
    return `    <wfs:FeatureType>
      <wfs:Name>${WFS_PREFIX}:${layer.name}</wfs:Name>
      <wfs:Title>${escapeXml(layer.title)}</wfs:Title>
${layerAbstract(layer)
  .map((a) => `      <wfs:Abstract>${escapeXml(a)}</wfs:Abstract>\n`)
  .join('')}      <wfs:DefaultCRS>urn:ogc:def:crs:EPSG::4326</wfs:DefaultCRS>
      <wfs:OtherCRS>urn:ogc:def:crs:EPSG::3857</wfs:OtherCRS>
      <wfs:OutputFormats>${OUTPUT_FORMATS.map((fmt) => `<wfs:Format>${escapeXml(fmt)}</wfs:Format>`).join('')}</wfs:OutputFormats>
      <ows:WGS84BoundingBox><ows:LowerCorner>${e.minx} ${e.miny}</ows:LowerCorner><ows:UpperCorner>${e.maxx} ${e.maxy}</ows:UpperCorner></ows:WGS84BoundingBox>
    </wfs:FeatureType>`
  }).join('\n')
  const comparison = [
    'PropertyIsEqualTo',
    'PropertyIsNotEqualTo',
    'PropertyIsLessThan',
    'PropertyIsGreaterThan',
    'PropertyIsLessThanOrEqualTo',
    'PropertyIsGreaterThanOrEqualTo',
    'PropertyIsLike',
    'PropertyIsNull',
    'PropertyIsBetween',
  ]
  return `${XML_HEADER}<wfs:WFS_Capabilities version="2.0.0" xmlns:wfs="http://www.opengis.net/wfs/2.0" xmlns:ows="http://www.opengis.net/ows/1.1" xmlns:fes="http://www.opengis.net/fes/2.0" xmlns:gml="http://www.opengis.net/gml/3.2" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:${WFS_PREFIX}="${WFS_NAMESPACE}" xsi:schemaLocation="http://www.opengis.net/wfs/2.0 http://schemas.opengis.net/wfs/2.0/wfs.xsd">
  <ows:ServiceIdentification>
    <ows:Title>${escapeXml(t('ogc.serviceTitle'))} WFS</ows:Title>
    <ows:Abstract>${escapeXml(t('ogc.serviceAbstract'))}</ows:Abstract>
    <ows:ServiceType>WFS</ows:ServiceType>
    <ows:ServiceTypeVersion>2.0.0</ows:ServiceTypeVersion>
    <ows:Fees>NONE</ows:Fees>
    <ows:AccessConstraints>NONE</ows:AccessConstraints>
  </ows:ServiceIdentification>
  <ows:OperationsMetadata>
    <ows:Operation name="GetCapabilities">${dcp}${allowed('AcceptVersions', ['2.0.0'])}${allowed('AcceptFormats', ['text/xml'])}</ows:Operation>
    <ows:Operation name="DescribeFeatureType">${dcp}${allowed('outputFormat', [GML32])}</ows:Operation>
    <ows:Operation name="GetFeature">${dcp}${allowed('outputFormat', OUTPUT_FORMATS)}${allowed('resultType', ['results', 'hits'])}</ows:Operation>
    ${allowed('version', ['2.0.0'])}
    ${constraint('ImplementsBasicWFS', 'TRUE')}
    ${constraint('ImplementsTransactionalWFS', 'FALSE')}
    ${constraint('ImplementsLockingWFS', 'FALSE')}
    ${constraint('KVPEncoding', 'TRUE')}
    ${constraint('XMLEncoding', 'FALSE')}
    ${constraint('SOAPEncoding', 'FALSE')}
    ${constraint('ImplementsInheritance', 'FALSE')}
    ${constraint('ImplementsRemoteResolve', 'FALSE')}
    ${constraint('ImplementsResultPaging', 'TRUE')}
    ${constraint('ImplementsStandardJoins', 'FALSE')}
    ${constraint('ImplementsSpatialJoins', 'FALSE')}
    ${constraint('ImplementsTemporalJoins', 'FALSE')}
    ${constraint('ImplementsFeatureVersioning', 'FALSE')}
    ${constraint('ManageStoredQueries', 'FALSE')}
    ${constraint('CountDefault', String(COUNT_DEFAULT))}
  </ows:OperationsMetadata>
  <wfs:FeatureTypeList>
${featureTypes}
  </wfs:FeatureTypeList>
  <fes:Filter_Capabilities>
    <fes:Conformance>
      ${fesConstraint('ImplementsQuery', true)}
      ${fesConstraint('ImplementsAdHocQuery', true)}
      ${fesConstraint('ImplementsFunctions', false)}
      ${fesConstraint('ImplementsResourceId', true)}
      ${fesConstraint('ImplementsMinStandardFilter', true)}
      ${fesConstraint('ImplementsStandardFilter', true)}
      ${fesConstraint('ImplementsMinSpatialFilter', true)}
      ${fesConstraint('ImplementsSpatialFilter', false)}
      ${fesConstraint('ImplementsMinTemporalFilter', false)}
      ${fesConstraint('ImplementsTemporalFilter', false)}
      ${fesConstraint('ImplementsVersionNav', false)}
      ${fesConstraint('ImplementsSorting', true)}
      ${fesConstraint('ImplementsExtendedOperators', false)}
      ${fesConstraint('ImplementsMinimumXPath', false)}
      ${fesConstraint('ImplementsSchemaElementFunc', false)}
    </fes:Conformance>
    <fes:Id_Capabilities><fes:ResourceIdentifier name="fes:ResourceId"/></fes:Id_Capabilities>
    <fes:Scalar_Capabilities>
      <fes:LogicalOperators/>
      <fes:ComparisonOperators>${comparison.map((c) => `<fes:ComparisonOperator name="${c}"/>`).join('')}</fes:ComparisonOperators>
    </fes:Scalar_Capabilities>
    <fes:Spatial_Capabilities>
      <fes:GeometryOperands><fes:GeometryOperand name="gml:Envelope"/></fes:GeometryOperands>
      <fes:SpatialOperators><fes:SpatialOperator name="BBOX"/></fes:SpatialOperators>
    </fes:Spatial_Capabilities>
  </fes:Filter_Capabilities>
</wfs:WFS_Capabilities>
`
}
