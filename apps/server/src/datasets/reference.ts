import type { Kysely } from 'kysely'
import { loadReferenceData, type ReferenceDataOptions, type ReferenceDataResult } from '../db/reference-data'
import type { Database } from '../db/schema'
import { loadWorldSatelliteData, type WorldSatelliteDataResult } from './world-satellites/load'

/**
 * The reference data a start loads before anything else: db/'s regions, satellites and elements
 * (loadReferenceData), then the world satellites the analysis pages count (world-satellites/, which
 * derives from the satellite facts). Each part is idempotent by its version. Here, above db/, because
 * datasets import db/ and never the reverse.
 */
export async function loadReferenceDatasets(
  db: Kysely<Database>,
  options: ReferenceDataOptions = {},
): Promise<ReferenceDataResult & { worldSatellites: WorldSatelliteDataResult }> {
  const reference = await loadReferenceData(db, options)
  const worldSatellites = await loadWorldSatelliteData(db, { factsDir: options.satelliteDir })
  return { ...reference, worldSatellites }
}
