import path from 'node:path'
import { buildApp } from './app'
import { loadConfig } from './config'
import { migrateToLatest, openDatabase } from './db/database'
import { loadReferenceData } from './db/reference-data'
import { seedDemo } from './db/seed'

/** Starts the portal: database, migrations, demo data, then the HTTP server. */
async function main() {
  const startedAt = performance.now()
  const config = loadConfig()
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: path.join(config.DATA_DIR, 'pgdata'),
    statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_SECONDS * 1000,
  })
  const applied = await migrateToLatest(database.db)
  const reference = await loadReferenceData(database.db)
  const seeded = config.SEED_DEMO ? await seedDemo(database.db) : { createdUsers: [] }
  const app = await buildApp(config, database)
  app.log.info(
    {
      database: database.kind,
      migrations: applied,
      referenceData: { version: reference.version, loaded: reference.loaded, ms: Math.round(reference.milliseconds) },
      demoUsers: seeded.createdUsers,
    },
    'database ready',
  )

  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'shutting down')
    // whatever is still running (a statement in the database thread, a request in flight), the process ends within 8 s
    const force = setTimeout(() => process.exit(1), 8_000)
    force.unref()
    try {
      await app.close()
      await database.close()
    } finally {
      process.exit(0)
    }
  }
  process.on('SIGINT', () => void shutdown('SIGINT'))
  process.on('SIGTERM', () => void shutdown('SIGTERM'))

  await app.listen({ port: config.PORT, host: config.HOST })
  const port = (app.server.address() as { port: number }).port
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1)
  const shown = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST
  console.log(
    `\n  门户已启动（${seconds} 秒，数据库：${database.kind === 'pglite' ? `内嵌 PGlite，数据目录 ${config.DATA_DIR}` : 'PostgreSQL'}）`,
  )
  console.log(`  Portal ready: http://${shown}:${port}/chinese/home   API docs: http://${shown}:${port}/api/docs\n`)
}

main().catch((error) => {
  console.error('启动失败 / start failed:', error)
  process.exit(1)
})
