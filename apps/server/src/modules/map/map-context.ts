import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import type { TaskPool } from '../../lib/workers/pool'
import { LAYERS } from './layers'
import { createMapRepository, type MapRepository } from './map.repository'
import { createTileBuilder, type TileBuilder } from './mvt'
import type { Box } from './params'

/** What one OGC operation answers: a content type and a body. */
export interface OgcResponse {
  type: string
  body: string | Buffer | Uint8Array
  /** Detail data of one caller (a protected layer): never kept by shared caches. */
  private?: boolean
}

/** What the WMS, WFS and WMTS handlers share: SQL, tiles, the worker threads that draw, and layer extents. */
export interface MapContext {
  db: Kysely<Database>
  repo: MapRepository
  tiles: TileBuilder
  tasks: TaskPool
  /** lon/lat extent of every layer that has geometries (kept for a minute) */
  extents(): Promise<Map<string, Box>>
}

const EXTENT_CACHE_MS = 60_000

const toBox = ([minx, miny, maxx, maxy]: [number, number, number, number]): Box => ({ minx, miny, maxx, maxy })

export function createMapContext(db: Kysely<Database>, tasks: TaskPool): MapContext {
  const repo = createMapRepository(db)
  let cached: { at: number; value: Promise<Map<string, Box>> } | undefined
  return {
    db,
    repo,
    tiles: createTileBuilder(repo, tasks),
    tasks,
    extents() {
      if (!cached || Date.now() - cached.at > EXTENT_CACHE_MS) {
        // a protected layer's extent would tell where its detail data lies: capabilities give its fallback
        const extentOf = async (l: (typeof LAYERS)[number]) => (l.access ? undefined : await repo.extent(l)) ?? toBox(l.fallbackExtent)
        const value = Promise.all(LAYERS.map(async (l) => [l.name, await extentOf(l)] as const)).then((entries) => new Map(entries))
        value.catch(() => {
          cached = undefined
        })
        cached = { at: Date.now(), value }
      }
      return cached.value
    },
  }
}
