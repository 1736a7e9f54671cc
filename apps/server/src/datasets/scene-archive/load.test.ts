import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildScene } from '../../../test-support/factories'
import { createTestContext, type TestContext } from '../../test/test-context'
import { loadSceneArchive } from './load'
import { DEFAULT_ARCHIVE_SETTINGS } from './settings'

// a small archive (one member per series, one day): the suite's time must not grow
const SMALL = { days: 1, membersPerSeries: 1, start: '2026-06-12T00:00:00Z' }

describe('loadSceneArchive', () => {
  let ctx: TestContext
  beforeAll(async () => {
    ctx = await createTestContext()
  })
  afterAll(async () => {
    await ctx?.close()
  })

  it('loads generated scenes once per version, over land in the area, and keeps imported scenes', async () => {
    const db = ctx.database.db
    const imported = await buildScene(db, { id: 'REAL_SCENE_1', illustrative: false })
    await sql`UPDATE scene SET source = 'imported' WHERE id = ${imported.id}`.execute(db)

    const started = performance.now()
    const first = await loadSceneArchive(db, { settings: SMALL })
    console.log(`small archive: ${first.scenes} scenes of ${first.satellites} satellites in ${Math.round(performance.now() - started)} ms`)
    expect(first.loaded).toBe(true)
    expect(first.scenes).toBeGreaterThan(50)
    const again = await loadSceneArchive(db, { settings: SMALL })
    expect(again).toMatchObject({ loaded: false, scenes: 0, version: first.version })

    const { rows } = await sql<{ n: number; bad_area: number; outside: number; sources: string; multi: number; status2: number }>`
      SELECT count(*)::int AS n,
        count(*) FILTER (WHERE abs(area_km2 - ST_Area(footprint::geography) / 1e6) > 1e-6 * area_km2)::int AS bad_area,
        count(*) FILTER (WHERE NOT ST_Intersects(ST_Centroid(footprint), ST_MakeEnvelope(69, 14, 141, 56, 4326)))::int AS outside,
        count(*) FILTER (WHERE GeometryType(footprint) = 'MULTIPOLYGON' AND ST_IsValid(footprint))::int AS multi,
        count(*) FILTER (WHERE data_status = '2')::int AS status2,
        string_agg(DISTINCT source, ',') AS sources
      FROM scene WHERE source = 'generated'`.execute(db)
    const r = rows[0]
    expect(r?.n).toBe(first.scenes)
    expect(r?.bad_area).toBe(0)
    expect(r?.outside).toBe(0)
    expect(r?.multi).toBe(first.scenes)
    expect(r?.status2).toBeGreaterThan(first.scenes * 0.8)
    const kept = await db.selectFrom('scene').select(['id', 'illustrative']).where('source', '=', 'imported').execute()
    expect(kept).toEqual([{ id: 'REAL_SCENE_1', illustrative: false }])

    // another seed is another version: the generated rows are replaced, the imported one stays
    const other = await loadSceneArchive(db, { settings: { ...SMALL, seed: DEFAULT_ARCHIVE_SETTINGS.seed + 1 } })
    expect(other.version).not.toBe(first.version)
    expect(other.loaded).toBe(true)
    const counts = await sql<{
      source: string
      n: number
    }>`SELECT source, count(*)::int AS n FROM scene GROUP BY source ORDER BY source`.execute(db)
    expect(counts.rows).toEqual([
      { source: 'generated', n: other.scenes },
      { source: 'imported', n: 1 },
    ])
  })
})
