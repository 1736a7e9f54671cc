import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import type { ModuleDeps } from '../../module-deps'
import { ordersRepository } from './orders.repository'
import { registerOrdersRoutes } from './orders.routes'
import { createOrdersService, type QuicklookSource, type SceneSource } from './orders.service'

/**
 * The cart and orders: scenes read through the scenes module's one scene query, packages built in
 * the promised work's pool with its quicklooks, mails through the notification capability. Unfinished packages resume at start; old
 * ones are swept every ORDER_SWEEP_MINUTES.
 */
export function registerOrders(
  app: FastifyInstance,
  { db, config, pools, audit, delivery }: ModuleDeps,
  ports: { quicklooks: QuicklookSource; scenes: SceneSource },
) {
  const orders = createOrdersService(
    db,
    ordersRepository,
    {
      jobs: pools.jobs,
      audit,
      quicklooks: ports.quicklooks,
      scenes: ports.scenes,
      sendMail: (to, mail) => delivery.sendMail(to, mail),
      log: app.log,
    },
    {
      packageDir: path.join(config.DATA_DIR, 'orders'),
      downloadDays: config.ORDER_DOWNLOAD_DAYS,
      quicklookSize: 384,
      packageBudgetMs: 120_000,
    },
  )
  registerOrdersRoutes(app, orders, { downloadsPerMinute: config.ORDER_DOWNLOADS_PER_MINUTE })
  let sweeper: NodeJS.Timeout | undefined
  app.addHook('onReady', async () => {
    await orders.sweep()
    await orders.resume()
    if (config.ORDER_SWEEP_MINUTES > 0)
      sweeper = setInterval(
        () => void orders.sweep().catch((err) => app.log.error({ err }, 'order sweep failed')),
        config.ORDER_SWEEP_MINUTES * 60_000,
      ).unref()
  })
  // a production cut short by a stop stays 生产中 and is started again by resume() at the next start
  app.addHook('onClose', async () => clearInterval(sweeper))
}
