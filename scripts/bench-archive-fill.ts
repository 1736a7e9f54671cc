/**
 * The benchmarks' synthetic archive (bench:archive, and a kept database for working on plans):
 * deterministic footprints bulk-inserted in SQL, a few hundred thousand rows per statement.
 */
import { type Kysely, sql } from 'kysely'
import type { Database } from '../apps/server/src/db/schema'

const SATELLITES = [
  ['GF1', 'PMS1', 2],
  ['GF1', 'WFV1', 16],
  ['GF2', 'PMS1', 0.8],
  ['GF6', 'WFV', 16],
  ['ZY3-2', 'TLC', 2.1],
  ['CB04A', 'WPM', 2],
  ['HJ2A', 'CCD', 16],
  ['GF3', 'SAR', 1],
] as const

/**
 * A deterministic synthetic archive in one statement per batch: footprints of 0.2–1.2° over
 * 73–135 E, 18–53 N, times over 2023–2026, clouds and satellites spread, data status 2 for 90 %.
 */
export async function bulkInsert(db: Kysely<Database>, count: number): Promise<number> {
  const started = performance.now()
  const sats = SATELLITES.map((s) => s[0])
  const sensors = SATELLITES.map((s) => s[1])
  const res = SATELLITES.map((s) => s[2])
  const batch = 250_000
  for (let from = 1; from <= count; from += batch) {
    const to = Math.min(count, from + batch - 1)
    await sql`
      INSERT INTO scene (id, satellite, sensor, acquired_at, cloud_percent, resolution_m, product_level, orbit, path, "row", direction,
        off_nadir_deg, sun_elevation_deg, file_name, data_status, footprint, area_km2, illustrative, source)
      SELECT 'B' || lpad(i::text, 8, '0'), (${sats}::text[])[k + 1], (${sensors}::text[])[k + 1],
        timestamptz '2023-01-01T00:00:00Z' + (h1 * 4 * 365 * 86400) * interval '1 second',
        round((h2 * h2 * 100)::numeric, 1)::real, (${res}::real[])[k + 1], (ARRAY['L1A','L1B','L2A','L4'])[1 + (i % 4)],
        i / 7, 1 + (i % 900), 1 + (i % 400), CASE WHEN i % 2 = 0 THEN 'descending' ELSE 'ascending' END, 0, 45,
        (${sats}::text[])[k + 1] || '_' || i || '.tar.gz', CASE WHEN i % 10 = 0 THEN '1' ELSE '2' END,
        g, ST_Area(g::geography) / 1e6, true, 'bench'
      FROM generate_series(${from}::int, ${to}::int) AS i,
        LATERAL (SELECT (i * 7) % 8 AS k,
                        ((i::bigint * 2654435761) % 1000003) / 1000003.0 AS h1, ((i::bigint * 40503) % 999983) / 999983.0 AS h2,
                        ((i::bigint * 69069) % 1000033) / 1000033.0 AS h3, ((i::bigint * 1103515245) % 999979) / 999979.0 AS h4) r,
        LATERAL (SELECT 0.2 + h2 * 1.0 AS size, 73 + h3 * 62 AS x, 18 + h4 * 35 AS y) p,
        LATERAL (SELECT ST_Multi(ST_MakeEnvelope(x, y, x + size, y + size * 0.9, 4326)) AS g) f`.execute(db)
  }
  await sql`ANALYZE scene`.execute(db)
  return (performance.now() - started) / 1000
}
