import path from 'node:path'
import { buildApp } from './app'
import { loadConfig } from './config'
import { openDatabase } from './db/database'
import { prepareDatabase } from './prepare'

/** Starts the portal: database, migrations, demo data, then the HTTP server. */
async function main() {
  const startedAt = performance.now()
  const config = loadConfig()
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: path.join(config.DATA_DIR, 'pgdata'),
    statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_SECONDS * 1000,
  })
  const { applied, reference, archive, monitor, monitorLayers, seeded, planDemo, admin, purgedAuditRecords } = await prepareDatabase(
    config,
    database,
  )
  const app = await buildApp(config, database)
  // without its database the server can answer nothing useful: end, so a supervisor starts it again
  database.onLost?.((error) => {
    app.log.fatal({ err: error }, 'embedded database thread ended')
    process.exit(1)
  })
  app.log.info(
    {
      database: database.kind,
      migrations: applied,
      referenceData: { version: reference.version, loaded: reference.loaded, ms: Math.round(reference.milliseconds) },
      sceneArchive: archive && {
        version: archive.version,
        loaded: archive.loaded,
        scenes: archive.scenes,
        ms: Math.round(archive.milliseconds),
      },
      monitorMapLayers: {
        refreshed: monitorLayers.refreshed,
        zones: monitorLayers.zones,
        cells: monitorLayers.cells,
        ms: Math.round(monitorLayers.milliseconds),
      },
      monitorSpots: monitor && {
        version: monitor.version,
        loaded: monitor.loaded,
        spots: monitor.spots,
        ms: Math.round(monitor.milliseconds),
      },
      planDemo: {
        version: planDemo.version,
        loaded: planDemo.loaded,
        removed: planDemo.removed,
        plans: planDemo.plans,
        items: planDemo.items,
        ms: Math.round(planDemo.milliseconds),
      },
      demoUsers: seeded.createdUsers,
      disabledDemoUsers: seeded.disabledUsers,
      purgedAuditRecords,
    },
    'database ready',
  )
  if (!admin.created && admin.retiredPublishedPassword) {
    app.log.warn({ username: 'admin' }, 'administrator still had the formerly published password: it must be changed at the next login')
    console.log('\n  管理员 admin 仍使用旧版公开的密码，下次登录须修改；请运行 npm run user -- reset admin\n')
  }
  if (admin.created) {
    // the password goes to the console only, never into the JSON log
    app.log.warn({ username: 'admin', mustChangePassword: admin.generatedPassword !== null }, 'administrator account created')
    if (admin.generatedPassword) {
      console.log('\n  已创建管理员账号 admin，初始密码（仅显示这一次，首次登录须修改）：')
      console.log(
        `  Administrator "admin" created; initial password (shown once, must be changed at first login):\n\n      ${admin.generatedPassword}\n`,
      )
      console.log('  修改密码 / set a new password:  npm run user -- reset admin\n')
    }
  }

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
