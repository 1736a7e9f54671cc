import { t } from '../../lib/locale'
import { QUICKLOOK_VISUAL_SIZE, quicklookShape, quicklookUrl } from './scene-sql'
import { collectionId, STAC_LIMITS } from './stac-params'
import { type CollectionSummary, STAC_QUERYABLES, type StacRow } from './stac-search'

/**
 * STAC 1.0.0 documents built from scene rows: items (eo, sat and view extensions where the scene
 * has the fields), item collections, collections, landing page, conformance and queryables. Every
 * link is absolute, built from the configured public address (never the Host header).
 */

export const STAC_VERSION = '1.0.0'
const EXT = {
  eo: 'https://stac-extensions.github.io/eo/v1.1.0/schema.json',
  sat: 'https://stac-extensions.github.io/sat/v1.0.0/schema.json',
  view: 'https://stac-extensions.github.io/view/v1.0.0/schema.json',
  proj: 'https://stac-extensions.github.io/projection/v1.1.0/schema.json',
}
export const GEOJSON = 'application/geo+json'
const JSON_TYPE = 'application/json'

export const CONFORMANCE = [
  'https://api.stacspec.org/v1.0.0/core',
  'https://api.stacspec.org/v1.0.0/collections',
  'https://api.stacspec.org/v1.0.0/ogcapi-features',
  'https://api.stacspec.org/v1.0.0/item-search',
  'https://api.stacspec.org/v1.0.0/item-search#sort',
  'https://api.stacspec.org/v1.0.0-rc.2/item-search#filter',
  'https://api.stacspec.org/v1.0.0/ogcapi-features#sort',
  'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/core',
  'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/oas30',
  'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/geojson',
  'http://www.opengis.net/spec/ogcapi-features-3/1.0/conf/filter',
  'http://www.opengis.net/spec/ogcapi-features-3/1.0/conf/features-filter',
  'http://www.opengis.net/spec/cql2/1.0/conf/cql2-text',
  'http://www.opengis.net/spec/cql2/1.0/conf/cql2-json',
  'http://www.opengis.net/spec/cql2/1.0/conf/basic-cql2',
  'http://www.opengis.net/spec/cql2/1.0/conf/advanced-comparison-operators',
  'http://www.opengis.net/spec/cql2/1.0/conf/case-insensitive-comparison',
  'http://www.opengis.net/spec/cql2/1.0/conf/basic-spatial-functions',
  'http://www.opengis.net/spec/cql2/1.0/conf/basic-spatial-functions-plus',
  'http://www.opengis.net/spec/cql2/1.0/conf/temporal-functions',
  'http://www.opengis.net/spec/cql2/1.0/conf/array-functions',
]

export interface Link {
  rel: string
  href: string
  type?: string
  title?: string
  method?: 'GET' | 'POST'
  body?: unknown
  merge?: boolean
}

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits

/** One scene as STAC Item JSON text (the footprint spliced in as PostGIS wrote it). */
export function itemJson(r: StacRow, base: string): string {
  const cid = collectionId({ satellite: r.satellite, sensor: r.sensor })
  const extensions: string[] = [EXT.eo]
  const properties: Record<string, unknown> = {
    datetime: new Date(r.acquired_at).toISOString(),
    platform: r.satellite,
    instruments: [r.sensor],
    gsd: round(r.resolution_m, 2),
    'eo:cloud_cover': round(r.cloud_percent, 1),
  }
  const sat: Record<string, unknown> = {}
  if (r.orbit !== null && r.orbit >= 1) sat['sat:absolute_orbit'] = r.orbit
  if (r.path !== null && r.path >= 1) sat['sat:relative_orbit'] = r.path
  if (r.direction) sat['sat:orbit_state'] = r.direction
  if (Object.keys(sat).length) {
    extensions.push(EXT.sat)
    Object.assign(properties, sat)
  }
  const view: Record<string, unknown> = {}
  // view:off_nadir is an angle 0–90 whatever the side the satellite rolled to
  if (r.off_nadir_deg !== null) view['view:off_nadir'] = round(Math.min(90, Math.abs(r.off_nadir_deg)), 2)
  if (r.sun_elevation_deg !== null) view['view:sun_elevation'] = round(r.sun_elevation_deg, 1)
  if (Object.keys(view).length) {
    extensions.push(EXT.view)
    Object.assign(properties, view)
  }
  Object.assign(properties, {
    'rs:product_level': r.product_level,
    'rs:file_name': r.file_name,
    'rs:path': r.path,
    'rs:row': r.row,
    'rs:area_km2': round(r.area_km2, 3),
    'rs:illustrative': r.illustrative,
  })
  const bbox = [r.minx, r.miny, r.maxx, r.maxy].map((v) => round(Number(v), 6)) as [number, number, number, number]
  // a generated scene's quicklook is drawn exactly in the footprint's lon/lat box (quicklook.ts), so
  // at a fixed size it is a georeferenced picture: the 'visual' asset says where (projection
  // extension), which lets GDAL's STACIT driver mosaic the quicklooks of a search
  const visual = r.illustrative
    ? {
        visual: {
          href: `${base}${quicklookUrl(r.id)}&size=${QUICKLOOK_VISUAL_SIZE}`,
          type: 'image/png',
          title: t('archiveData.visualAsset'),
          roles: ['visual'],
          'proj:epsg': 4326,
          'proj:bbox': bbox,
          'proj:shape': quicklookShape(bbox, QUICKLOOK_VISUAL_SIZE),
        },
      }
    : {}
  if (r.illustrative) extensions.push(EXT.proj)
  const self = `${base}/stac/collections/${encodeURIComponent(cid)}/items/${encodeURIComponent(r.id)}`
  const head = JSON.stringify({ type: 'Feature', stac_version: STAC_VERSION, stac_extensions: extensions, id: r.id, collection: cid })
  const tail = JSON.stringify({
    bbox,
    properties,
    links: [
      { rel: 'self', href: self, type: GEOJSON },
      { rel: 'parent', href: `${base}/stac/collections/${encodeURIComponent(cid)}`, type: JSON_TYPE },
      { rel: 'collection', href: `${base}/stac/collections/${encodeURIComponent(cid)}`, type: JSON_TYPE },
      { rel: 'root', href: `${base}/stac`, type: JSON_TYPE },
    ],
    assets: {
      thumbnail: {
        href: `${base}${quicklookUrl(r.id)}`,
        type: 'image/png',
        title: t('stac.thumbnail'),
        roles: ['thumbnail'],
      },
      ...visual,
    },
  })
  return `${head.slice(0, -1)},"geometry":${r.footprint},${tail.slice(1)}`
}

/** A page of items as an ItemCollection (also an OGC API Features FeatureCollection). */
export function itemCollectionJson(items: string[], links: Link[]): string {
  const tail = JSON.stringify({ numberReturned: items.length, links, timeStamp: new Date().toISOString() })
  return `{"type":"FeatureCollection","features":[${items.join(',')}],${tail.slice(1)}`
}

export function collectionJson(c: CollectionSummary, base: string) {
  const id = collectionId(c)
  const href = `${base}/stac/collections/${encodeURIComponent(id)}`
  return {
    type: 'Collection',
    stac_version: STAC_VERSION,
    stac_extensions: [],
    id,
    title: t('stac.collectionTitle', { satellite: c.satellite, sensor: c.sensor }),
    description: t('stac.collectionDescription', { satellite: c.satellite, sensor: c.sensor, count: c.count }),
    license: 'proprietary',
    keywords: [c.satellite, c.sensor],
    extent: {
      spatial: { bbox: [[c.minx, c.miny, c.maxx, c.maxy].map((v) => round(v, 6))] },
      temporal: { interval: [[c.start, c.end]] },
    },
    summaries: {
      platform: [c.satellite],
      instruments: [c.sensor],
      gsd: { minimum: round(c.gsdMin, 2), maximum: round(c.gsdMax, 2) },
      'eo:cloud_cover': { minimum: 0, maximum: round(c.cloudMax, 1) },
    },
    item_count: c.count,
    links: [
      { rel: 'self', href, type: JSON_TYPE },
      { rel: 'parent', href: `${base}/stac`, type: JSON_TYPE },
      { rel: 'root', href: `${base}/stac`, type: JSON_TYPE },
      { rel: 'items', href: `${href}/items`, type: GEOJSON, title: t('stac.links.items') },
      { rel: 'http://www.opengis.net/def/rel/ogc/1.0/queryables', href: `${href}/queryables`, type: 'application/schema+json' },
    ],
  }
}

export function landingJson(base: string, collections: CollectionSummary[]) {
  return {
    type: 'Catalog',
    stac_version: STAC_VERSION,
    stac_extensions: [],
    id: 'rs-archive',
    title: t('stac.title'),
    description: `${t('stac.description')} limit: ${STAC_LIMITS.defaultLimit}–${STAC_LIMITS.maxLimit}`,
    conformsTo: CONFORMANCE,
    links: [
      { rel: 'self', href: `${base}/stac`, type: JSON_TYPE, title: t('stac.links.self') },
      { rel: 'root', href: `${base}/stac`, type: JSON_TYPE, title: t('stac.links.root') },
      { rel: 'conformance', href: `${base}/stac/conformance`, type: JSON_TYPE, title: t('stac.links.conformance') },
      { rel: 'data', href: `${base}/stac/collections`, type: JSON_TYPE, title: t('stac.links.data') },
      { rel: 'search', href: `${base}/stac/search`, type: GEOJSON, method: 'GET', title: t('stac.links.search') },
      { rel: 'search', href: `${base}/stac/search`, type: GEOJSON, method: 'POST', title: t('stac.links.search') },
      {
        rel: 'http://www.opengis.net/def/rel/ogc/1.0/queryables',
        href: `${base}/stac/queryables`,
        type: 'application/schema+json',
        title: t('stac.links.queryables'),
      },
      {
        rel: 'service-desc',
        href: `${base}/api/docs/json`,
        type: 'application/vnd.oai.openapi+json;version=3.0',
        title: t('stac.links.serviceDesc'),
      },
      ...collections.map((c) => ({
        rel: 'child',
        href: `${base}/stac/collections/${encodeURIComponent(collectionId(c))}`,
        type: JSON_TYPE,
      })),
    ],
  }
}

const JSON_SCHEMA_TYPES = {
  string: { type: 'string' },
  integer: { type: 'integer' },
  number: { type: 'number' },
  timestamp: { type: 'string', format: 'date-time' },
}

/** The queryables as a JSON Schema (OGC API Features part 3). */
export function queryablesJson(base: string, collection?: string) {
  const properties: Record<string, unknown> = {
    geometry: { title: t('stac.fields.geometry'), $ref: 'https://geojson.org/schema/Geometry.json' },
  }
  for (const q of STAC_QUERYABLES) {
    const schema = JSON_SCHEMA_TYPES[q.type]
    properties[q.name] = q.array ? { title: q.title, type: 'array', items: schema } : { title: q.title, ...schema }
  }
  const id = collection ? `${base}/stac/collections/${encodeURIComponent(collection)}/queryables` : `${base}/stac/queryables`
  return {
    $schema: 'https://json-schema.org/draft/2019-09/schema',
    $id: id,
    type: 'object',
    title: collection ? t('stac.queryablesCollectionTitle', { id: collection }) : t('stac.queryablesTitle'),
    properties,
    additionalProperties: false,
  }
}
