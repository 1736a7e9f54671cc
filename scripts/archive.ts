/**
 * Operator command for the image archive, on the database the server uses (DATABASE_URL, or the
 * embedded one in DATA_DIR — stop the server first: the embedded database serves one process at a time).
 *
 *   npm run archive -- generate [--scenes 1000000] [--seed N] [--days N]
 *       (re)generates the demo archive (source 'generated'); --scenes sets the size of a scale set:
 *       the period and the members of each series grow until it is reached
 *   npm run archive -- import <file> [--format stac|csv|shp] [--dry-run] [--report <path>]
 *       imports a real archive (STAC items as ndjson, CSV with WKT footprints, zipped shapefile):
 *       every row validated, all rows written in one transaction or none; the report (each rejected
 *       row and why) is printed and written to <file>.report.txt or --report
 */
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { tZh } from '@rs/shared'
import { createCoverage } from '../apps/server/src/capabilities/coverage'
import { loadConfig } from '../apps/server/src/config'
import { importReport, importScenes } from '../apps/server/src/datasets/scene-archive/import/import'
import { formatOf, IMPORT_FORMATS, ImportFileError, type ImportFormat } from '../apps/server/src/datasets/scene-archive/import/read'
import { loadSceneArchive } from '../apps/server/src/datasets/scene-archive/load'
import { scaleSettings } from '../apps/server/src/datasets/scene-archive/settings'
import { migrateToLatest, openDatabase } from '../apps/server/src/db/database'
import { loadReferenceData } from '../apps/server/src/db/reference-data'
import { createTaskPool } from '../apps/server/src/lib/workers/pool'

const USAGE = `用法 / usage:
  npm run archive -- generate [--scenes 1000000] [--seed 20260613] [--days 30]
  npm run archive -- import <file> [--format stac|csv|shp] [--dry-run] [--report <path>]`

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      scenes: { type: 'string' },
      seed: { type: 'string' },
      days: { type: 'string' },
      format: { type: 'string' },
      'dry-run': { type: 'boolean' },
      report: { type: 'string' },
    },
  })
  const [command, file] = positionals
  if (command === 'import' && file) return importCommand(file, values)
  if (command !== 'generate') {
    console.error(USAGE)
    process.exit(2)
  }
  const config = loadConfig()
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: path.join(config.DATA_DIR, 'pgdata') })
  try {
    await migrateToLatest(database.db)
    // the satellites and their elements come from the reference data
    await loadReferenceData(database.db)
    const int = (v: string | undefined, name: string) => {
      if (v === undefined) return undefined
      const n = Number(v)
      if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} 须为正整数 / must be a positive integer`)
      return n
    }
    const scenes = int(values.scenes, 'scenes')
    const seed = int(values.seed, 'seed')
    const days = int(values.days, 'days')
    const settings = scenes ? scaleSettings(scenes) : {}
    if (seed !== undefined) Object.assign(settings, { seed })
    if (days !== undefined) Object.assign(settings, { days })
    const started = performance.now()
    let last = 0
    const result = await loadSceneArchive(database.db, {
      settings,
      force: true,
      onProgress: (n) => {
        if (n - last >= 50_000) {
          last = n
          console.log(`  ${n} 景 / scenes, ${((performance.now() - started) / 1000).toFixed(1)} s`)
        }
      },
    })
    console.log(
      `已生成演示存档 / demo archive generated: ${result.scenes} 景 / scenes, ${result.satellites} 颗卫星 / satellites, ${(result.milliseconds / 1000).toFixed(1)} s (${database.kind})`,
    )
  } finally {
    await database.close()
  }
}

async function importCommand(file: string, values: { format?: string; 'dry-run'?: boolean; report?: string }) {
  let format: ImportFormat
  let data: Uint8Array
  try {
    if (values.format !== undefined && !IMPORT_FORMATS.includes(values.format as ImportFormat)) throw new ImportFileError(USAGE)
    format = (values.format as ImportFormat | undefined) ?? formatOf(file)
    data = readFileSync(file)
  } catch (error) {
    console.error(error instanceof Error ? error.message : error)
    process.exit(2)
  }
  const config = loadConfig()
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: path.join(config.DATA_DIR, 'pgdata') })
  try {
    await migrateToLatest(database.db)
    // the satellite and sensor codes are checked against the catalogue of the reference data
    await loadReferenceData(database.db)
    const result = await importScenes(database.db, data, { format, dryRun: values['dry-run'] })
    // the scene table's triggers queued the new scenes: count them now, so coverage is current when the command ends
    if (!values['dry-run'] && result.rejected.length === 0) {
      const pool = createTaskPool({ maxThreads: 1 })
      try {
        const counted = await createCoverage({ db: database.db, background: pool, databaseKind: database.kind }).engine.refresh()
        console.log(tZh('archiveImport.report.coverage', { scenes: counted.scenes, seconds: (counted.milliseconds / 1000).toFixed(1) }))
      } finally {
        await pool.close()
      }
    }
    const report = importReport(result, path.basename(file))
    const reportPath = values.report ?? `${file}.report.txt`
    writeFileSync(reportPath, report)
    console.log(report.trimEnd())
    console.log(tZh('archiveImport.report.reportFile', { path: reportPath }))
    if (result.rejected.length > 0) process.exitCode = 1
  } catch (error) {
    if (error instanceof ImportFileError) {
      console.error(error.message)
      process.exitCode = 2
      return
    }
    throw error
  } finally {
    await database.close()
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
