import type { FastifyInstance } from 'fastify'
import type { ModuleDeps } from '../../module-deps'
import type { TileQuery } from './map.repository'
import { registerMapRoutes } from './map.routes'

/** The OGC services (WMS, WMTS, WFS) and vector tiles; the footprint layer reads the scenes module's stored searches. */
export function registerMap(
  app: FastifyInstance,
  { db, config, pools }: ModuleDeps,
  ports: { tileQuery: (layer: string, token: string) => TileQuery | undefined },
) {
  registerMapRoutes(app, db, pools.tasks, {
    publicBaseUrl: config.PUBLIC_BASE_URL,
    port: config.PORT,
    requestsPerMinute: config.MAP_REQUESTS_PER_MINUTE,
    tilesPerMinute: config.MAP_TILES_PER_MINUTE,
    tileQuery: ports.tileQuery,
  })
}
