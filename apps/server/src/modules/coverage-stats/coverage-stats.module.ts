import type { FastifyInstance } from 'fastify'
import type { ModuleDeps } from '../../module-deps'
import { registerCoverageStatsRoutes } from './coverage-stats.routes'
import { type CoverageFootprintsPort, createCoverageStatsService } from './coverage-stats.service'

/** How often an instance looks for scenes another process (the archive's import command) queued. */
const PENDING_POLL_MS = 30_000
/**
 * The first count after a start waits this long: the start's own preparations (rendered pages,
 * analysis charts) share the one background thread and come first, so the first visitors are not
 * served behind a count of the whole demo archive.
 */
const START_DELAY_MS = 15_000

/**
 * Coverage statistics (覆盖统计, issue 23) over the coverage capability. The engine counts what
 * waits 15 s after the server listens and whenever scenes are queued (the scene table's triggers queue
 * every import, whoever made it; this instance looks every 30 s), in the background thread.
 */
export function registerCoverageStats(
  app: FastifyInstance,
  { db, pools, coverage }: ModuleDeps,
  ports: { footprints: CoverageFootprintsPort },
) {
  registerCoverageStatsRoutes(app, createCoverageStatsService({ db, coverage, tasks: pools.tasks, footprints: ports.footprints }))

  let timer: NodeJS.Timeout | undefined
  let first: NodeJS.Timeout | undefined
  let closing = false
  const refresh = () =>
    void coverage.engine
      .refresh()
      .then((report) => {
        if (report.scenes > 0) app.log.info(report, 'coverage counted')
      })
      .catch((err: unknown) => {
        if (!closing) app.log.error({ err }, 'coverage not counted')
      })
  app.addHook('onListen', async () => {
    first = setTimeout(refresh, START_DELAY_MS)
    first.unref()
    timer = setInterval(async () => {
      if ((await coverage.engine.pending().catch(() => 0)) > 0) refresh()
    }, PENDING_POLL_MS)
    timer.unref()
  })
  app.addHook('onClose', async () => {
    closing = true
    if (first) clearTimeout(first)
    if (timer) clearInterval(timer)
  })
}
