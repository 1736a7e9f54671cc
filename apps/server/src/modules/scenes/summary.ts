import type { ArchiveSummary } from '@rs/shared'
import { type Kysely, sql } from 'kysely'
import type { Database } from '../../db/schema'

/** How long a summary stands before it is read again. */
const SUMMARY_MS = 60_000

/**
 * The archive at a glance (the large screen): published scenes (an index-only count), satellites
 * (a loose index scan over scene_satellite_idx: one probe per satellite, not a scan of every row),
 * scenes imported in the last 24 hours (scene_imported_idx). Read at most once a minute.
 */
export function createArchiveSummary(db: Kysely<Database>) {
  let kept: { at: number; value: Promise<ArchiveSummary> } | undefined
  async function read(): Promise<ArchiveSummary> {
    const { rows } = await sql<{
      scenes: number
      satellites: number
      last24h: number
      latest: Date | null
      imported: Date | null
      illustrative: boolean
    }>`
      WITH RECURSIVE sats AS (
        (SELECT satellite FROM scene ORDER BY satellite LIMIT 1)
        UNION ALL
        SELECT (SELECT s.satellite FROM scene s WHERE s.satellite > sats.satellite ORDER BY s.satellite LIMIT 1) FROM sats WHERE sats.satellite IS NOT NULL
      )
      SELECT (SELECT count(*)::int FROM scene WHERE data_status = '2') AS scenes,
        (SELECT count(satellite)::int FROM sats) AS satellites,
        (SELECT count(*)::int FROM scene WHERE data_status = '2' AND imported_at > now() - interval '24 hours') AS last24h,
        (SELECT max(acquired_at) FROM scene WHERE data_status = '2') AS latest,
        (SELECT max(imported_at) FROM scene WHERE data_status = '2') AS imported,
        EXISTS (SELECT 1 FROM scene WHERE illustrative AND data_status = '2') AS illustrative`.execute(db)
    const r = rows[0]
    return {
      scenes: r?.scenes ?? 0,
      satellites: r?.satellites ?? 0,
      last24h: r?.last24h ?? 0,
      latestAcquiredAt: r?.latest ? new Date(r.latest).toISOString() : null,
      lastImportedAt: r?.imported ? new Date(r.imported).toISOString() : null,
      illustrative: r?.illustrative ?? false,
    }
  }
  return () => {
    if (!kept || Date.now() - kept.at > SUMMARY_MS) {
      const value = read()
      kept = { at: Date.now(), value }
      value.catch(() => {
        kept = undefined
      })
    }
    return kept.value
  }
}
