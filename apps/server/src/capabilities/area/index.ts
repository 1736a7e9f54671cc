/**
 * The area-of-interest capability: the one door to a user's area. It owns the upload store
 * (aoi_upload: a zipped shapefile, GeoJSON or KML read and repaired in a worker thread, audited)
 * and turns any area input (region code, extent, drawn polygons repaired within the budget,
 * uploaded area) into one ResolvedArea: SQL geometry, bounds, geodesic km², and GeoJSON text on
 * request. The image archive, orbit prediction and what comes after resolve their areas here.
 */
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import type { AuditRecorder } from '../../lib/audit'
import type { AoiLimits } from '../../lib/vector-files'
import type { TaskPool } from '../../lib/workers/pool'
import { createAreaRepository } from './area.repository'
import { createAreaResolver } from './resolve'
import { createAreaUploads } from './uploads'

export type { BBox, ResolvedArea } from './area.repository'
export { AREA_MESSAGES, type AreaInput, type AreaMessages } from './resolve'
export type { AreaUploads, UploadInput } from './uploads'

/**
 * Builds the capability (module-deps.ts, once per server): `uploads` the store, `resolve` an area
 * input, `geojson` a resolved area's text. `limits` narrows the upload limits and the budget of both repairs (tests).
 */
export function createAreas(options: { db: Kysely<Database>; tasks: TaskPool; audit: AuditRecorder; limits?: AoiLimits }) {
  const repo = createAreaRepository(options.db)
  const resolver = createAreaResolver(repo, options.tasks, options.limits?.maxProcessingSeconds)
  return {
    uploads: createAreaUploads(repo, options.tasks, options.audit, options.limits),
    resolve: resolver.resolve,
    geojson: resolver.geojson,
  }
}

export type Areas = ReturnType<typeof createAreas>
