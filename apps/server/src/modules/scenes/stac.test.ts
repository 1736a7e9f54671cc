import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildScene } from '../../../test-support/factories'
import { createTestContext, type TestContext } from '../../test/test-context'
import { STAC_LIMITS } from './stac-params'

/**
 * The STAC API at /stac on real scene rows (buildScene): every search parameter, paging through all
 * results by next links, each CQL2 form and each error. Expected sets are computed here from the
 * fixture's own numbers, independently of the server's SQL.
 */

const BASE = 'https://stac.example.cn/portal'
let ctx: TestContext

interface Fixture {
  id: string
  satellite: string
  sensor: string
  acquiredAt: string
  cloud: number
  gsd: number
  bbox: [number, number, number, number]
  orbit: number | null
  direction: 'ascending' | 'descending' | null
}

const SENSORS = [
  ['GF1', 'PMS1', 2],
  ['GF2', 'PMS', 0.8],
  ['ZY3-2', 'MUX', 5.8],
] as const
const FIXTURES: Fixture[] = Array.from({ length: 45 }, (_, i) => {
  const [satellite, sensor, gsd] = SENSORS[i % 3] as (typeof SENSORS)[number]
  const lon = 100 + (i % 9) * 2
  const lat = 25 + Math.floor(i / 9) * 2
  return {
    id: `S${String(i).padStart(3, '0')}`,
    satellite,
    sensor,
    // pairs share a time: the id breaks the tie
    acquiredAt: new Date(Date.UTC(2026, 0, 1 + Math.floor(i / 2) * 3, 3, 0, 0, 0) + (i % 2 === 0 ? 0 : 0)).toISOString(),
    cloud: (i * 37) % 100,
    gsd,
    bbox: [lon, lat, lon + 1.5, lat + 1.5],
    orbit: i % 4 === 0 ? null : 1000 + i,
    direction: i % 4 === 0 ? null : i % 2 ? 'ascending' : 'descending',
  }
})

beforeAll(async () => {
  ctx = await createTestContext({ PUBLIC_BASE_URL: BASE, MAP_REQUESTS_PER_MINUTE: '100000' })
  for (const f of FIXTURES)
    await buildScene(ctx.database.db, {
      id: f.id,
      satellite: f.satellite,
      sensor: f.sensor,
      acquiredAt: f.acquiredAt,
      cloudPercent: f.cloud,
      resolutionM: f.gsd,
      bbox: f.bbox,
      orbit: f.orbit,
      direction: f.direction,
      path: f.orbit === null ? null : 100 + (f.orbit % 50),
    })
  // not in the archive yet (data status 1): never published by STAC
  await buildScene(ctx.database.db, { id: 'HIDDEN1', dataStatus: '1', bbox: [100, 25, 101, 26] })
})

afterAll(async () => {
  await ctx?.close()
})

interface Item {
  id: string
  collection: string
  bbox: number[]
  geometry: { type: string; coordinates: unknown }
  properties: Record<string, unknown>
  links: Array<{ rel: string; href: string }>
  assets: Record<string, { href: string; roles: string[] }>
  stac_extensions: string[]
}
interface Page {
  type: string
  features: Item[]
  links: Array<{ rel: string; href: string; method?: string; body?: Record<string, unknown> }>
  numberReturned: number
}

const path = (href: string) => {
  expect(href.startsWith(BASE)).toBe(true)
  return href.slice(BASE.length)
}

async function get(url: string) {
  const res = await ctx.app.inject({ method: 'GET', url })
  return { status: res.statusCode, type: String(res.headers['content-type']), body: res.json() }
}

async function post(url: string, payload: unknown) {
  const res = await ctx.app.inject({ method: 'POST', url, payload: payload as object })
  return { status: res.statusCode, body: res.json() }
}

/** Every item of a search, following next links (GET or POST), with the number of pages. */
async function all(first: { url: string; body?: Record<string, unknown> }): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = []
  let pages = 0
  let next: Page['links'][number] | undefined = {
    rel: 'next',
    href: `${BASE}${first.url}`,
    method: first.body ? 'POST' : 'GET',
    body: first.body,
  }
  while (next) {
    const res = next.method === 'POST' ? await post(path(next.href), next.body) : await get(path(next.href))
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const page = res.body as Page
    pages += 1
    ids.push(...page.features.map((f) => f.id))
    next = page.links.find((l) => l.rel === 'next')
    expect(pages).toBeLessThan(100)
  }
  return { ids, pages }
}

const byTimeDesc = (a: Fixture, b: Fixture) =>
  a.acquiredAt === b.acquiredAt ? (a.id < b.id ? 1 : -1) : a.acquiredAt < b.acquiredAt ? 1 : -1
const ids = (list: Fixture[]) => list.map((f) => f.id)
const intersects = (b: number[], [w, s, e, n]: number[]) =>
  (b[0] as number) <= e && (b[2] as number) >= w && (b[1] as number) <= n && (b[3] as number) >= s

describe('GET /stac (landing, conformance, collections, queryables)', () => {
  it('links to everything with absolute URLs from PUBLIC_BASE_URL, never the Host header', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/stac', headers: { host: 'evil.example.com' } })
    const landing = res.json()
    expect(landing.type).toBe('Catalog')
    expect(landing.conformsTo).toContain('https://api.stacspec.org/v1.0.0/item-search#filter'.replace('v1.0.0', 'v1.0.0-rc.2'))
    const rels = landing.links.map((l: { rel: string }) => l.rel)
    for (const rel of ['self', 'root', 'conformance', 'data', 'search', 'child', 'service-desc']) expect(rels).toContain(rel)
    for (const l of landing.links) expect(l.href.startsWith(BASE)).toBe(true)
    expect(res.body).not.toContain('evil.example.com')
  })

  it('has one collection per satellite and sensor with the extent and span of its scenes', async () => {
    const { body } = await get('/stac/collections')
    expect(body.collections.map((c: { id: string }) => c.id)).toEqual(['GF1_PMS1', 'GF2_PMS', 'ZY3-2_MUX'])
    for (const [sat, sensor] of SENSORS) {
      const mine = FIXTURES.filter((f) => f.satellite === sat && f.sensor === sensor)
      const c = body.collections.find((x: { id: string }) => x.id === `${sat}_${sensor}`)
      expect(c.item_count).toBe(mine.length)
      expect(c.extent.spatial.bbox[0]).toEqual([
        Math.min(...mine.map((f) => f.bbox[0])),
        Math.min(...mine.map((f) => f.bbox[1])),
        Math.max(...mine.map((f) => f.bbox[2])),
        Math.max(...mine.map((f) => f.bbox[3])),
      ])
      const times = mine.map((f) => f.acquiredAt).sort()
      expect(c.extent.temporal.interval[0]).toEqual([times[0], times[times.length - 1]])
    }
    const one = await get('/stac/collections/GF2_PMS')
    expect(one.body.id).toBe('GF2_PMS')
    expect(one.body.summaries.gsd).toEqual({ minimum: 0.8, maximum: 0.8 })
  })

  it('answers 404 in STAC error JSON for an unknown collection or item', async () => {
    const c = await get('/stac/collections/GF9_XYZ')
    expect(c.status).toBe(404)
    expect(c.body.code).toBe('NotFound')
    expect(c.body.description).toContain('GF9_XYZ')
    const i = await get('/stac/collections/GF1_PMS1/items/S001')
    expect(i.status).toBe(404)
    const hidden = await get('/stac/collections/GF1_PMS1/items/HIDDEN1')
    expect(hidden.status).toBe(404)
    const nowhere = await get('/stac/nothing')
    expect(nowhere.status).toBe(404)
    expect(nowhere.body.description).toMatch(/STAC/)
  })

  it('describes the queryables as JSON Schema, per collection too', async () => {
    const q = await get('/stac/queryables')
    expect(q.type).toContain('application/schema+json')
    for (const name of ['eo:cloud_cover', 'gsd', 'platform', 'instruments', 'datetime', 'geometry'])
      expect(q.body.properties[name]).toBeTruthy()
    const c = await get('/stac/collections/GF1_PMS1/queryables')
    expect(c.body.$id).toBe(`${BASE}/stac/collections/GF1_PMS1/queryables`)
    expect((await get('/stac/conformance')).body.conformsTo).toContain('http://www.opengis.net/spec/cql2/1.0/conf/cql2-text')
  })
})

/**
 * What the STAC 1.0.0 item schema and the eo 1.1.0, sat 1.0.0, view 1.0.0 and projection 1.1.0
 * schemas require of our items (the rules stac-node-validator applies with them): each field's range
 * and type, and an extension listed exactly when its fields are used.
 */
function schemaProblems(item: Item): string[] {
  const problems: string[] = []
  const p = item.properties
  const number = (v: unknown) => typeof v === 'number' && Number.isFinite(v)
  const integer = (v: unknown) => Number.isInteger(v)
  const within = (key: string, lo: number, hi: number) => {
    if (key in p && !(number(p[key]) && (p[key] as number) >= lo && (p[key] as number) <= hi)) problems.push(`${key} ${p[key]}`)
  }
  if (typeof p.datetime !== 'string' || !/Z$/.test(p.datetime) || Number.isNaN(Date.parse(p.datetime))) problems.push('datetime')
  if (!(number(p.gsd) && (p.gsd as number) > 0)) problems.push('gsd')
  within('eo:cloud_cover', 0, 100)
  within('view:off_nadir', 0, 90)
  within('view:sun_elevation', -90, 90)
  for (const key of ['sat:absolute_orbit', 'sat:relative_orbit'])
    if (key in p && !(integer(p[key]) && (p[key] as number) >= 1)) problems.push(`${key} ${p[key]}`)
  if ('sat:orbit_state' in p && !['ascending', 'descending', 'geostationary'].includes(p['sat:orbit_state'] as string))
    problems.push('sat:orbit_state')
  if (!(item.bbox.length === 4 && item.bbox.every(number))) problems.push('bbox')
  const used = new Set(
    [...Object.keys(p), ...Object.values(item.assets).flatMap((a) => Object.keys(a))]
      .filter((k) => k.includes(':'))
      .map((k) => k.split(':')[0]),
  )
  const listed = new Set(
    item.stac_extensions.map((e) => /stac-extensions\.github\.io\/(\w+)\//.exec(e)?.[1]?.replace('projection', 'proj')),
  )
  for (const prefix of used) if (prefix !== 'rs' && !listed.has(prefix)) problems.push(`${prefix} fields without their extension`)
  for (const prefix of listed) if (!used.has(prefix ?? '')) problems.push(`${prefix} extension without its fields`)
  for (const asset of Object.values(item.assets) as Array<Record<string, unknown>>)
    if (
      'proj:shape' in asset &&
      !(Array.isArray(asset['proj:shape']) && asset['proj:shape'].length === 2 && asset['proj:shape'].every(integer))
    )
      problems.push('proj:shape')
  return problems
}

describe('items', () => {
  it('builds STAC 1.0.0 items with eo, sat and view fields, the footprint, links and the quicklook thumbnail', async () => {
    const f = FIXTURES[5] as Fixture
    const { status, type, body } = await get(`/stac/collections/${f.satellite}_${f.sensor}/items/${f.id}`)
    expect(status).toBe(200)
    expect(type).toContain('application/geo+json')
    const item = body as Item
    expect(item.id).toBe(f.id)
    expect(item.bbox).toEqual(f.bbox)
    expect(item.geometry.type).toBe('MultiPolygon')
    expect(item.properties).toMatchObject({
      datetime: f.acquiredAt,
      platform: f.satellite,
      instruments: [f.sensor],
      gsd: f.gsd,
      'eo:cloud_cover': f.cloud,
      'sat:absolute_orbit': f.orbit,
      'sat:orbit_state': f.direction,
      'view:off_nadir': 0,
      'view:sun_elevation': 45,
    })
    expect(item.stac_extensions.some((e) => e.includes('/sat/'))).toBe(true)
    expect(item.assets.thumbnail?.href).toBe(`${BASE}/api/normalmeta/quicklook?id=${f.id}`)
    expect(item.assets.thumbnail?.roles).toEqual(['thumbnail'])
    expect(item.links.map((l) => l.rel).sort()).toEqual(['collection', 'parent', 'root', 'self'])
    // a scene without orbit facts carries no sat extension
    const bare = (await get('/stac/collections/GF1_PMS1/items/S000')).body as Item
    expect(bare.properties['sat:absolute_orbit']).toBeUndefined()
    expect(bare.stac_extensions.some((e) => e.includes('/sat/'))).toBe(false)
  })

  it('keeps to the rules of the item and extension schemas, an off-nadir to the left and an orbit 0 included', async () => {
    // a satellite rolled to the left (negative off-nadir in the archive) and an orbit not known (0):
    // view:off_nadir is 0–90 and sat orbits start at 1 in their schemas
    await buildScene(ctx.database.db, { id: 'EDGE1', bbox: [60, 60, 61, 61], orbit: 0, path: 0, direction: null })
    await sql`UPDATE scene SET off_nadir_deg = -12.5, sun_elevation_deg = -3 WHERE id = 'EDGE1'`.execute(ctx.database.db)
    try {
      const edge = (await get('/stac/collections/GF1_PMS1/items/EDGE1')).body as Item
      expect(edge.properties['view:off_nadir']).toBe(12.5)
      expect(edge.properties['sat:absolute_orbit']).toBeUndefined()
      expect(edge.properties['sat:relative_orbit']).toBeUndefined()
      expect(schemaProblems(edge)).toEqual([])
      const page = (await get('/stac/search?limit=100')).body as Page
      expect(page.features.length).toBe(FIXTURES.length + 1)
      for (const item of page.features) expect(schemaProblems(item), item.id).toEqual([])
      // the check itself finds what the schemas refuse
      const bad = { ...edge, properties: { ...edge.properties, 'view:off_nadir': -1, 'sat:absolute_orbit': 0, 'eo:cloud_cover': 101 } }
      expect(schemaProblems(bad)).toEqual([
        'eo:cloud_cover 101',
        'view:off_nadir -1',
        'sat:absolute_orbit 0',
        'sat fields without their extension',
      ])
    } finally {
      await sql`DELETE FROM scene WHERE id = 'EDGE1'`.execute(ctx.database.db)
    }
  })

  it('pages one collection through its items endpoint with bbox and datetime', async () => {
    const expected = FIXTURES.filter((f) => f.satellite === 'GF2' && intersects(f.bbox, [100, 25, 110, 30])).sort(byTimeDesc)
    const { ids: got } = await all({ url: '/stac/collections/GF2_PMS/items?limit=2&bbox=100,25,110,30' })
    expect(got).toEqual(ids(expected))
    const dated = await get('/stac/collections/GF2_PMS/items?datetime=2026-02-01T00:00:00Z/..&limit=100')
    expect(dated.body.features.map((f: Item) => f.id).sort()).toEqual(
      ids(FIXTURES.filter((f) => f.satellite === 'GF2' && f.acquiredAt >= '2026-02-01')).sort(),
    )
  })
})

describe('GET and POST /stac/search', () => {
  it('filters by bbox, intersects, datetime, ids and collections', async () => {
    const box = [103.2, 26.1, 107.9, 29.4]
    const bbox = await all({ url: `/stac/search?bbox=${box.join(',')}&limit=7` })
    expect(bbox.ids).toEqual(ids(FIXTURES.filter((f) => intersects(f.bbox, box)).sort(byTimeDesc)))
    const polygon = {
      type: 'Polygon',
      coordinates: [
        [
          [103.2, 26.1],
          [107.9, 26.1],
          [107.9, 29.4],
          [103.2, 29.4],
          [103.2, 26.1],
        ],
      ],
    }
    const inter = await all({ url: '/stac/search', body: { intersects: polygon, limit: 4 } })
    expect(inter.ids).toEqual(bbox.ids)
    const span = await all({ url: '/stac/search?datetime=2026-01-10T00:00:00Z/2026-02-10T03:00:00Z&limit=5' })
    expect(span.ids).toEqual(
      ids(
        FIXTURES.filter((f) => f.acquiredAt >= '2026-01-10T00:00:00.000Z' && f.acquiredAt <= '2026-02-10T03:00:00.000Z').sort(byTimeDesc),
      ),
    )
    const openStart = await all({ url: '/stac/search?datetime=../2026-01-07T03:00:00Z' })
    expect(openStart.ids).toEqual(ids(FIXTURES.filter((f) => f.acquiredAt <= '2026-01-07T03:00:00.000Z').sort(byTimeDesc)))
    const instant = await get(`/stac/search?datetime=${FIXTURES[10]?.acquiredAt}`)
    expect(instant.body.features.map((f: Item) => f.id).sort()).toEqual(['S010', 'S011'])
    const byIds = await post('/stac/search', { ids: ['S001', 'S002', 'HIDDEN1', 'NOPE'] })
    expect(byIds.body.features.map((f: Item) => f.id).sort()).toEqual(['S001', 'S002'])
    const cols = await all({ url: '/stac/search?collections=ZY3-2_MUX,GF1_PMS1&limit=9' })
    expect(cols.ids).toEqual(ids(FIXTURES.filter((f) => f.satellite !== 'GF2').sort(byTimeDesc)))
  })

  it('crosses the antimeridian with a bbox whose west is east of its east', async () => {
    await buildScene(ctx.database.db, { id: 'DATELINE1', bbox: [179, 10, 179.9, 11] })
    const res = await get('/stac/search?bbox=170,5,-170,15')
    expect(res.body.features.map((f: Item) => f.id)).toEqual(['DATELINE1'])
    await ctx.database.db.deleteFrom('scene').where('id', '=', 'DATELINE1').execute()
  })

  it.each([
    ['-datetime', (a: Fixture, b: Fixture) => byTimeDesc(a, b)],
    ['+eo:cloud_cover', (a: Fixture, b: Fixture) => a.cloud - b.cloud || (a.id < b.id ? -1 : 1)],
    ['-gsd', (a: Fixture, b: Fixture) => b.gsd - a.gsd || (a.id < b.id ? 1 : -1)],
    ['gsd,-datetime', (a: Fixture, b: Fixture) => a.gsd - b.gsd || -byTimeDesc(b, a) || (a.id < b.id ? 1 : -1)],
  ])('pages through every result sorted by %s: no duplicates, no gaps', async (sortby, compare) => {
    const expected = ids([...FIXTURES].sort(compare))
    const { ids: got, pages } = await all({ url: `/stac/search?limit=4&sortby=${encodeURIComponent(sortby)}` })
    expect(got).toEqual(expected)
    expect(pages).toBe(Math.ceil(FIXTURES.length / 4))
    const viaPost = await all({
      url: '/stac/search',
      body: {
        limit: 6,
        sortby: sortby.split(',').map((s) => ({ field: s.replace(/^[+-]/, ''), direction: s.startsWith('-') ? 'desc' : 'asc' })),
      },
    })
    expect(viaPost.ids).toEqual(expected)
  })

  it('uses the documented default limit and refuses one over the maximum', async () => {
    const res = await get('/stac/search')
    expect(res.body.features).toHaveLength(STAC_LIMITS.defaultLimit)
    const max = await get(`/stac/search?limit=${STAC_LIMITS.maxLimit}`)
    expect(max.body.features).toHaveLength(FIXTURES.length)
    const over = await get(`/stac/search?limit=${STAC_LIMITS.maxLimit + 1}`)
    expect(over.status).toBe(400)
    expect(over.body.description).toContain(String(STAC_LIMITS.maxLimit))
  })
})

describe('CQL2 filters', () => {
  const cases: Array<[string, string | object, (f: Fixture) => boolean]> = [
    ['text comparison', 'eo:cloud_cover < 30', (f) => f.cloud < 30],
    ['text and/or/not', "(platform = 'GF1' OR platform = 'GF2') AND NOT gsd >= 1", (f) => f.satellite === 'GF2'],
    ['text between', 'eo:cloud_cover BETWEEN 20 AND 60', (f) => f.cloud >= 20 && f.cloud <= 60],
    ['text in', "platform IN ('ZY3-2', 'GF2')", (f) => f.satellite !== 'GF1'],
    ['text like + casei', "CASEI(platform) LIKE 'zy3%'", (f) => f.satellite === 'ZY3-2'],
    ['text a_contains', "A_CONTAINS(instruments, ('PMS1'))", (f) => f.sensor === 'PMS1'],
    ['text isNull', 'sat:absolute_orbit IS NULL', (f) => f.orbit === null],
    ['text is not null', 'sat:absolute_orbit IS NOT NULL', (f) => f.orbit !== null],
    ['text timestamp', "datetime >= TIMESTAMP('2026-02-01T00:00:00Z')", (f) => f.acquiredAt >= '2026-02-01'],
    [
      'text t_intersects interval',
      "T_INTERSECTS(datetime, INTERVAL('2026-01-10T00:00:00Z', '2026-01-20T00:00:00Z'))",
      (f) => f.acquiredAt >= '2026-01-10' && f.acquiredAt <= '2026-01-20',
    ],
    [
      'text s_intersects WKT',
      'S_INTERSECTS(geometry, POLYGON((103.2 26.1, 107.9 26.1, 107.9 29.4, 103.2 29.4, 103.2 26.1)))',
      (f) => intersects(f.bbox, [103.2, 26.1, 107.9, 29.4]),
    ],
    [
      'text s_intersects BBOX',
      'S_INTERSECTS(geometry, BBOX(100, 25, 104, 27)) AND gsd < 3',
      (f) => intersects(f.bbox, [100, 25, 104, 27]) && f.gsd < 3,
    ],
    ['json comparison', { op: '<=', args: [{ property: 'gsd' }, 2] }, (f) => f.gsd <= 2],
    [
      'json and/not/in',
      {
        op: 'and',
        args: [
          { op: 'in', args: [{ property: 'platform' }, ['GF1', 'GF2']] },
          { op: 'not', args: [{ op: '>', args: [{ property: 'eo:cloud_cover' }, 50] }] },
        ],
      },
      (f) => f.satellite !== 'ZY3-2' && f.cloud <= 50,
    ],
    ['json between', { op: 'between', args: [{ property: 'eo:cloud_cover' }, 10, 40] }, (f) => f.cloud >= 10 && f.cloud <= 40],
    ['json like', { op: 'like', args: [{ property: 'instruments' }, 'PMS%'] }, (f) => f.sensor.startsWith('PMS')],
    ['json isNull', { op: 'isNull', args: [{ property: 'sat:orbit_state' }] }, (f) => f.direction === null],
    [
      'json s_intersects GeoJSON',
      { op: 's_intersects', args: [{ property: 'geometry' }, { type: 'Point', coordinates: [105, 28] }] },
      (f) => intersects(f.bbox, [105, 28, 105, 28]),
    ],
    [
      'json t_intersects',
      { op: 't_intersects', args: [{ property: 'datetime' }, { interval: ['2026-03-01T00:00:00Z', '..'] }] },
      (f) => f.acquiredAt >= '2026-03-01',
    ],
    [
      'json casei',
      {
        op: '=',
        args: [
          { op: 'casei', args: [{ property: 'platform' }] },
          { op: 'casei', args: ['gf1'] },
        ],
      },
      (f) => f.satellite === 'GF1',
    ],
  ]

  it.each(cases)('%s', async (_name, filter, predicate) => {
    const expected = ids(FIXTURES.filter(predicate).sort(byTimeDesc))
    expect(expected.length).toBeGreaterThan(0)
    expect(expected.length).toBeLessThan(FIXTURES.length)
    const isJson = typeof filter !== 'string'
    const text = isJson ? JSON.stringify(filter) : filter
    const viaGet = await all({
      url: `/stac/search?limit=8&filter-lang=${isJson ? 'cql2-json' : 'cql2-text'}&filter=${encodeURIComponent(text)}`,
    })
    expect(viaGet.ids).toEqual(expected)
    const viaPost = await all({ url: '/stac/search', body: { limit: 50, filter, 'filter-lang': isJson ? 'cql2-json' : 'cql2-text' } })
    expect(viaPost.ids).toEqual(expected)
  })
})

describe('bad input answers a Chinese 400 in STAC error JSON', () => {
  it.each([
    ['bbox outside the world', '/stac/search?bbox=100,20,200,30', /bbox/],
    ['bbox with three numbers', '/stac/search?bbox=1,2,3', /bbox/],
    ['bbox south above north', '/stac/search?bbox=100,40,110,30', /bbox/],
    ['bad datetime', '/stac/search?datetime=yesterday', /datetime/],
    ['impossible date', '/stac/search?datetime=2026-02-30T00:00:00Z', /datetime/],
    ['reversed interval', '/stac/search?datetime=2026-05-01T00:00:00Z/2026-04-01T00:00:00Z', /调换/],
    ['limit zero', '/stac/search?limit=0', /limit/],
    ['limit not a number', '/stac/search?limit=ten', /limit/],
    ['unknown collection', '/stac/search?collections=GF9_XYZ', /GF9_XYZ/],
    ['bad sortby', '/stac/search?sortby=-platform', /sortby/],
    ['bad token', '/stac/search?token=bm9wZQ', /分页标记/],
    [
      'bbox and intersects',
      `/stac/search?bbox=1,2,3,4&intersects=${encodeURIComponent('{"type":"Point","coordinates":[1,2]}')}`,
      /只能给出其一/,
    ],
    ['malformed CQL2-text', `/stac/search?filter=${encodeURIComponent('eo:cloud_cover <')}`, /CQL2/],
    ['unbalanced parenthesis', `/stac/search?filter=${encodeURIComponent("(platform = 'GF1'")}`, /CQL2/],
    ['unknown property', `/stac/search?filter=${encodeURIComponent('secret = 1')}`, /不可查询/],
    ['string for a number', `/stac/search?filter=${encodeURIComponent("gsd = 'abc'")}`, /不是数字/],
    ['malformed CQL2-JSON', `/stac/search?filter-lang=cql2-json&filter=${encodeURIComponent('{"op":')}`, /JSON/],
    [
      'unknown CQL2-JSON operator',
      `/stac/search?filter-lang=cql2-json&filter=${encodeURIComponent('{"op":"s_crosses","args":[]}')}`,
      /s_crosses/,
    ],
    ['bad filter-lang', '/stac/search?filter-lang=ecql&filter=gsd%3D1', /filter-lang/],
    ...['\\u0000', '\\u0001', '\\u001f'].map((written): [string, string, RegExp] => [
      `CQL2-JSON string escaping ${written}`,
      `/stac/search?filter-lang=cql2-json&filter=${encodeURIComponent(`{"op":"=","args":[{"property":"platform"},"GF${written}1"]}`)}`,
      new RegExp(`不允许的控制字符（U\\+00${written.slice(-2).toUpperCase()}），位置：filter`),
    ]),
    [
      'CQL2-JSON property name escaping a control character',
      `/stac/search?filter=${encodeURIComponent('{"op":"=","args":[{"property":"platform\\u0000"},"GF1"]}')}`,
      /不允许的控制字符（U\+0000）/,
    ],
    [
      'self-intersecting polygon',
      `/stac/search?intersects=${encodeURIComponent('{"type":"Polygon","coordinates":[[[100,25],[110,35],[110,25],[100,35],[100,25]]]}')}`,
      /几何无效/,
    ],
    ['open ring', `/stac/search?filter=${encodeURIComponent('S_INTERSECTS(geometry, POLYGON((1 1, 2 1, 2 2, 1 2)))')}`, /几何无效/],
  ])('%s', async (_name, url, pattern) => {
    const res = await get(url)
    expect(res.status, JSON.stringify(res.body)).toBe(400)
    expect(res.body.code).toBe('InvalidParameterValue')
    expect(res.body.description).toMatch(pattern)
    expect(res.body.description).toMatch(/[\u4e00-\u9fff]/)
  })

  it('refuses a forged token whose text key holds a NUL or another control character (400, not 500)', async () => {
    const first = (await get('/stac/search?limit=2')).body as Page
    const token = new URL(first.links.find((l) => l.rel === 'next')?.href as string).searchParams.get('token') as string
    const decoded = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as { s: string; k: Array<string | number> }
    for (const forged of ['A\u0000B', 'A\u0001']) {
      const k = decoded.k.map((v, i) => (i === decoded.k.length - 1 ? forged : v))
      const bad = Buffer.from(JSON.stringify({ s: decoded.s, k })).toString('base64url')
      const res = await get(`/stac/search?limit=2&token=${bad}`)
      expect(res.status, JSON.stringify(res.body)).toBe(400)
      expect(res.body.description).toMatch(/分页标记/)
    }
  })

  it('refuses a token from another sort and a body that is not an object', async () => {
    const first = (await get('/stac/search?limit=2')).body as Page
    const token = new URL(first.links.find((l) => l.rel === 'next')?.href as string).searchParams.get('token')
    const res = await get(`/stac/search?sortby=gsd&token=${token}`)
    expect(res.status).toBe(400)
    const body = await ctx.app.inject({
      method: 'POST',
      url: '/stac/search',
      payload: '[1,2]',
      headers: { 'content-type': 'application/json' },
    })
    expect(body.statusCode).toBe(400)
    expect(body.json().code).toBe('InvalidParameterValue')
    const broken = await ctx.app.inject({
      method: 'POST',
      url: '/stac/search',
      payload: '{"limit":',
      headers: { 'content-type': 'application/json' },
    })
    expect(broken.statusCode).toBe(400)
    expect(broken.json().description).toMatch(/[\u4e00-\u9fff]/)
  })
})
