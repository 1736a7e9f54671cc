import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { AOI_LIMITS, ARCHIVE_LIMITS, tZh } from '@rs/shared'
import type { MultiPolygon, Polygon } from 'geojson'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SAMPLE_GEOJSON } from '../../../test-support/aoi.fixtures'
import type { AuditRecorder } from '../../lib/audit'
import { geodesicAreaKm2 } from '../../lib/geometry/geodesic'
import { createTaskPool, type TaskPool } from '../../lib/workers/pool'
import { createTestContext, type TestContext } from '../../test/test-context'
import { AREA_MESSAGES, type AreaMessages, type Areas, createAreas, type ResolvedArea } from '.'

let ctx: TestContext
let tasks: TaskPool
let areas: Areas
const audited: Array<{ action: string; outcome: string | undefined }> = []
const audit: AuditRecorder = {
  record: async (entry) => {
    audited.push({ action: entry.action, outcome: entry.outcome })
  },
}

beforeAll(async () => {
  ctx = await createTestContext()
  tasks = createTaskPool({ maxThreads: 1 })
  areas = createAreas({ db: ctx.database.db, tasks, audit })
})
afterAll(async () => {
  await tasks?.close()
  await ctx?.close()
})

/** The area Shapely and pyproj (Debian's) give for the same polygons, in km². */
function independentAreaKm2(polygons: number[][][][]): number {
  const script = fileURLToPath(new URL('../../test/shapely-area.py', import.meta.url))
  return Number(execFileSync('/usr/bin/python3', [script], { input: JSON.stringify(polygons) }).toString())
}

/** Whether the resolved geometry expression holds a point (the SQL fragment really is the area). */
async function covers(area: ResolvedArea, lon: number, lat: number): Promise<boolean> {
  const { rows } = await sql<{ inside: boolean }>`
    SELECT ST_Covers(${area.geom}, ST_SetSRID(ST_MakePoint(${lon}::float8, ${lat}::float8), 4326)) AS inside`.execute(ctx.database.db)
  return rows[0]?.inside === true
}

/** What a refusal says: its status and Chinese message. */
async function refusal(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
  const error = await promise.then(
    () => {
      throw new Error('expected a refusal')
    },
    (e: unknown) => e as { status: number; message: string },
  )
  return { status: error.status, message: error.message }
}

type Ring = Array<[number, number]>

const BOW_TIE: Ring = [
  [116, 39.5],
  [116.6, 40.1],
  [116.6, 39.5],
  [116, 40.1],
  [116, 39.5],
]

describe('the area capability resolves every input into one shape', () => {
  it('a province: its outline, the region and level a consumer may index by, and its geodesic area', async () => {
    const sichuan = await areas.resolve({ mode: 'region', regionCode: '510000' })
    expect(sichuan).toMatchObject({ mode: 'region', region: { code: '510000', level: 'province' } })
    // 四川省: 48.6 万 km² (its official figure); the committed outlines are simplified a little
    expect(sichuan.areaKm2).toBeGreaterThan(470_000)
    expect(sichuan.areaKm2).toBeLessThan(500_000)
    const [w, s, e, n] = sichuan.bbox
    expect(w).toBeGreaterThan(96)
    expect(e).toBeLessThan(110)
    expect(s).toBeGreaterThan(25)
    expect(n).toBeLessThan(35)
    expect(await covers(sichuan, 104.07, 30.67)).toBe(true) // 成都
    expect(await covers(sichuan, 116.4, 39.9)).toBe(false) // 北京
  })

  it('a city by its outline; 全国 as the provinces together; an unknown region a 404 in the caller words', async () => {
    const chengdu = await areas.resolve({ mode: 'region', regionCode: '510100' })
    expect(chengdu).toMatchObject({ mode: 'region', region: { code: '510100', level: 'city' } })
    expect(await covers(chengdu, 104.07, 30.67)).toBe(true)

    const country = await areas.resolve({ mode: 'region', regionCode: '100000' })
    expect(country).toMatchObject({ mode: 'country', region: { code: '100000', level: 'country' } })
    expect(country.areaKm2).toBeGreaterThan(9_000_000)
    expect(await covers(country, 87.6, 43.8)).toBe(true) // 乌鲁木齐

    expect(await refusal(areas.resolve({ mode: 'region', regionCode: '990000' }))).toEqual({
      status: 404,
      message: tZh('archive.errors.unknownRegion', { code: '990000' }),
    })
    const orbitWords: AreaMessages = { ...AREA_MESSAGES, unknownRegion: 'orbit.errors.areaUnknownRegion' }
    expect(await refusal(areas.resolve({ mode: 'region', regionCode: '990000' }, orbitWords))).toEqual({
      status: 404,
      message: tZh('orbit.errors.areaUnknownRegion'),
    })
  })

  it('an extent: the box itself, its area geodesic as GeographicLib gives it', async () => {
    const bbox: [number, number, number, number] = [116, 39, 117, 40]
    const box = await areas.resolve({ mode: 'extent', bbox })
    expect(box).toMatchObject({ mode: 'extent', region: null, bbox })
    const ring = [
      [116, 39],
      [117, 39],
      [117, 40],
      [116, 40],
      [116, 39],
    ]
    expect(box.areaKm2 / geodesicAreaKm2({ type: 'Polygon', coordinates: [ring] })).toBeCloseTo(1, 6)
    expect(await covers(box, 116.5, 39.5)).toBe(true)
  })

  it('a drawn self-crossing polygon, repaired in the worker, with the area Shapely gives', async () => {
    const drawn = await areas.resolve({ mode: 'draw', geometry: { type: 'Polygon', coordinates: [BOW_TIE] } })
    expect(drawn).toMatchObject({ mode: 'draw', region: null })
    expect(drawn.areaKm2 / independentAreaKm2([[BOW_TIE]])).toBeCloseTo(1, 2)
    expect(await covers(drawn, 116.1, 39.8)).toBe(true) // in the western triangle
    expect(await covers(drawn, 116.5, 39.8)).toBe(true) // in the eastern one
    expect(await covers(drawn, 116.3, 39.6)).toBe(false) // below the crossing
    const geometry = JSON.parse(await areas.geojson(drawn)) as MultiPolygon
    expect(geometry.type).toBe('MultiPolygon')
    expect(geometry.coordinates).toHaveLength(2)
  })

  it('refuses a drawn area without area, outside the world, over the vertex budget or over the time budget', async () => {
    const flat: Ring = [
      [116, 40],
      [117, 40],
      [118, 40],
      [116, 40],
    ]
    expect(await refusal(areas.resolve({ mode: 'draw', geometry: { type: 'Polygon', coordinates: [flat] } }))).toEqual({
      status: 400,
      message: tZh('archive.errors.emptyGeometry'),
    })
    const outside: Ring = [
      [170, 30],
      [190, 30],
      [190, 40],
      [170, 30],
    ]
    expect((await refusal(areas.resolve({ mode: 'draw', geometry: { type: 'Polygon', coordinates: [outside] } }))).status).toBe(400)
    const many: Ring = Array.from({ length: ARCHIVE_LIMITS.maxDrawnVertices + 1 }, (_, i) => {
      const t = (2 * Math.PI * i) / (ARCHIVE_LIMITS.maxDrawnVertices + 1)
      return [116 + 0.5 * Math.cos(t), 40 + 0.5 * Math.sin(t)]
    })
    expect(await refusal(areas.resolve({ mode: 'draw', geometry: { type: 'Polygon', coordinates: [many] } }))).toEqual({
      status: 422,
      message: tZh('archive.errors.tooManyVertices', { max: ARCHIVE_LIMITS.maxDrawnVertices }),
    })
    // a budget no thread can meet (it counts from the queueing): 422, and the pool serves the next one
    const hurried = createTaskPool({ maxThreads: 1 })
    try {
      const strict = createAreas({ db: ctx.database.db, tasks: hurried, audit, limits: { ...AOI_LIMITS, maxProcessingSeconds: 0.001 } })
      expect(await refusal(strict.resolve({ mode: 'draw', geometry: { type: 'Polygon', coordinates: [BOW_TIE] } }))).toEqual({
        status: 422,
        message: tZh('archive.errors.tooComplex', { seconds: 0.001 }),
      })
    } finally {
      await hurried.close()
    }
  })

  it('refuses a drawn area with 503 and the busy message while the repair thread and its queue are full', async () => {
    // one thread, no place in the queue: the second of two drawings at once is refused, the first repaired
    const full = createTaskPool({ maxThreads: 1, maxQueue: 0 })
    try {
      const busy = createAreas({ db: ctx.database.db, tasks: full, audit })
      const draw = () => busy.resolve({ mode: 'draw', geometry: { type: 'Polygon', coordinates: [BOW_TIE] } })
      const [first, second] = await Promise.allSettled([draw(), draw()])
      expect(first.status).toBe('fulfilled')
      expect(second.status === 'rejected' && { status: second.reason.status, message: second.reason.message }).toEqual({
        status: 503,
        message: tZh('errors.busy'),
      })
      // the refusal left nothing behind: the next drawing is repaired
      expect((await draw()).mode).toBe('draw')
    } finally {
      await full.close()
    }
  })

  it('an uploaded area: stored once by the upload store, then resolved by its id; an unknown id a 404', async () => {
    const stored = await areas.uploads.upload({
      fileName: 'dir/sample.geojson',
      data: new TextEncoder().encode(JSON.stringify(SAMPLE_GEOJSON)),
      actor: null,
      ip: '127.0.0.1',
    })
    expect(stored).toMatchObject({ name: 'sample.geojson', featureCount: 2 })
    expect(audited.at(-1)).toEqual({ action: 'aoiUpload', outcome: 'success' })
    expect(await areas.uploads.get(stored.uploadId)).toEqual(stored)

    const upload = await areas.resolve({ mode: 'shp', uploadId: stored.uploadId })
    expect(upload).toMatchObject({ mode: 'shp', region: null, bbox: stored.bbox })
    expect(upload.areaKm2).toBeCloseTo(stored.areaKm2, 3)
    const polygons = SAMPLE_GEOJSON.features.map((f) => f.geometry.coordinates as unknown as number[][][])
    expect(upload.areaKm2 / geodesicAreaKm2({ type: 'MultiPolygon', coordinates: polygons })).toBeCloseTo(1, 6)
    expect(await covers(upload, 116.45, 40.45)).toBe(true)
    expect(await covers(upload, 116.52, 40.37)).toBe(false) // the hole
    expect(JSON.parse(await areas.geojson(upload))).toEqual(stored.geojson)

    const unknown = '00000000-0000-4000-8000-000000000000'
    expect(await refusal(areas.resolve({ mode: 'shp', uploadId: unknown }))).toEqual({
      status: 404,
      message: tZh('archive.errors.unknownUpload', { id: unknown }),
    })
    expect((await refusal(areas.uploads.get(unknown))).status).toBe(404)
  })

  it('gives a region as GeoJSON text simplified for work that grows with its vertices', async () => {
    const sichuan = await areas.resolve({ mode: 'region', regionCode: '510000' })
    const vertices = (g: Polygon | MultiPolygon) => (g.type === 'Polygon' ? g.coordinates.flat() : g.coordinates.flat(2)).length
    const full = JSON.parse(await areas.geojson(sichuan)) as MultiPolygon
    const simple = JSON.parse(await areas.geojson(sichuan, { simplify: 0.05, digits: 6 })) as MultiPolygon
    expect(vertices(simple)).toBeLessThan(vertices(full))
    const decimals = (c: number) => String(c).split('.')[1]?.length ?? 0
    expect(Math.max(...simple.coordinates.flat(3).map(decimals))).toBeLessThanOrEqual(6)
    expect(geodesicAreaKm2(simple) / sichuan.areaKm2).toBeCloseTo(1, 2)
  })
})
