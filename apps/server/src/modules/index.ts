import type { FastifyInstance } from 'fastify'
import type { Config } from '../config'
import type { DatabaseHandle } from '../db/database'
import { createSharedDeps, moduleDeps, type Pools } from '../module-deps'
import { authPlugin } from '../plugins/auth'
import { registerAccounts } from './accounts/accounts.module'
import { registerAnalysis } from './analysis/analysis.module'
import { registerAoi } from './aoi/aoi.module'
import { registerApply } from './apply/apply.module'
import { registerAudit } from './audit/audit.module'
import { registerAuth } from './auth/auth.module'
import { registerCoverageStats } from './coverage-stats/coverage-stats.module'
import { registerFeedback } from './feedback/feedback.module'
import { registerMap } from './map/map.module'
import { registerMonitor } from './monitor/monitor.module'
import { registerNews } from './news/news.module'
import { registerOrbit } from './orbit/orbit.module'
import { registerOrders } from './orders/orders.module'
import { registerPlans } from './plans/plans.module'
import { registerProvinceFeedback } from './province-feedback/province-feedback.module'
import { registerProvinceMinistry } from './province-ministry/province-ministry.module'
import { registerPush } from './push/push.module'
import { registerRegions } from './regions/regions.module'
import { registerSatellites } from './satellites/satellites.module'
import { registerScenes } from './scenes/scenes.module'
import { registerSharing } from './sharing/sharing.module'
import { registerSite } from './site/site.module'
import { registerTypicalImages } from './typical-images/typical-images.module'
import { registerUsers } from './users/users.module'

/**
 * The explicit list of the API's modules: this file shows the whole API. Each module builds its
 * repository, service and routes from the shared deps (module-deps.ts) and returns only what
 * others ask of it (ports: queries). Reactions between modules are typed events
 * (capabilities/events): the emitter emits, the reacting module listens in its registration.
 * The auth plugin is registered first with the auth module's session lookup; routes then only
 * declare their rule.
 */
export async function registerModules(app: FastifyInstance, config: Config, database: DatabaseHandle, pools: Pools) {
  const shared = createSharedDeps(app, config, database, pools)
  const audit = registerAudit(app, shared)
  const deps = moduleDeps(shared, audit.recorder)

  const auth = registerAuth(app, deps)
  await app.register(authPlugin, { resolve: auth.resolveSession, audit: deps.audit })
  auth.registerRoutes()
  audit.registerRoutes()
  registerUsers(app, deps)
  registerAccounts(app, deps, auth.ports)
  registerFeedback(app, deps, auth.ports)
  registerSite(app, deps)
  registerAoi(app, deps)
  const scenes = registerScenes(app, deps)
  registerMap(app, deps, { tileQuery: scenes.tileQuery })
  registerOrders(app, deps, { quicklooks: scenes.quicklooks, scenes: scenes.sceneRecords })
  registerPush(app, deps, { quicklooks: scenes.quicklooks, scenes: scenes.sceneRecords, newScenes: scenes.newScenes })
  registerApply(app, deps)
  registerProvinceFeedback(app, deps)
  registerProvinceMinistry(app, deps)
  registerSharing(app, deps)
  registerPlans(app, deps)
  registerRegions(app, deps)
  registerSatellites(app, deps)
  registerOrbit(app, deps)
  registerMonitor(app, deps, { scenesAround: scenes.scenesAround })
  registerNews(app, deps)
  registerTypicalImages(app, deps)
  registerAnalysis(app, deps)
  registerCoverageStats(app, deps, { footprints: scenes.coverageFootprints })
}
