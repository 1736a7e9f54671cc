import { MONITOR_IMPORT_LIMITS } from '@rs/shared'
import type { FastifyInstance } from 'fastify'
import { refreshMonitorMapLayers } from '../../datasets/monitor-map-layers/refresh'
import type { ModuleDeps } from '../../module-deps'
import { registerImportRoutes } from './import.routes'
import { createImportService } from './import.service'
import { createMonitorRepository } from './monitor.repository'
import { registerMonitorRoutes } from './monitor.routes'
import { createMonitorService } from './monitor.service'
import { createMonitorModesRepository } from './monitor-modes.repository'
import { registerMonitorModesRoutes } from './monitor-modes.routes'
import { createMonitorModesService } from './monitor-modes.service'
import { createStatisticsRollup } from './statistics-rollup'
import { registerMonitorTermRoutes, type ScenesAround } from './term-data'
import { verificationRepository } from './verification.repository'
import { registerVerificationRoutes } from './verification.routes'
import { createVerificationService } from './verification.service'

/**
 * The monitoring engine: statistics, detail list and spots, display modes, term data (the scenes
 * module's scenes around a batch), verification and the import of deliveries. An import emits
 * monitor.batchImported; this module reacts by refreshing the derived map layers, then the rollups.
 */
export function registerMonitor(
  app: FastifyInstance,
  { db, config, pools, audit, events }: ModuleDeps,
  ports: { scenesAround: ScenesAround },
) {
  const repository = createMonitorRepository(db)
  const rollup = createStatisticsRollup(db)
  const monitor = createMonitorService(repository, rollup)
  registerMonitorRoutes(app, monitor)
  registerMonitorTermRoutes(app, monitor, ports.scenesAround)
  registerMonitorModesRoutes(app, createMonitorModesService(createMonitorModesRepository(db), repository))
  const uploads = { uploadsPerMinute: config.AOI_UPLOADS_PER_MINUTE }
  registerVerificationRoutes(app, createVerificationService(db, verificationRepository, { audit, newSpots: rollup.newSpots }), uploads)
  registerImportRoutes(app, createImportService(db, pools.jobs, audit, MONITOR_IMPORT_LIMITS, events), uploads)

  // the statistics' rollups are rebuilt ahead of the first visitor: once the server listens and after each import
  const prepareRollups = () =>
    void rollup.prepare().catch((err: unknown) => app.log.error({ err }, 'monitoring statistics rollups not prepared'))
  app.addHook('onListen', prepareRollups)
  // an imported batch changes the derived map layers (adaptive zones, grid cells), then the rollups:
  // in the background, so the import answers at once
  events.on('monitor.batchImported', () => {
    void refreshMonitorMapLayers(db)
      .catch((err: unknown) => app.log.error({ err }, 'monitoring map layers not refreshed after an import'))
      .finally(prepareRollups)
  })
}
