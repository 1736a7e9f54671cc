import { AOI_LIMITS, ARCHIVE_LIMITS, type AreaGeometry, type MessageKey } from '@rs/shared'
import type { Position } from 'geojson'
import { ApiError } from '../../lib/errors'
import { requestError, type TaskPool } from '../../lib/workers/pool'
import type { AreaRepository, BBox, ResolvedArea } from './area.repository'
import { AREA_WORKER } from './area.worker'

/** An area as a caller names it: a region code, a box, a drawn polygon or polygons, an uploaded area's id. */
export type AreaInput =
  | { mode: 'region'; regionCode: string }
  | { mode: 'extent'; bbox: BBox }
  | { mode: 'draw'; geometry: AreaGeometry }
  | { mode: 'shp'; uploadId: string }

/**
 * The message of each refusal (statuses fixed: unknown region 404, unknown upload 404, bad
 * coordinates 400, too many vertices 422, too complex 422, empty 400; busy is errors.busy, 503).
 * Parameters given: code (region), id (upload), max (vertices), seconds (budget).
 */
export interface AreaMessages {
  unknownRegion: MessageKey
  unknownUpload: MessageKey
  badCoordinates: MessageKey
  tooManyVertices: MessageKey
  tooComplex: MessageKey
  emptyGeometry: MessageKey
}

/** The area select's words (SPEC §4: the image query and what else offers the same select). */
export const AREA_MESSAGES: AreaMessages = {
  unknownRegion: 'archive.errors.unknownRegion',
  unknownUpload: 'archive.errors.unknownUpload',
  badCoordinates: 'archive.errors.badCoordinates',
  tooManyVertices: 'archive.errors.tooManyVertices',
  tooComplex: 'archive.errors.tooComplex',
  emptyGeometry: 'archive.errors.emptyGeometry',
}

/** Polygons of a drawn area, checked for size and coordinates before the worker repairs them. */
function drawnPolygons(geometry: AreaGeometry, messages: AreaMessages): Position[][][] {
  const polygons = (geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates) as Position[][][]
  let vertices = 0
  for (const polygon of polygons) {
    if (polygon.length === 0) throw ApiError.of(400, messages.badCoordinates)
    for (const ring of polygon) {
      if (ring.length < 3) throw ApiError.of(400, messages.badCoordinates)
      vertices += ring.length
      if (vertices > ARCHIVE_LIMITS.maxDrawnVertices) {
        throw ApiError.of(422, messages.tooManyVertices, { max: ARCHIVE_LIMITS.maxDrawnVertices })
      }
      for (const p of ring) {
        const [x, y] = p as [number, number]
        if (!(Number.isFinite(x) && Number.isFinite(y) && x >= -180 && x <= 180 && y >= -90 && y <= 90)) {
          throw ApiError.of(400, messages.badCoordinates)
        }
      }
    }
  }
  return polygons
}

/**
 * Resolves an area input into one shape (ResolvedArea: SQL geometry, bounds, geodesic km², the
 * region when it is one); a drawn area is made valid in a worker thread within the upload's budget
 * (AOI_LIMITS.maxProcessingSeconds) first. Failures are Chinese 4xx (503 when the pool is full), in the caller's words if it gives them.
 */
export function createAreaResolver(repo: AreaRepository, tasks: TaskPool, budgetSeconds: number = AOI_LIMITS.maxProcessingSeconds) {
  async function repairDrawn(geometry: AreaGeometry, messages: AreaMessages): Promise<string | null> {
    const polygons = drawnPolygons(geometry, messages)
    try {
      return await tasks.run<string | null>(AREA_WORKER, 'repairDrawn', { polygons }, budgetSeconds * 1000)
    } catch (error) {
      throw requestError(error, () => ApiError.of(422, messages.tooComplex, { seconds: budgetSeconds }))
    }
  }

  return {
    async resolve(input: AreaInput, messages: AreaMessages = AREA_MESSAGES): Promise<ResolvedArea> {
      switch (input.mode) {
        case 'region': {
          const area = await repo.region(input.regionCode)
          if (!area) throw ApiError.of(404, messages.unknownRegion, { code: input.regionCode })
          return area
        }
        case 'extent':
          return repo.extent(input.bbox)
        case 'draw': {
          const repaired = await repairDrawn(input.geometry, messages)
          const area = repaired === null ? undefined : await repo.drawn(repaired)
          if (!area) throw ApiError.of(400, messages.emptyGeometry)
          return area
        }
        case 'shp': {
          const area = await repo.upload(input.uploadId)
          if (!area) throw ApiError.of(404, messages.unknownUpload, { id: input.uploadId })
          return area
        }
      }
    },

    /**
     * A resolved area as GeoJSON text, `digits` decimals (default 7, about 1 cm); with `simplify`
     * (degrees) simplified keeping its topology, for work whose cost grows with the vertices.
     */
    async geojson(area: Pick<ResolvedArea, 'geom'>, options: { simplify?: number; digits?: number } = {}): Promise<string> {
      const text = await repo.geojson(area.geom, { simplify: options.simplify, digits: options.digits ?? 7 })
      if (text === undefined) throw ApiError.of(400, AREA_MESSAGES.emptyGeometry)
      return text
    },
  }
}

export type AreaResolver = ReturnType<typeof createAreaResolver>
