import { LRUCache } from 'lru-cache'
import type { TaskPool } from '../../lib/workers/pool'
import type { TileLayerDef } from './layers'
import type { MapRepository, TileQuery } from './map.repository'
import type { LayerGrant } from './map-access'
import { type CutTileInput, MVT_WORKER } from './mvt.worker'
import { runMapTask } from './ogc'
import { MERCATOR_MAX, mercatorToLonLat } from './params'

export const MVT_MAX_ZOOM = 22
/** Tiles kept at most (a low-zoom county tile is some tens of KB, higher zooms far less). */
const TILE_CACHE_ENTRIES = 4000
const TILE_CACHE_TTL_MS = 10 * 60_000
const EXTENT = 4096
const BUFFER = 64
/**
 * Simplification tolerance in tile units: 4 of 4096 is a quarter pixel of a 512-pixel tile (half
 * of a 256-pixel one), below what can be seen, and keeps low-zoom tiles small.
 */
const SIMPLIFY_UNITS = 4

/** Longest time one tile may take to cut in a worker thread. */
const CUT_BUDGET_SECONDS = 8

/**
 * Mapbox vector tiles. The one place that knows whether the database can build them: PostGIS's
 * ST_AsMVT is tried once (first tile) and the answer kept; where it is missing (PGlite's PostGIS
 * has no protobuf-c) the features are cut with geojson-vt and encoded with vt-pbf instead, in a
 * worker thread (mvt.worker.ts).
 */
export function createTileBuilder(repo: MapRepository, tasks: TaskPool) {
  let native: Promise<boolean> | undefined
  // Built tiles are kept (as a tile cache in front of any map server would): a low-zoom county tile
  // cuts hundreds of polygons, 150–250 ms, while a kept one answers in about a millisecond. Entries
  // expire after TILE_CACHE_TTL_MS so layers whose data changes show it; concurrent requests for the
  // same tile share one build.
  const built = new LRUCache<string, Promise<Uint8Array>>({ max: TILE_CACHE_ENTRIES, ttl: TILE_CACHE_TTL_MS })

  async function viaGeojsonVt(
    layer: TileLayerDef,
    z: number,
    x: number,
    y: number,
    query?: TileQuery,
    grant?: LayerGrant,
  ): Promise<Uint8Array> {
    const size = (2 * MERCATOR_MAX) / 2 ** z
    const margin = (size * BUFFER) / EXTENT
    const minx = -MERCATOR_MAX + x * size - margin
    const maxx = -MERCATOR_MAX + (x + 1) * size + margin
    const maxy = MERCATOR_MAX - y * size + margin
    const miny = MERCATOR_MAX - (y + 1) * size - margin
    const [west, south] = mercatorToLonLat(Math.max(minx, -MERCATOR_MAX), Math.max(miny, -MERCATOR_MAX))
    const [east, north] = mercatorToLonLat(Math.min(maxx, MERCATOR_MAX), Math.min(maxy, MERCATOR_MAX))
    const tolerance = ((east - west) * SIMPLIFY_UNITS) / EXTENT
    const collection = await repo.tileFeatures(layer, z, { minx: west, miny: south, maxx: east, maxy: north }, tolerance, query, grant)
    const input: CutTileInput = { layerName: layer.name, collection, z, x, y, extent: EXTENT, buffer: BUFFER, tolerance: SIMPLIFY_UNITS }
    return runMapTask<Uint8Array>(
      tasks,
      { module: MVT_WORKER, fn: 'cutTile', input },
      { leftMs: CUT_BUDGET_SECONDS * 1000, seconds: CUT_BUDGET_SECONDS },
    )
  }

  return {
    /** Which way tiles are built here; asks the database once. */
    usesPostgis(): Promise<boolean> {
      native ??= repo.supportsAsMvt()
      return native
    },

    /**
     * A tile of a layer; of a query layer, the tile of that query (kept under the query's key); of a
     * protected layer, the rows of the caller's grant (kept under the grant's key: callers with the
     * same area ranges share it, no one sees another's).
     */
    tile(layer: TileLayerDef, z: number, x: number, y: number, query?: TileQuery, grant?: LayerGrant): Promise<Uint8Array> {
      const key = `${layer.name}${query ? `~${query.key}` : ''}${grant ? `#${grant.key}` : ''}/${z}/${x}/${y}`
      const kept = built.get(key)
      if (kept) return kept
      const building = (async () => {
        if (await this.usesPostgis()) return repo.mvt(layer, z, x, y, ((2 * MERCATOR_MAX) / 2 ** z / EXTENT) * SIMPLIFY_UNITS, query, grant)
        return viaGeojsonVt(layer, z, x, y, query, grant)
      })()
      built.set(key, building)
      // a failed build is not kept: the next request tries again
      building.catch(() => built.delete(key))
      return building
    },
  }
}

export type TileBuilder = ReturnType<typeof createTileBuilder>
