import { createHash } from 'node:crypto'
import { type Kysely, sql } from 'kysely'
import type { Database } from '../../db/schema'
import { type GeneratedSite, type GeneratorInput, generateSites, type RegionPoint } from './generate'
import { parseEnergyPlants, readEnergyPlantsText } from './plants'
import { DEFAULT_MONITOR_SPOT_SETTINGS, type MonitorSpotSettings, monitorSpotsVersion } from './settings'

const DATA_NAME = 'monitor-spots'
const CHUNK = 2000

/**
 * The secondary indexes of monitor_spot as migrations 20261129200000, 20261129210000 and 20261129360000 create them, less
 * monitor_spot_stats_idx which 20261130200000 drops (load.test.ts checks they are back).
 */
export const SECONDARY_INDEXES = [
  { name: 'monitor_spot_geom_idx', create: 'CREATE INDEX monitor_spot_geom_idx ON monitor_spot USING gist (geom)' },
  {
    name: 'monitor_spot_scope_idx',
    create: 'CREATE INDEX monitor_spot_scope_idx ON monitor_spot (module, county_code text_pattern_ops, batch)',
  },
  {
    name: 'monitor_spot_grid_idx',
    create:
      'CREATE INDEX monitor_spot_grid_idx ON monitor_spot (module, batch, province_code, city_code, county_code) INCLUDE (grid_x14, grid_y14, stage, spot_type, area_m2, length_m)',
  },
  // migrations 20261129360000_monitor-scale-indexes and 20261203100000_monitor-list-covering
  {
    name: 'monitor_spot_list_idx',
    create:
      'CREATE INDEX monitor_spot_list_idx ON monitor_spot (module, batch DESC, id) INCLUDE (province_code, city_code, county_code, stage, spot_type)',
  },
  {
    name: 'monitor_spot_site_idx',
    create:
      'CREATE INDEX monitor_spot_site_idx ON monitor_spot (module, site_id, batch DESC) INCLUDE (province_code, city_code, county_code, area_m2, length_m, stage, spot_type)',
  },
] as const

/** A county with the box of its boundary (from the zoom-3 simplification, grown by its tolerance) and its parent. */
export interface CountyBox extends RegionPoint {
  parent: string | null
  box: [number, number, number, number]
}

// geom_z3 is simplified by 0.044° (migration 20261125030000): its box grown by that much holds the real one
const Z3_TOLERANCE = 0.05

/**
 * The counties (or cities) with a boundary: code, centre (a point of the region), area, and for
 * counties the parent and a box that holds the boundary. Read from the small simplified column,
 * so the full boundaries are read only once each, by assignCounties.
 */
export async function regionRows(db: Kysely<Database>, level: 'county' | 'city'): Promise<CountyBox[]> {
  const { rows } = await sql<{
    code: string
    parent: string | null
    lon: number
    lat: number
    areaKm2: number
    x0: number
    y0: number
    x1: number
    y1: number
  }>`
    SELECT code, parent_code AS parent, ST_X(center) AS lon, ST_Y(center) AS lat, coalesce(area_km2, 1) AS "areaKm2",
      ST_XMin(geom_z3) AS x0, ST_YMin(geom_z3) AS y0, ST_XMax(geom_z3) AS x1, ST_YMax(geom_z3) AS y1
    FROM region WHERE level = ${level} AND geom IS NOT NULL AND center IS NOT NULL ORDER BY code`.execute(db)
  return rows.map((r) => ({
    code: r.code,
    parent: r.parent,
    lon: r.lon,
    lat: r.lat,
    areaKm2: r.areaKm2,
    box: [r.x0 - Z3_TOLERANCE, r.y0 - Z3_TOLERANCE, r.x1 + Z3_TOLERANCE, r.y1 + Z3_TOLERANCE],
  }))
}

/** Region codes of a spot: its county (by the real boundary), the county's city (the county itself under a province) and province. */
export interface SpotRegion {
  county: string
  city: string
  province: string
}

/** City and province codes of a county; a county directly under a province (e.g. Beijing's districts) is its own city level. */
export function spotRegionOf(county: string, parent: string | null): SpotRegion {
  const p = parent ?? ''
  const isCity = /^\d{4}00$/.test(p) && !p.endsWith('0000')
  return { county, city: isCity ? p : county, province: `${county.slice(0, 2)}0000` }
}

/**
 * The county whose real boundary (region.geom) holds each point; null where none does. Candidates
 * by box in JavaScript, then one statement tests each candidate county's points against its
 * boundary, read once per county (a boundary read per point cost 15 s for 17,000 points in PGlite).
 */
export async function assignCounties(
  db: Kysely<Database>,
  counties: readonly CountyBox[],
  points: ReadonlyArray<readonly [number, number]>,
): Promise<Array<SpotRegion | null>> {
  const cell = 1
  const grid = new Map<string, CountyBox[]>()
  for (const c of counties)
    for (let x = Math.floor(c.box[0] / cell); x <= Math.floor(c.box[2] / cell); x++)
      for (let y = Math.floor(c.box[1] / cell); y <= Math.floor(c.box[3] / cell); y++) {
        const key = `${x}:${y}`
        const list = grid.get(key)
        if (list) list.push(c)
        else grid.set(key, [c])
      }
  const pairs: Array<{ i: number; c: string; x: number; y: number }> = []
  for (const [i, [x, y]] of points.entries())
    for (const c of grid.get(`${Math.floor(x / cell)}:${Math.floor(y / cell)}`) ?? [])
      if (x >= c.box[0] && x <= c.box[2] && y >= c.box[1] && y <= c.box[3]) pairs.push({ i, c: c.code, x, y })
  const out: Array<SpotRegion | null> = new Array(points.length).fill(null)
  const parentOf = new Map(counties.map((c) => [c.code, c.parent]))
  if (pairs.length === 0) return out
  const { rows } = await sql<{ i: number; code: string }>`
    WITH p AS (SELECT * FROM json_to_recordset(${JSON.stringify(pairs)}::json) AS p(i integer, c text, x double precision, y double precision)),
    r AS MATERIALIZED (SELECT code, ST_Force2D(geom) AS g FROM region WHERE code IN (SELECT DISTINCT c FROM p))
    SELECT x.i, r.code FROM r
    CROSS JOIN LATERAL (SELECT p.i FROM p WHERE p.c = r.code AND ST_Intersects(r.g, ST_SetSRID(ST_MakePoint(p.x, p.y), 4326))) AS x
    ORDER BY x.i, r.code`.execute(db)
  for (const r of rows) if (!out[r.i]) out[r.i] = spotRegionOf(r.code, parentOf.get(r.code) ?? null)
  return out
}

/** File name of a generated batch: module and date, e.g. pvland_20250630.zip. */
export function batchFilename(module: string, batch: string): string {
  return `${module}_${batch}.zip`
}

export interface MonitorSpotsResult {
  version: string
  loaded: boolean
  sites: number
  spots: number
  milliseconds: number
  /** Where the time went (ms): reading regions and plants, generating, assigning counties, inserting. */
  phases?: { read: number; generate: number; assign: number; insert: number }
}

/**
 * Generates the demo monitoring spots (source 'generated', 示意) when reference_data does not hold
 * this version yet: a new version replaces the generated batches and their spots, imported ones
 * stay. One transaction under an advisory lock, so two servers on one database load it once.
 */
export async function loadMonitorSpots(
  db: Kysely<Database>,
  options: { settings?: Partial<MonitorSpotSettings>; force?: boolean } = {},
): Promise<MonitorSpotsResult> {
  const started = performance.now()
  const settings: MonitorSpotSettings = { ...DEFAULT_MONITOR_SPOT_SETTINGS, ...options.settings }
  const plantsText = readEnergyPlantsText()
  const regions = await db.selectFrom('reference_data').select('version').where('name', '=', 'regions').executeTakeFirst()
  const inputs = `${createHash('sha256').update(plantsText).digest('hex')}|${regions?.version ?? ''}`
  const version = monitorSpotsVersion(settings, inputs)
  const current = await db.selectFrom('reference_data').select('version').where('name', '=', DATA_NAME).executeTakeFirst()
  if (current?.version === version && !options.force)
    return { version, loaded: false, sites: 0, spots: 0, milliseconds: performance.now() - started }

  const counties = await regionRows(db, 'county')
  const input: GeneratorInput = {
    counties,
    cities: await regionRows(db, 'city'),
    plants: parseEnergyPlants(plantsText),
  }
  const read = performance.now()
  const sites = generateSites(input, settings)
  const generated = performance.now()
  const codes = await assignCounties(
    db,
    counties,
    sites.map((s) => [s.lon, s.lat] as const),
  )
  const assigned = performance.now()
  let spots = 0
  let placed = 0
  await db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(20261129)`.execute(trx)
    const again = await trx.selectFrom('reference_data').select('version').where('name', '=', DATA_NAME).executeTakeFirst()
    if (again?.version === version && !options.force) return
    await sql`DELETE FROM monitor_batch WHERE source = 'generated'`.execute(trx)
    // bulk load: the secondary indexes of migration 20261129200000 are built once after the rows (a GiST
    // index filled row by row cost most of the insert time in PGlite), inside this transaction
    for (const index of SECONDARY_INDEXES) await sql`DROP INDEX IF EXISTS ${sql.ref(index.name)}`.execute(trx)
    const modules = [...new Set(sites.map((s) => s.module))]
    await trx
      .insertInto('monitor_batch')
      .values(
        modules.flatMap((module) =>
          settings.batches.map((batch) => ({ module, batch, filename: batchFilename(module, batch), source: 'generated' as const })),
        ),
      )
      .onConflict((oc) => oc.columns(['module', 'batch']).doNothing())
      .execute()
    let rows: ReturnType<typeof rowsOf> = []
    const flush = async () => {
      if (rows.length === 0) return
      await sql`
        INSERT INTO monitor_spot (module, batch, site_id, province_code, city_code, county_code, spot_type, stage, area_m2, length_m, attributes, geom)
        SELECT r.module, r.batch, r.site_id, r.province_code, r.city_code, r.county_code, r.spot_type, r.stage,
          CASE WHEN GeometryType(g.geom) IN ('POLYGON', 'MULTIPOLYGON') THEN ST_Area(g.geom::geography) END,
          CASE WHEN GeometryType(g.geom) IN ('LINESTRING', 'MULTILINESTRING') THEN ST_Length(g.geom::geography) END,
          r.attributes, g.geom
        FROM json_to_recordset(${JSON.stringify(rows)}::json) AS r(module text, batch text, site_id text, province_code text,
          city_code text, county_code text, spot_type text, stage text, attributes jsonb, wkt text)
        CROSS JOIN LATERAL (SELECT ST_GeomFromText(r.wkt, 4326) AS geom) AS g
        ON CONFLICT (module, batch, site_id) DO NOTHING`.execute(trx)
      spots += rows.length
      rows = []
    }
    for (const [i, site] of sites.entries()) {
      const region = codes[i]
      if (!region) continue
      placed++
      rows.push(...rowsOf(site, region, settings.batches))
      if (rows.length >= CHUNK) await flush()
    }
    await flush()
    for (const index of SECONDARY_INDEXES) await sql.raw(index.create).execute(trx)
    await sql`
      INSERT INTO reference_data (name, version) VALUES (${DATA_NAME}, ${version})
      ON CONFLICT (name) DO UPDATE SET version = EXCLUDED.version, loaded_at = now()`.execute(trx)
  })
  // planner statistics of the new rows at once: before autovacuum came by, the sequence mode's join of two
  // batches by site was planned as a nested loop over every pair (3.9 s a pair for the whole country's
  // turbines, past the statement time limit on a loaded machine; 16 ms after ANALYZE)
  await sql`ANALYZE monitor_spot`.execute(db)
  const end = performance.now()
  return {
    version,
    loaded: spots > 0,
    sites: placed,
    spots,
    milliseconds: end - started,
    phases: { read: read - started, generate: generated - read, assign: assigned - generated, insert: end - assigned },
  }
}

/** The rows of one site: one per batch it is in; 'new' in its first batch, 'persist' after. */
export function rowsOf(site: GeneratedSite, region: SpotRegion, batches: readonly string[]) {
  const first = site.types.findIndex((t) => t !== null)
  return batches.flatMap((batch, b) => {
    const type = site.types[b]
    if (type === null || type === undefined) return []
    return [
      {
        module: site.module,
        batch,
        site_id: site.siteId,
        province_code: region.province,
        city_code: region.city,
        county_code: region.county,
        spot_type: type,
        stage: b === first ? 'new' : 'persist',
        attributes: { ...site.attributes, ...site.batchAttributes?.[b] },
        wkt: site.wkt,
      },
    ]
  })
}
