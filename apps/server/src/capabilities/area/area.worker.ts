import type { Position } from 'geojson'
import { ApiError } from '../../lib/errors'
import { repairArea } from '../../lib/geometry/repair'
import { type AoiLimits, parseAoiFile } from '../../lib/vector-files'
import { taskWithUserErrors } from '../../lib/workers/task'

/** What the worker gives back of an upload: counts of the file as uploaded, and the repaired area. */
export interface PreparedUpload {
  featureCount: number
  vertexCount: number
  notices: string[]
  /** The valid area as GeoJSON MultiPolygon text. */
  geometry: string
}

/** Runs in a worker thread (lib/workers): reads an uploaded file and repairs its area with bounded cost. */
export const prepareUpload = taskWithUserErrors(
  async (input: { fileName: string; data: Uint8Array; limits: AoiLimits }): Promise<PreparedUpload> => {
    const parsed = await parseAoiFile(input.fileName, input.data, input.limits)
    const area = await repairArea(parsed.polygons)
    if (!area) throw ApiError.of(400, 'aoi.errors.invalidGeometry')
    return {
      featureCount: parsed.featureCount,
      vertexCount: parsed.vertexCount,
      notices: parsed.notices,
      geometry: JSON.stringify(area.geometry),
    }
  },
)

/** Runs in a worker thread: makes a drawn area valid with GEOS as an upload's; null when nothing with area is left. */
export const repairDrawn = taskWithUserErrors(async (input: { polygons: Position[][][] }): Promise<string | null> => {
  const area = await repairArea(input.polygons)
  return area ? JSON.stringify(area.geometry) : null
})

export const AREA_WORKER = new URL(import.meta.url).href
