import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildScene } from '../../../../test-support/factories'
import { createTestContext, type TestContext } from '../../../test/test-context'
import { zonedDayStart } from './form'
import { createSceneRecords } from './records'

/**
 * The portal (/api/normalmeta/query) and STAC (/stac/search) are two faces of the one scene query:
 * for random areas (boxes, polygons) and filters (Beijing days, cloud, resolution, satellites or
 * sensors, sort field and direction) both give the same scene ids in the same order, page after
 * page. The archive and the searches come from a seeded generator; a failing case names its seed
 * (SCENE_QUERY_SEED=<seed> repeats the whole run).
 */

const BASE = 'https://portal.example.cn'
const SEED = Number(process.env.SCENE_QUERY_SEED ?? 20261206)
const CASES = 40
const PAGE = 20

/** mulberry32: a small seeded generator (no Math.random anywhere in this test). */
function generator(seed: number) {
  let a = seed >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return {
    next,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T,
    chance: (p: number) => next() < p,
  }
}
type Random = ReturnType<typeof generator>

const SENSORS = [
  ['GF1', 'PMS1', 2],
  ['GF1', 'WFV1', 16],
  ['GF2', 'PMS', 0.8],
  ['ZY3-2', 'MUX', 5.8],
] as const
const SATELLITES = ['GF1', 'GF2', 'ZY3-2'] as const
/** Resolution limits of the random cases; limits on the archive's own float4 values (0.8 m) have their own cases below. */
const RESOLUTION_LIMITS = [0.5, 1, 2, 3, 5, 6, 8, 16, 20] as const
/** The archive's extent (lon 100–108, lat 24–31) and its days (2026-01-01 to 2026-03-31, Beijing). */
const DAY0 = Date.UTC(2026, 0, 1)
const DAYS = 90

let ctx: TestContext
/** The generated archive's numbers, to compute the boundary searches' answers independently. */
const ARCHIVE: Array<{ id: string; gsd: number; cloud: number; published: boolean }> = []

beforeAll(async () => {
  ctx = await createTestContext({ PUBLIC_BASE_URL: BASE, MAP_REQUESTS_PER_MINUTE: '100000' })
  const r = generator(SEED)
  for (let i = 0; i < 240; i++) {
    const [satellite, sensor, gsd] = r.pick(SENSORS)
    const lon = 100 + r.next() * 6
    const lat = 24 + r.next() * 5
    const size = 0.3 + r.next() * 1.7
    // whole seconds, pairs of scenes sharing a time and clouds from a short list: ties the id must break
    const at = i % 5 === 1 ? undefined : new Date(DAY0 + r.int(0, DAYS * 24 * 3600 - 1) * 1000).toISOString()
    const id = `Q${String(i).padStart(3, '0')}`
    const cloud = r.pick([0, 5, 10, 10, 20, 35, 50, 50, 75, 90, 100])
    // a few not yet in the archive: neither face shows them
    const dataStatus = r.chance(0.1) ? '1' : '2'
    await buildScene(ctx.database.db, {
      id,
      satellite,
      sensor,
      acquiredAt: at ?? new Date(DAY0 + (i % 7) * 86_400_000 + 3_600_000).toISOString(),
      cloudPercent: cloud,
      resolutionM: gsd,
      bbox: [lon, lat, lon + size, lat + size * 0.8],
      dataStatus,
    })
    ARCHIVE.push({ id, gsd, cloud, published: dataStatus === '2' })
  }
  // a drawn area is repaired in the worker pool within a budget: the first search starts its threads,
  // which on a loaded machine may take longer than the budget, so it is started before the cases
  await ctx.app.inject({
    method: 'POST',
    url: '/api/normalmeta/query',
    payload: {
      area: {
        mode: 'draw',
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [100, 24],
              [101, 24],
              [101, 25],
              [100, 24],
            ],
          ],
        },
      },
    },
  })
}, 120_000)

afterAll(async () => {
  await ctx?.close()
})

type Area = { kind: 'bbox'; bbox: [number, number, number, number] } | { kind: 'polygon'; ring: Array<[number, number]> }

interface Case {
  seed: number
  area: Area
  startDate?: string
  endDate?: string
  cloudMax?: number
  resolutionMin?: number
  resolutionMax?: number
  satellites?: string[]
  sensors?: Array<readonly [string, string]>
  sortField: 'time' | 'cloud' | 'resolution'
  sortOrder: 'asc' | 'desc'
  post: boolean
}

const day = (offset: number) => new Date(DAY0 + offset * 86_400_000).toISOString().slice(0, 10)

function randomCase(seed: number): Case {
  const r: Random = generator(seed)
  const w = 99.5 + r.next() * 6
  const s = 23.5 + r.next() * 5
  const dx = 0.5 + r.next() * 5
  const dy = 0.5 + r.next() * 4
  const area: Area = r.chance(0.6)
    ? { kind: 'bbox', bbox: [w, s, Math.min(w + dx, 180), Math.min(s + dy, 90)] }
    : // a triangle: always a valid polygon, whichever way it turns
      {
        kind: 'polygon',
        ring: [
          [w, s],
          [w + dx, s + r.next() * dy],
          [w + r.next() * dx, s + dy],
          [w, s],
        ],
      }
  const c: Case = {
    seed,
    area,
    sortField: r.pick(['time', 'cloud', 'resolution'] as const),
    sortOrder: r.pick(['asc', 'desc'] as const),
    post: r.chance(0.5),
  }
  if (r.chance(0.5)) {
    const a = r.int(-5, DAYS)
    const b = r.int(a, DAYS + 5)
    if (r.chance(0.8)) c.startDate = day(a)
    if (r.chance(0.8)) c.endDate = day(b)
  }
  if (r.chance(0.5)) c.cloudMax = r.pick([0, 5, 10, 20, 40, 50, 80, 100])
  if (r.chance(0.4)) {
    const lo = r.int(0, RESOLUTION_LIMITS.length - 1)
    const hi = r.int(lo, RESOLUTION_LIMITS.length - 1)
    if (r.chance(0.7)) c.resolutionMin = RESOLUTION_LIMITS[lo]
    if (r.chance(0.7)) c.resolutionMax = RESOLUTION_LIMITS[hi]
  }
  const which = r.next()
  if (which < 0.3) c.satellites = SATELLITES.filter(() => r.chance(0.5)).slice(0, 2)
  else if (which < 0.55) c.sensors = SENSORS.filter(() => r.chance(0.5)).map(([sat, sensor]) => [sat, sensor] as const)
  if (c.satellites?.length === 0) c.satellites = undefined
  if (c.sensors?.length === 0) c.sensors = undefined
  return c
}

/** The portal's wire request of a case (SPEC's pageNum/pageSize), asking for published scenes like STAC. */
function portalBody(c: Case, pageNum: number) {
  const area =
    c.area.kind === 'bbox'
      ? { mode: 'extent', bbox: c.area.bbox }
      : { mode: 'draw', geometry: { type: 'Polygon', coordinates: [c.area.ring] } }
  return {
    area,
    filters: {
      satellites: c.satellites ?? [],
      sensors: (c.sensors ?? []).map(([sat, sensor]) => `${sat}:${sensor}`),
      startDate: c.startDate,
      endDate: c.endDate,
      cloudMax: c.cloudMax,
      resolutionMin: c.resolutionMin,
      resolutionMax: c.resolutionMax,
      productLevels: [],
      dataStatus: '2',
    },
    sort: { sortField: c.sortField, sortOrder: c.sortOrder },
    pageNum,
    pageSize: PAGE,
  }
}

const STAC_SORT = { time: 'datetime', cloud: 'eo:cloud_cover', resolution: 'gsd' } as const

/** The same search in STAC's words: Beijing days as an interval of instants, the limits as a CQL2 filter. */
function stacSearch(c: Case) {
  const start = c.startDate ? zonedDayStart(c.startDate) : undefined
  // the portal's end day is included up to the next day's start; STAC's end is included: the last millisecond before it
  const nextDay = c.endDate ? zonedDayStart(c.endDate, undefined, 1) : undefined
  const end = nextDay ? new Date(Date.parse(nextDay) - 1).toISOString() : undefined
  const datetime = start || end ? `${start ?? '..'}/${end ?? '..'}` : undefined
  const text: string[] = []
  const json: unknown[] = []
  if (c.satellites) {
    text.push(`platform IN (${c.satellites.map((s) => `'${s}'`).join(', ')})`)
    json.push({ op: 'in', args: [{ property: 'platform' }, c.satellites] })
  }
  const limit = (name: string, op: '<=' | '>=', value: number | undefined) => {
    if (value === undefined) return
    text.push(`${name} ${op} ${value}`)
    json.push({ op, args: [{ property: name }, value] })
  }
  limit('eo:cloud_cover', '<=', c.cloudMax)
  limit('gsd', '>=', c.resolutionMin)
  limit('gsd', '<=', c.resolutionMax)
  return {
    bbox: c.area.kind === 'bbox' ? c.area.bbox : undefined,
    intersects: c.area.kind === 'polygon' ? { type: 'Polygon', coordinates: [c.area.ring] } : undefined,
    datetime,
    collections: c.sensors?.map(([sat, sensor]) => `${sat}_${sensor}`),
    sortby: `${c.sortOrder === 'desc' ? '-' : '+'}${STAC_SORT[c.sortField]}`,
    text: text.length ? text.join(' AND ') : undefined,
    json: json.length === 0 ? undefined : json.length === 1 ? json[0] : { op: 'and', args: json },
  }
}

/** Every page of the portal's answer: ids per page and the total it states. */
async function portalPages(c: Case): Promise<{ pages: string[][]; total: number }> {
  const pages: string[][] = []
  let total = 0
  for (let pageNum = 1; ; pageNum++) {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/normalmeta/query', payload: portalBody(c, pageNum) })
    expect(res.statusCode, `seed ${c.seed}: ${res.body}`).toBe(200)
    const data = res.json().data as { total: number; totalExact: boolean; list: Array<{ id: string }> }
    expect(data.totalExact, `seed ${c.seed}`).toBe(true)
    total = data.total
    if (data.list.length > 0) pages.push(data.list.map((s) => s.id))
    if (pageNum * PAGE >= total || data.list.length === 0) return { pages, total }
    expect(pageNum, `seed ${c.seed}`).toBeLessThan(50)
  }
}

/** Every page of STAC's answer, following its next links (GET or POST as the case asks). */
async function stacPages(c: Case): Promise<string[][]> {
  const s = stacSearch(c)
  let next: { href: string; method?: string; body?: Record<string, unknown> } | undefined
  if (c.post) {
    const body: Record<string, unknown> = { limit: PAGE, sortby: [{ field: STAC_SORT[c.sortField], direction: c.sortOrder }] }
    if (s.bbox) body.bbox = s.bbox
    if (s.intersects) body.intersects = s.intersects
    if (s.datetime) body.datetime = s.datetime
    if (s.collections) body.collections = s.collections
    if (s.json) Object.assign(body, { filter: s.json, 'filter-lang': 'cql2-json' })
    next = { href: `${BASE}/stac/search`, method: 'POST', body }
  } else {
    const q = new URLSearchParams({ limit: String(PAGE), sortby: s.sortby })
    if (s.bbox) q.set('bbox', s.bbox.join(','))
    if (s.intersects) q.set('intersects', JSON.stringify(s.intersects))
    if (s.datetime) q.set('datetime', s.datetime)
    if (s.collections) q.set('collections', s.collections.join(','))
    if (s.text) q.set('filter', s.text)
    next = { href: `${BASE}/stac/search?${q.toString()}`, method: 'GET' }
  }
  const pages: string[][] = []
  while (next) {
    expect(next.href.startsWith(BASE), `seed ${c.seed}`).toBe(true)
    const url = next.href.slice(BASE.length)
    const res =
      next.method === 'POST'
        ? await ctx.app.inject({ method: 'POST', url, payload: next.body as object })
        : await ctx.app.inject({ method: 'GET', url })
    expect(res.statusCode, `seed ${c.seed}: ${res.body}`).toBe(200)
    const page = res.json() as {
      features: Array<{ id: string }>
      links: Array<{ rel: string; href: string; method?: string; body?: Record<string, unknown> }>
    }
    if (page.features.length > 0) pages.push(page.features.map((f) => f.id))
    next = page.links.find((l) => l.rel === 'next')
    expect(pages.length, `seed ${c.seed}`).toBeLessThan(50)
  }
  return pages
}

describe('the portal and STAC are two faces of one scene query', () => {
  const seeds = Array.from({ length: CASES }, (_, i) => SEED * 100 + i)
  const totals: number[] = []

  it.each(seeds)('case seed %i: the same ids in the same order, page after page', async (seed) => {
    const c = randomCase(seed)
    const portal = await portalPages(c)
    const stac = await stacPages(c)
    expect(stac, `seed ${seed}: ${JSON.stringify(c)}`).toEqual(portal.pages)
    expect(stac.flat().length, `seed ${seed}`).toBe(portal.total)
    totals.push(portal.total)
  })

  it('met empty, one-page and many-page answers (the generator is not degenerate)', () => {
    expect(totals).toHaveLength(CASES)
    expect(
      totals.some((n) => n === 0),
      totals.join(' '),
    ).toBe(true)
    expect(totals.some((n) => n > 0 && n <= PAGE)).toBe(true)
    expect(totals.filter((n) => n > PAGE).length, totals.join(' ')).toBeGreaterThan(5)
  })
})

describe("limits on the archive's own values keep the scenes at the limit (float4 columns)", () => {
  // resolution and cloud are stored as real (float4): 0.8 m is 0.800000011920929 as float8, so a
  // limit bound as float8 would leave the 0.8 m scenes out of gsd <= 0.8
  const WHOLE: Area = { kind: 'bbox', bbox: [99, 23, 109, 32] }
  const base = { seed: 0, area: WHOLE, sortField: 'resolution', sortOrder: 'asc' } as const
  const expected = (keep: (s: (typeof ARCHIVE)[number]) => boolean) =>
    ARCHIVE.filter((s) => s.published && keep(s))
      .map((s) => s.id)
      .sort()
  const limits: Array<[string, Partial<Case>, (s: (typeof ARCHIVE)[number]) => boolean]> = [
    ['resolution ≤ 0.8', { resolutionMax: 0.8 }, (s) => s.gsd <= 0.8],
    ['resolution ≥ 0.8', { resolutionMin: 0.8 }, (s) => s.gsd >= 0.8],
    ['0.8 ≤ resolution ≤ 0.8', { resolutionMin: 0.8, resolutionMax: 0.8 }, (s) => s.gsd === 0.8],
    ['resolution ≤ 2', { resolutionMax: 2 }, (s) => s.gsd <= 2],
    ['2 ≤ resolution ≤ 16', { resolutionMin: 2, resolutionMax: 16 }, (s) => s.gsd >= 2 && s.gsd <= 16],
    ['resolution ≥ 16', { resolutionMin: 16 }, (s) => s.gsd >= 16],
    ['cloud ≤ 10', { cloudMax: 10 }, (s) => s.cloud <= 10],
    [
      'cloud ≤ 10 and 0.8 ≤ resolution ≤ 2',
      { cloudMax: 10, resolutionMin: 0.8, resolutionMax: 2 },
      (s) => s.cloud <= 10 && s.gsd >= 0.8 && s.gsd <= 2,
    ],
  ]

  it.each(limits)('%s: the portal form, CQL2 text and CQL2 JSON all answer the scenes at the limit', async (_name, limit, keep) => {
    const want = expected(keep)
    expect(want.length).toBeGreaterThan(0)
    const portal = (await portalPages({ ...base, ...limit, post: false })).pages.flat()
    const text = (await stacPages({ ...base, ...limit, post: false })).flat()
    const json = (await stacPages({ ...base, ...limit, post: true })).flat()
    expect([...portal].sort()).toEqual(want)
    expect(text).toEqual(portal)
    expect(json).toEqual(portal)
  })

  const stacOnly: Array<[string, string, (s: (typeof ARCHIVE)[number]) => boolean]> = [
    ['gsd = 0.8', 'gsd = 0.8', (s) => s.gsd === 0.8],
    ['gsd < 0.8', 'gsd < 0.8', (s) => s.gsd < 0.8],
    ['gsd > 0.8', 'gsd > 0.8', (s) => s.gsd > 0.8],
    ['gsd BETWEEN 0.8 AND 2', 'gsd BETWEEN 0.8 AND 2', (s) => s.gsd >= 0.8 && s.gsd <= 2],
    ['gsd IN (0.8, 16)', 'gsd IN (0.8, 16)', (s) => s.gsd === 0.8 || s.gsd === 16],
    ['eo:cloud_cover = 10', 'eo:cloud_cover = 10', (s) => s.cloud === 10],
    ['gsd < 1e39 (past float4)', 'gsd < 1e39', () => true],
    ['gsd > 1e-50 (below float4)', 'gsd > 1e-50', () => true],
  ]

  it.each(stacOnly)('STAC %s', async (_name, filter, keep) => {
    const q = new URLSearchParams({ limit: '1000', bbox: '99,23,109,32', filter })
    const res = await ctx.app.inject({ method: 'GET', url: `/stac/search?${q.toString()}` })
    expect(res.statusCode, res.body).toBe(200)
    const page = res.json() as { features: Array<{ id: string }>; links: Array<{ rel: string }> }
    expect(page.links.some((l) => l.rel === 'next')).toBe(false)
    expect(page.features.map((f) => f.id).sort()).toEqual(expected(keep))
  })
})

describe('scenes by id (the port orders read through)', () => {
  it('answers each known id once, any data status, with its export record and box; unknown ids are absent', async () => {
    const hidden = ARCHIVE.find((s) => !s.published)
    const ids = ['Q001', 'Q000', 'NOT-IN-ARCHIVE', 'Q001', ...(hidden ? [hidden.id] : [])]
    const found = await createSceneRecords(ctx.database.db).byIds(ids)
    expect([...found.keys()].sort()).toEqual(['Q000', 'Q001', ...(hidden ? [hidden.id] : [])].sort())
    const q0 = found.get('Q000')
    const fixture = ARCHIVE.find((s) => s.id === 'Q000')
    expect(q0?.row.id).toBe('Q000')
    expect(q0?.record).toMatchObject({ id: 'Q000', cloudPercent: fixture?.cloud, resolutionM: fixture?.gsd })
    const [w, s, e, n] = q0?.bbox ?? []
    expect((w as number) < (e as number) && (s as number) < (n as number)).toBe(true)
    expect(JSON.parse(q0?.record.footprint ?? 'null')).toMatchObject({ type: 'MultiPolygon' })
    expect((await createSceneRecords(ctx.database.db).byIds([])).size).toBe(0)
  })
})
