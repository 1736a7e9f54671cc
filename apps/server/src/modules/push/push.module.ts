import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { createPackages, type QuicklookSource } from '../../capabilities/packages'
import { createSecretBox } from '../../lib/secrets'
import type { ModuleDeps } from '../../module-deps'
import { pushRepository } from './push.repository'
import { registerPushRoutes } from './push.routes'
import { createPushService, type NewScenesSource, type PushSceneSource } from './push.service'

/**
 * Pushes (推送, issue 23): nodes and batches under 系统管理, public statistics. A batch's package is
 * the package capability's (as an order's), delivered to the node's folder under PUSH_DIR or its
 * S3-compatible bucket (capabilities/storage); batches a
 * stop cut short start again once the server is ready.
 */
export function registerPush(
  app: FastifyInstance,
  { db, config, pools, audit, delivery }: ModuleDeps,
  ports: { quicklooks: QuicklookSource; scenes: PushSceneSource; newScenes: NewScenesSource },
) {
  const push = createPushService(
    db,
    pushRepository,
    {
      packages: createPackages({
        jobs: pools.jobs,
        quicklooks: ports.quicklooks,
        settings: { quicklookSize: 384, packageBudgetMs: 120_000 },
      }),
      scenes: ports.scenes,
      newScenes: ports.newScenes,
      audit,
      sendMail: (to, mail) => delivery.sendMail(to, mail),
      log: app.log,
    },
    {
      pushDir: config.PUSH_DIR || path.join(config.DATA_DIR, 'push'),
      workDir: path.join(config.DATA_DIR, 'push-work'),
      secrets: createSecretBox({ secretsKey: config.SECRETS_KEY, dataDir: config.DATA_DIR }),
    },
  )
  registerPushRoutes(app, push)
  app.addHook('onReady', async () => {
    await push.resume()
  })
  // a batch a stop cuts short stays 推送中 and starts again at the next start (resume)
  return { push }
}
