/**
 * Operator command: imports a delivery of monitoring spots as a new batch, on the database the
 * server uses (DATABASE_URL, or the embedded one in DATA_DIR — stop the server first: the embedded
 * database serves one process at a time). The same checks as POST /api/monitor/import: every feature
 * validated, all or nothing; the report (each rejected feature and why) is printed. Audited as
 * 'operator'. With --dry-run the file is checked exactly so and the same report printed, but
 * nothing is written (audited as a check, monitorImportCheck).
 *
 *   npm run monitor:import -- <file.zip|file.geojson> --module pvland --batch 20261231
 *       [--mapping '{"siteId":"SITE_ID","spotType":"TBLX","attributes":{"plantName":"NAME"}}'] [--dry-run]
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { defaultImportMapping, monitorModule } from '@rs/shared'
import { loadConfig } from '../apps/server/src/config'
import { migrateToLatest, openDatabase } from '../apps/server/src/db/database'
import { loadReferenceData } from '../apps/server/src/db/reference-data'
import { ApiError } from '../apps/server/src/lib/errors'
import { createTaskPool } from '../apps/server/src/lib/workers/pool'
import { createAuditRepository } from '../apps/server/src/modules/audit/audit.repository'
import { createAuditService } from '../apps/server/src/modules/audit/audit.service'
import { createImportService } from '../apps/server/src/modules/monitor/import.service'

const USAGE = `用法 / usage:
  npm run monitor:import -- <file.zip|file.geojson> --module <key> --batch YYYYMMDD [--mapping <json>] [--dry-run]`

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { module: { type: 'string' }, batch: { type: 'string' }, mapping: { type: 'string' }, 'dry-run': { type: 'boolean' } },
  })
  const [file] = positionals
  const module = values.module ? monitorModule(values.module) : undefined
  if (!file || !module || !values.batch) {
    console.error(USAGE)
    process.exit(2)
  }
  const mapping = values.mapping ?? JSON.stringify(defaultImportMapping(module.attributes.map((a) => a.key)))
  const config = loadConfig()
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: path.join(config.DATA_DIR, 'pgdata') })
  const tasks = createTaskPool()
  try {
    await migrateToLatest(database.db)
    await loadReferenceData(database.db)
    const imports = createImportService(database.db, tasks, createAuditService(createAuditRepository(database.db)))
    const report = await imports.importDelivery(
      { actor: { userId: null, username: 'operator' }, ip: 'cli' },
      {
        module: module.key,
        batch: values.batch,
        fileName: path.basename(file),
        data: readFileSync(file),
        mapping,
        dryRun: values['dry-run'],
      },
    )
    console.log(
      report.dryRun
        ? `检查通过，未写入 / checked, nothing written: ${report.module} ${report.batch} ${report.imported} 个图斑可导入 / spots would be imported, ${report.milliseconds} ms`
        : `已导入 / imported: ${report.module} ${report.batch} ${report.imported} 个图斑 / spots, ${report.milliseconds} ms`,
    )
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    console.error(error.message)
    const data = error.data as { rejected?: Array<{ index: number; siteId: string | null; reasons: string[] }> } | null
    for (const r of data?.rejected ?? []) console.error(`  #${r.index} ${r.siteId ?? '-'}: ${r.reasons.join('；')}`)
    process.exitCode = 1
  } finally {
    await tasks.close()
    await database.close()
  }
}

await main()
