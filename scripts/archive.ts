/**
 * Operator command for the image archive, on the database the server uses (DATABASE_URL, or the
 * embedded one in DATA_DIR — stop the server first: the embedded database serves one process at a time).
 *
 *   npm run archive -- generate [--scenes 1000000] [--seed N] [--days N]
 *       (re)generates the demo archive (source 'generated'); --scenes sets the size of a scale set:
 *       the period and the members of each series grow until it is reached
 */
import path from 'node:path'
import { parseArgs } from 'node:util'
import { loadConfig } from '../apps/server/src/config'
import { loadSceneArchive } from '../apps/server/src/datasets/scene-archive/load'
import { scaleSettings } from '../apps/server/src/datasets/scene-archive/settings'
import { migrateToLatest, openDatabase } from '../apps/server/src/db/database'
import { loadReferenceData } from '../apps/server/src/db/reference-data'

const USAGE = `用法 / usage:
  npm run archive -- generate [--scenes 1000000] [--seed 20260613] [--days 30]`

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      scenes: { type: 'string' },
      seed: { type: 'string' },
      days: { type: 'string' },
    },
  })
  const [command] = positionals
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

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
