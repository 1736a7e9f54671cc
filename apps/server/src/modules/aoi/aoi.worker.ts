import { ApiError } from '../../lib/errors'
import { repairArea } from '../../lib/geometry/repair'
import type { AoiLimits } from '../../lib/vector-files'
import { parseAoiFile } from '../../lib/vector-files'
import { taskWithUserErrors } from '../../lib/workers/task'

/** What the worker gives back: counts of the file as uploaded, and the repaired area. */
export interface PreparedAoi {
  featureCount: number
  vertexCount: number
  notices: string[]
  /** The valid area as GeoJSON MultiPolygon text. */
  geometry: string
}

/** Runs in a worker thread (lib/workers): reads the file and repairs its area with bounded cost. */
export const prepareAoi = taskWithUserErrors(
  async (input: { fileName: string; data: Uint8Array; limits: AoiLimits }): Promise<PreparedAoi> => {
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

export const AOI_WORKER = new URL(import.meta.url).href
