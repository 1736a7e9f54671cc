import type { ApiRoute } from '@rs/shared'
import * as shared from '@rs/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { INITIAL_NEWS } from '../db/news-content'
import { multipartForm } from './images'
import { createTestContext, DEMO_PASSWORDS, loginAs, type TestContext } from './test-context'

/**
 * One walk over every route the server has (the shared contract's descriptors and whatever else
 * is registered: pages, captcha SVG, pictures, multipart uploads, /map/wms, /map/wfs, /map/wmts,
 * /map/tiles), with hostile values in every query key, path parameter, body field and form part,
 * as a visitor, a plain user and an administrator. No answer may be a 5xx; a forbidden character
 * always gets a 4xx; no article is deleted or changed.
 */

let ctx: TestContext
const who: Record<'anonymous' | 'user' | 'admin', string | undefined> = { anonymous: undefined, user: undefined, admin: undefined }

const LONG = 'x'.repeat(100_000)
/** Default messages of zod, Fastify and Node in English: none may reach a user. */
const LIBRARY_ENGLISH = /Invalid|Expected|Required|[Rr]eceived|Too (big|small)|Unrecognized|Unsupported|must be|Bad Request|Not Found/
/**
 * Text values for query strings, path parameters and form parts; the first ones carry forbidden
 * characters. A lone surrogate cannot travel in a URL (its bytes arrive as U+FFFD); it is tried in
 * JSON bodies, where "\ud800" can carry it.
 */
const FORBIDDEN_TEXT = ['\u0000', 'a\u0000b', '\u0001\u001f', 'x\u007f']
const HOSTILE_TEXT = [
  ...FORBIDDEN_TEXT,
  LONG,
  '-1',
  '0',
  '1e308',
  'NaN',
  '99999999999999999999',
  '1.5',
  ' 7',
  '0x10',
  "' or 1=1 --",
  '%',
  '',
]
/** JSON values for body fields. */
const HOSTILE_JSON: unknown[] = [
  true,
  false,
  null,
  [],
  [1],
  {},
  { a: { b: [{}] } },
  -1,
  0,
  1e308,
  1.5,
  2 ** 53 + 1,
  'NaN',
  '\u0000',
  'ok\u0000',
  '\ud800',
  'a\udc00b',
  LONG,
  '1',
]
/** Whole bodies that are not what any route wants. */
const HOSTILE_BODIES = [
  '{bad',
  '[]',
  '"text"',
  'null',
  '1e308',
  '{"__proto__":{"polluted":true}}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
]

/** Query keys of the OGC services, over a request that would otherwise succeed. */
const MAP_BASES: Record<string, Record<string, string>> = {
  '/map/wms': {
    SERVICE: 'WMS',
    VERSION: '1.3.0',
    REQUEST: 'GetMap',
    LAYERS: 'region',
    STYLES: '',
    CRS: 'EPSG:4326',
    BBOX: '30,110,40,120',
    WIDTH: '32',
    HEIGHT: '32',
    FORMAT: 'image/png',
  },
  '/map/wfs': {
    SERVICE: 'WFS',
    VERSION: '2.0.0',
    REQUEST: 'GetFeature',
    TYPENAMES: 'region_province',
    COUNT: '2',
    FILTER:
      '<Filter xmlns="http://www.opengis.net/fes/2.0"><PropertyIsEqualTo><ValueReference>name</ValueReference><Literal>北京市</Literal></PropertyIsEqualTo></Filter>',
  },
  '/map/wmts': {
    SERVICE: 'WMTS',
    VERSION: '1.0.0',
    REQUEST: 'GetTile',
    LAYER: 'region',
    STYLE: 'default',
    TILEMATRIXSET: 'WebMercatorQuad',
    TILEMATRIX: '3',
    TILEROW: '3',
    TILECOL: '6',
    FORMAT: 'image/png',
  },
}
const MAP_EXTRA_KEYS = [
  'RESOURCEID',
  'SORTBY',
  'PROPERTYNAME',
  'STARTINDEX',
  'SRSNAME',
  'OUTPUTFORMAT',
  'I',
  'J',
  'QUERY_LAYERS',
  'INFO_FORMAT',
]

/** Query keys of the routes bound by hand (pictures, captcha), which have no descriptor of their own. */
const EXTRA_QUERY_KEYS: Record<string, string[]> = {
  '/api/news/cover': ['id', 'v'],
  '/api/satellite/typical-images/image': ['key', 'v'],
  '/api/captcha/image': ['token'],
}

/** Valid bodies, so one hostile field is judged next to valid ones (update and delete name article 1). */
const VALID_BODIES: Record<string, Record<string, unknown>> = {
  '/api/news/update': { title: '标题', summary: '摘要', date: '2026-01-20', source: '来源', body: '正文', satelliteSlug: 'zy3', id: 1 },
  '/api/news/delete': { id: 1 },
  '/api/statistics/transaction/increment': { name: 'ALL', label: '' },
  '/api/userinfo/auto-login': { code: 1 },
}

interface Probe {
  method: string
  url: string
  payload?: string | Buffer
  headers?: Record<string, string>
  /** The probe carries a forbidden character: the answer must be a 4xx. */
  forbidden: boolean
}

const encode = (value: string) => encodeURIComponent(value)
const queryString = (params: Record<string, string>) =>
  Object.entries(params)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encode(v)}`)
    .join('&')

/** Every route the app registered, from printRoutes (pages and services bound by hand included). */
function registeredRoutes(tree: string): Array<{ path: string; methods: string[] }> {
  const routes: Array<{ path: string; methods: string[] }> = []
  const stack: string[] = []
  for (const line of tree.split('\n')) {
    const m = /^([│ ├└─]*?)(?:[├└]── )?(\S+) \(([A-Z, ]+)\)$/.exec(line.trimEnd())
    if (!m) continue
    const depth = Math.floor((m[1]?.length ?? 0) / 4)
    const full = depth === 0 ? (m[2] as string) : `${stack[depth - 1] === '/' ? '/' : (stack[depth - 1] ?? '')}${m[2]}`
    stack[depth] = full
    stack.length = depth + 1
    routes.push({ path: full, methods: (m[3] as string).split(', ').filter((x) => x !== 'HEAD') })
  }
  return routes
}

function contractRoutes(): ApiRoute[] {
  return Object.values(shared as Record<string, unknown>).filter(
    (v): v is ApiRoute => !!v && typeof v === 'object' && 'path' in v && 'method' in v && 'auth' in v && 'data' in v,
  )
}

const shapeKeys = (schema: unknown) => (schema instanceof z.ZodObject ? Object.keys(schema.shape) : [])

function probesFor(path: string, method: string, contract: ApiRoute | undefined): Probe[] {
  const probes: Probe[] = []
  const isForbidden = (v: unknown) => typeof v === 'string' && shared.forbiddenCharacter(v, { multiline: true }) !== undefined
  const params = [...path.matchAll(/:(\w+)/g)].map((m) => m[1] as string)
  const fill = (value: string | undefined) =>
    path.replace(/:(\w+)/g, (_, name: string) => (value === undefined ? (name === 'layer' ? 'region' : '1') : encode(value)))

  // path parameters
  for (const value of params.length > 0 ? HOSTILE_TEXT : []) probes.push({ method, url: fill(value), forbidden: isForbidden(value) })

  // query keys (the OGC services get a request that would work, with one key made hostile)
  const base = MAP_BASES[path] ?? {}
  const keys = new Set([...shapeKeys(contract?.query), ...(EXTRA_QUERY_KEYS[path] ?? []), ...Object.keys(base)])
  if (path in MAP_BASES) for (const k of MAP_EXTRA_KEYS) keys.add(k)
  if (keys.size === 0) keys.add('x')
  for (const key of keys)
    for (const value of HOSTILE_TEXT)
      probes.push({ method, url: `${fill(undefined)}?${queryString({ ...base, [key]: value })}`, forbidden: isForbidden(value) })
  // a valid value with a forbidden character inside (a NUL in a filter's literal, after a layer name)
  for (const [key, value] of Object.entries(base)) {
    const inside = value.includes('北京市') ? value.replace('北京市', '北京\u0000市') : `${value}\u0000`
    probes.push({ method, url: `${fill(undefined)}?${queryString({ ...base, [key]: inside })}`, forbidden: true })
  }
  // the same key twice (an array where a string is expected)
  for (const key of keys) probes.push({ method, url: `${fill(undefined)}?${key}=1&${key}=2`, forbidden: false })

  if (method === 'POST' && contract?.body) {
    const valid = VALID_BODIES[path] ?? {}
    for (const key of new Set([...shapeKeys(contract.body), ...Object.keys(valid)]))
      for (const value of HOSTILE_JSON)
        probes.push({
          method,
          url: path,
          payload: JSON.stringify({ ...valid, [key]: value }),
          headers: { 'content-type': 'application/json' },
          forbidden: isForbidden(value),
        })
    probes.push({
      method,
      url: path,
      payload: JSON.stringify({ ...valid, 'bad\u0000key': 1 }),
      headers: { 'content-type': 'application/json' },
      forbidden: true,
    })
  }
  if (method !== 'GET') {
    for (const body of HOSTILE_BODIES)
      probes.push({ method, url: path, payload: body, headers: { 'content-type': 'application/json' }, forbidden: false })
    // multipart forms: hostile file names, field names and values, a missing file
    const query = path === '/api/news/cover' ? '?id=1' : path.includes('typical-images') ? '?key=gf1' : ''
    for (const form of [
      [{ name: 'file', filename: 'a\u0000.geojson', data: '{}' }],
      [{ name: 'file', filename: `${LONG}.kml`, data: '<kml/>' }],
      [{ name: 'file', filename: 'a.geojson', data: '{"type":"Polygon","coordinates":"\u0000"}' }],
      [
        { name: 'credit', data: 'x\u0000' },
        { name: 'file', filename: 'a.png', data: 'not a png' },
      ],
      [{ name: 'cre\u0001dit', data: 'x' }],
      [{ name: 'credit', data: 'only a field' }],
    ]) {
      const body = multipartForm(form)
      const bad = form.some((p) => isForbidden(p.name) || isForbidden(p.filename ?? '') || isForbidden(String(p.data)))
      probes.push({ method, url: `${path}${query}`, payload: body.payload, headers: body.headers, forbidden: bad })
    }
  }
  return probes
}

const newsSnapshot = () => ctx.database.db.selectFrom('news').select(['id', 'title', 'updated_at']).orderBy('id').execute()

beforeAll(async () => {
  ctx = await createTestContext()
  who.user = await loginAs(ctx, 'user', DEMO_PASSWORDS.user)
  who.admin = await loginAs(ctx, 'admin', DEMO_PASSWORDS.admin)
}, 180_000)
afterAll(async () => {
  await ctx?.close()
})

describe('the hostile-input walk', () => {
  it('finds every route of the contract among the registered ones, the OGC services and uploads included', () => {
    const registered = registeredRoutes(ctx.app.printRoutes({ commonPrefix: false }))
    const paths = new Set(registered.map((r) => r.path))
    for (const route of contractRoutes()) expect(paths, route.path).toContain(route.path)
    for (const p of [
      '/map/wms',
      '/map/wfs',
      '/map/wmts',
      '/map/tiles/:layer/:z/:x/:y',
      '/api/captcha/image',
      '/api/aoi/upload',
      '/chinese',
    ])
      expect(paths, p).toContain(p)
    expect(registered.length).toBeGreaterThan(contractRoutes().length)
  })

  it('never answers 5xx, always 4xx for forbidden characters, and deletes or changes nothing', async () => {
    const before = await newsSnapshot()
    expect(before).toHaveLength(INITIAL_NEWS.length)
    const contract = new Map(contractRoutes().map((r) => [`${r.method} ${r.path}`, r]))
    const registered = registeredRoutes(ctx.app.printRoutes({ commonPrefix: false })).filter((r) => !r.path.startsWith('/api/docs'))

    const failures: string[] = []
    const started = performance.now()
    let sent = 0
    let n = 0
    for (const route of registered)
      for (const method of route.methods) {
        const probes = probesFor(route.path, method, contract.get(`${method} ${route.path}`))
        // the OGC services and pages do not look at the session: once, as a visitor
        const roles = route.path.startsWith('/api/') ? (['anonymous', 'user', 'admin'] as const) : (['anonymous'] as const)
        for (const role of roles)
          for (const probe of probes) {
            const token = who[role]
            n++
            const res = await ctx.app.inject({
              method: probe.method as 'GET',
              url: probe.url,
              payload: probe.payload,
              headers: { ...probe.headers, ...(token ? { token } : {}) },
              // a new address per request, so rate limits do not hide what is behind them
              remoteAddress: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
            })
            sent++
            const shown = `${role} ${probe.method} ${probe.url.slice(0, 160)} ${typeof probe.payload === 'string' ? probe.payload.slice(0, 120) : ''}`
            if (res.statusCode >= 500) failures.push(`${res.statusCode} ${shown} → ${res.body.slice(0, 200)}`)
            else if (probe.forbidden && (res.statusCode < 400 || res.statusCode >= 500))
              failures.push(`${res.statusCode} (want 4xx) ${shown}`)
            else if (route.path.startsWith('/api/') && res.statusCode >= 400 && String(res.headers['content-type']).includes('json')) {
              // the user reads the message: Chinese, never a library's English default
              const message = String((res.json() as { message?: unknown }).message ?? '')
              if (!/\p{Script=Han}/u.test(message) || LIBRARY_ENGLISH.test(message))
                failures.push(`${res.statusCode} not a Chinese message: ${shown} → ${message.slice(0, 160)}`)
            }
            // (414: a path parameter over the router's limit is refused before any route, the map's included)
            else if (
              route.path.startsWith('/map/') &&
              res.statusCode >= 400 &&
              res.statusCode !== 414 &&
              String(res.headers['content-type']).includes('json')
            )
              failures.push(`JSON error from an OGC service: ${shown}`)
          }
      }
    console.info(`hostile-input walk: ${sent} requests over ${registered.length} routes in ${Math.round(performance.now() - started)} ms`)
    expect(failures).toEqual([])
    expect(sent).toBeGreaterThan(2000)
    expect(await newsSnapshot()).toEqual(before)
  }, 240_000)
})
