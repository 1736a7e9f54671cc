import { normalmetaSummary } from '@rs/shared'
import type { FastifyInstance } from 'fastify'
import { publicBase } from '../../lib/public-base'
import { bindRoute } from '../../lib/route'
import type { ModuleDeps } from '../../module-deps'
import { createCoverageRepository } from './coverage.repository'
import { registerCoverageRoutes } from './coverage.routes'
import { createCoverageService } from './coverage.service'
import { createCoverageFootprints } from './coverage-footprints'
import { registerExportRoutes } from './export.routes'
import { createNewScenes } from './new-scenes'
import { registerNormalmetaRoutes } from './normalmeta.routes'
import { QUICKLOOK_WORKER, type QuicklookInput } from './quicklook'
import { registerQuicklookRoutes } from './quicklook.routes'
import { createSceneRecords } from './scene-query'
import { createScenesRepository } from './scenes.repository'
import { createScenesService } from './scenes.service'
import { registerStacRoutes } from './stac.routes'
import { createStacService } from './stac.service'
import { createStacRepository } from './stac-search'
import { createArchiveSummary } from './summary'
import { createTermScenes } from './term-scenes'

/**
 * The scene archive's faces: the image query, STAC, coverage and exports, quicklooks. Returns what
 * other modules ask of it: the footprint layer's stored searches (map), the scenes around a date
 * (monitoring term data), quicklooks drawn in the promised work's pool (order packages) and scenes
 * by id through the one scene query (an order's package and listings), the footprints of a
 * coverage question with chosen satellites.
 */
export function registerScenes(app: FastifyInstance, { db, config, pools, audit, areas }: ModuleDeps) {
  registerStacRoutes(app, createStacService(createStacRepository(db)), {
    baseUrl: () => publicBase(app, config.PUBLIC_BASE_URL, config.PORT),
    requestsPerMinute: config.MAP_REQUESTS_PER_MINUTE,
  })
  const scenes = createScenesService(createScenesRepository(db), pools.tasks, { audit, areas })
  registerNormalmetaRoutes(app, scenes, { uploadsPerMinute: config.AOI_UPLOADS_PER_MINUTE })
  const summary = createArchiveSummary(db)
  bindRoute(app, normalmetaSummary, () => summary())
  const coverage = createCoverageService(createCoverageRepository(db), pools.tasks, scenes)
  registerCoverageRoutes(app, coverage)
  registerExportRoutes(app, coverage)
  registerQuicklookRoutes(app, db, pools.tasks)
  const termScenes = createTermScenes(db)
  const records = createSceneRecords(db)
  return {
    tileQuery: (layer: string, token: string) => coverage.tileQuery(layer, token),
    scenesAround: (geojson: string, date: string) => termScenes.around(geojson, date),
    quicklooks: { draw: (input: QuicklookInput) => pools.jobs.run<Uint8Array>(QUICKLOOK_WORKER, 'quicklookTask', input, 10_000) },
    sceneRecords: { byIds: (ids: readonly string[]) => records.byIds(ids) },
    coverageFootprints: createCoverageFootprints(db),
    newScenes: createNewScenes(db, (regionCode) => scenes.resolveArea({ mode: 'region', regionCode })),
  }
}
