import type { Position } from 'geojson'
import { ApiError } from '../../lib/errors'
import { repairArea } from '../../lib/geometry/repair'
import { taskWithUserErrors } from '../../lib/workers/task'
import { parseSceneList } from './scene-list'

/** Runs in a worker thread (lib/workers): makes a drawn area valid with GEOS, as the area upload does. */
export const repairDrawn = taskWithUserErrors(async (input: { polygons: Position[][][] }): Promise<string> => {
  const area = await repairArea(input.polygons)
  if (!area) throw ApiError.of(400, 'archive.errors.emptyGeometry')
  return JSON.stringify(area.geometry)
})

export const SCENES_WORKER = new URL(import.meta.url).href

/** Runs in a worker thread: reads an uploaded FILE list (text or Excel) within the pool's budget. */
export const parseList = taskWithUserErrors(parseSceneList)
