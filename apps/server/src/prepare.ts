import type { Config } from './config'
import { refreshMonitorMapLayers } from './datasets/monitor-map-layers/refresh'
import { loadMonitorSpots } from './datasets/monitor-spots/load'
import { loadPlanDemo } from './datasets/plan-demo/load'
import { loadReferenceDatasets } from './datasets/reference'
import { loadSceneArchive } from './datasets/scene-archive/load'
import { ensureAdministrator } from './db/accounts'
import { type DatabaseHandle, migrateToLatest } from './db/database'
import { seedDemo } from './db/seed'
import { underStartLock } from './db/session-lock'
import { createAuditRepository } from './modules/audit/audit.repository'
import { createAuditService } from './modules/audit/audit.service'

/**
 * What a start does to the database before serving: migrations, reference data, the demo datasets
 * its settings ask for, the demo and administrator accounts, the audit retention purge; under the
 * start lock, so instances started together on one PostgreSQL come up together.
 */
export async function prepareDatabase(config: Config, database: DatabaseHandle) {
  return underStartLock(database, async () => {
    const applied = await migrateToLatest(database.db)
    const reference = await loadReferenceDatasets(database.db)
    const archive = config.ARCHIVE_DEMO ? await loadSceneArchive(database.db) : null
    const monitor = config.MONITOR_DEMO ? await loadMonitorSpots(database.db) : null
    // the map's derived monitoring layers (zones, grid, acquisition report, service area), when their inputs changed
    const monitorLayers = await refreshMonitorMapLayers(database.db)
    const seeded = await seedDemo(database.db, { demo: config.SEED_DEMO })
    const planDemo = await loadPlanDemo(database.db, { enabled: config.PLAN_DEMO })
    const admin = await ensureAdministrator(database.db, { password: config.BOOTSTRAP_ADMIN_PASSWORD })
    const audit = createAuditService(createAuditRepository(database.db))
    const purgedAuditRecords = await audit.purge(config.AUDIT_RETENTION_DAYS)
    if (admin.created) {
      await audit.record({
        actor: null,
        ip: 'startup',
        action: 'userCreate',
        target: 'admin',
        detail: { administrator: true, passwordFrom: admin.generatedPassword ? 'random' : 'BOOTSTRAP_ADMIN_PASSWORD' },
      })
    }
    return { applied, reference, archive, monitor, monitorLayers, seeded, planDemo, admin, purgedAuditRecords }
  })
}
