import path from 'node:path'
import { MONITOR_IMPORT_LIMITS } from '@rs/shared'
import type { FastifyInstance } from 'fastify'
import { createDelivery } from '../capabilities/notification'
import type { Config } from '../config'
import { refreshMonitorMapLayers } from '../datasets/monitor-map-layers/refresh'
import type { DatabaseHandle } from '../db/database'
import type { TaskPool } from '../lib/workers/pool'
import { authPlugin } from '../plugins/auth'
import { createAccountsRepository } from './accounts/accounts.repository'
import { registerAccountsRoutes } from './accounts/accounts.routes'
import { createAccountsService, DEFAULT_ACCOUNTS_SETTINGS } from './accounts/accounts.service'
import { createAnalysisRepository } from './analysis/analysis.repository'
import { registerAnalysisRoutes } from './analysis/analysis.routes'
import { createAnalysisService } from './analysis/analysis.service'
import { ANALYSIS_BUILD_BUDGET_MS, ANALYSIS_WORKER } from './analysis/analysis.worker'
import type { Built } from './analysis/chart-images'
import { createAoiRepository } from './aoi/aoi.repository'
import { registerAoiRoutes } from './aoi/aoi.routes'
import { createAoiService } from './aoi/aoi.service'
import { applyRepository } from './apply/apply.repository'
import { registerApplyRoutes } from './apply/apply.routes'
import { createApplyService } from './apply/apply.service'
import { createAuditRepository } from './audit/audit.repository'
import { registerAuditRoutes } from './audit/audit.routes'
import { createAuditService } from './audit/audit.service'
import { createAuthRepository } from './auth/auth.repository'
import { registerAuthRoutes } from './auth/auth.routes'
import { createAuthService } from './auth/auth.service'
import { createFeedbackRepository } from './feedback/feedback.repository'
import { registerFeedbackRoutes } from './feedback/feedback.routes'
import { createFeedbackService } from './feedback/feedback.service'
import { publicBase, registerMapRoutes } from './map/map.routes'
import { registerImportRoutes } from './monitor/import.routes'
import { createImportService } from './monitor/import.service'
import { createMonitorRepository } from './monitor/monitor.repository'
import { registerMonitorRoutes } from './monitor/monitor.routes'
import { createMonitorService } from './monitor/monitor.service'
import { createMonitorModesRepository } from './monitor/monitor-modes.repository'
import { registerMonitorModesRoutes } from './monitor/monitor-modes.routes'
import { createMonitorModesService } from './monitor/monitor-modes.service'
import { createStatisticsRollup } from './monitor/statistics-rollup'
import { registerMonitorTermRoutes } from './monitor/term-data'
import { verificationRepository } from './monitor/verification.repository'
import { registerVerificationRoutes } from './monitor/verification.routes'
import { createVerificationService } from './monitor/verification.service'
import { createNewsRepository } from './news/news.repository'
import { registerNewsRoutes } from './news/news.routes'
import { createNewsService } from './news/news.service'
import { createOrbitRepository } from './orbit/orbit.repository'
import { registerOrbitRoutes } from './orbit/orbit.routes'
import { createOrbitService } from './orbit/orbit.service'
import { ordersRepository } from './orders/orders.repository'
import { registerOrdersRoutes } from './orders/orders.routes'
import { createOrdersService } from './orders/orders.service'
import { createRegionsRepository } from './regions/regions.repository'
import { registerRegionsRoutes } from './regions/regions.routes'
import { createRegionsService } from './regions/regions.service'
import { createSatellitesRepository } from './satellites/satellites.repository'
import { registerSatellitesRoutes } from './satellites/satellites.routes'
import { createSatellitesService } from './satellites/satellites.service'
import { createCoverageRepository } from './scenes/coverage.repository'
import { registerCoverageRoutes } from './scenes/coverage.routes'
import { createCoverageService } from './scenes/coverage.service'
import { registerExportRoutes } from './scenes/export.routes'
import { registerNormalmetaRoutes } from './scenes/normalmeta.routes'
import { QUICKLOOK_WORKER } from './scenes/quicklook'
import { registerQuicklookRoutes } from './scenes/quicklook.routes'
import { createScenesRepository } from './scenes/scenes.repository'
import { createScenesService } from './scenes/scenes.service'
import { registerStacRoutes } from './scenes/stac.routes'
import { createStacService } from './scenes/stac.service'
import { createStacRepository } from './scenes/stac-search'
import { createTermScenes } from './scenes/term-scenes'
import { createSiteRepository } from './site/site.repository'
import { registerSiteRoutes } from './site/site.routes'
import { createTypicalImagesRepository } from './typical-images/typical-images.repository'
import { registerTypicalImagesRoutes } from './typical-images/typical-images.routes'
import { createTypicalImagesService } from './typical-images/typical-images.service'
import { createUsersRepository } from './users/users.repository'
import { registerUsersRoutes } from './users/users.routes'
import { createUsersService } from './users/users.service'

/**
 * The explicit list of the API's modules: this file shows the whole API. The auth plugin is
 * registered first with the auth module's session lookup; routes then only declare their rule.
 * `tasks` runs CPU-heavy work for requests; `background` (one niced thread) runs what nobody waits
 * for yet, such as the analysis charts built at start; `jobs` runs what a user has been promised
 * (order packages, imports), apart from anonymous work and with budgets that count only the run.
 */
export async function registerModules(
  app: FastifyInstance,
  config: Config,
  database: DatabaseHandle,
  tasks: TaskPool,
  background: TaskPool,
  jobs: TaskPool,
) {
  const { db } = database
  const audit = createAuditService(createAuditRepository(db))
  const auth = createAuthService(
    createAuthRepository(db),
    {
      sessionCacheMs: config.SESSION_CACHE_MS,
      captchaTtlSeconds: config.CAPTCHA_TTL_SECONDS,
      sessionIdleMinutes: config.SESSION_IDLE_MINUTES,
      sessionMaxHours: config.SESSION_MAX_HOURS,
      maxFailures: config.LOGIN_MAX_FAILURES,
      lockMinutes: config.LOGIN_LOCK_MINUTES,
      autoLoginEnabled: config.AUTO_LOGIN,
      maxSessionsPerUser: config.SESSION_MAX_PER_USER,
      serviceSessionMinutes: config.SERVICE_SESSION_MINUTES,
      maxServiceSessions: config.SERVICE_SESSION_MAX,
    },
    audit,
  )
  await app.register(authPlugin, { resolve: auth.resolveSession, audit })

  registerAuthRoutes(app, auth, { loginPerMinute: config.LOGIN_RATE_PER_MINUTE, captchaPerMinute: config.CAPTCHA_RATE_PER_MINUTE })
  registerMapRoutes(app, db, tasks, {
    publicBaseUrl: config.PUBLIC_BASE_URL,
    port: config.PORT,
    requestsPerMinute: config.MAP_REQUESTS_PER_MINUTE,
    tilesPerMinute: config.MAP_TILES_PER_MINUTE,
    // the scene footprints' query layer reads the searches the coverage service stores (bound below)
    tileQuery: (layer, token) => coverage.tileQuery(layer, token),
  })
  registerStacRoutes(app, createStacService(createStacRepository(db)), {
    baseUrl: () => publicBase(app, config.PUBLIC_BASE_URL, config.PORT),
    requestsPerMinute: config.MAP_REQUESTS_PER_MINUTE,
  })
  const users = createUsersService(createUsersRepository(db), { cacheMs: config.SESSION_CACHE_MS }, audit, {
    endSessionsOf: auth.endSessionsOf,
  })
  const accountsRepo = createAccountsRepository(db)
  const delivery = createDelivery(
    {
      url: config.SMTP_URL,
      host: config.SMTP_HOST,
      port: config.SMTP_PORT,
      secure: config.SMTP_SECURE,
      requireTls: config.SMTP_REQUIRE_TLS,
      tlsRejectUnauthorized: config.SMTP_TLS_REJECT_UNAUTHORIZED,
      user: config.SMTP_USER,
      pass: config.SMTP_PASS,
      from: config.SMTP_FROM,
    },
    accountsRepo.outbox,
  )
  app.addHook('onClose', async () => delivery.close())
  // registration and reset use the auth module's captchas and sessions through these hooks
  const accounts = createAccountsService(
    accountsRepo,
    delivery,
    {
      consumeCaptcha: auth.consumeCaptcha,
      openSessionFor: auth.openSessionFor,
      endSessionsOf: auth.endSessionsOf,
      // a changed e-mail, telephone or name shows at the next request: both caches forget the account
      forgetCachedUser: (userId: number) => {
        auth.forgetCachedUser(userId)
        users.forgetUser(userId)
      },
    },
    audit,
    app.log,
    {
      ...DEFAULT_ACCOUNTS_SETTINGS,
      perRecipientPerHour: config.VERIFY_CODES_PER_RECIPIENT_PER_HOUR,
      perIpPerHour: config.VERIFY_CODES_PER_IP_PER_HOUR,
    },
  )
  registerAccountsRoutes(app, accounts, {
    checksPerMinute: config.ACCOUNT_CHECKS_PER_MINUTE,
    submitsPerMinute: config.ACCOUNT_SUBMITS_PER_MINUTE,
  })
  // disabling an account ends its sessions through the auth module's hook
  registerUsersRoutes(app, users)
  // visitors' feedback proves itself with the auth module's captcha
  registerFeedbackRoutes(app, createFeedbackService(createFeedbackRepository(db), { consumeCaptcha: auth.consumeCaptcha }, audit), {
    submitsPerMinute: config.ACCOUNT_SUBMITS_PER_MINUTE,
  })
  registerAuditRoutes(app, audit)
  registerSiteRoutes(
    app,
    createSiteRepository(db),
    {
      autoLoginEnabled: config.AUTO_LOGIN,
      tiandituKey: config.TIANDITU_KEY,
      englishSiteUrl: config.ENGLISH_SITE_URL,
      externalLinks: { orbit3d: config.ORBIT3D_URL, cityEye: config.CITY_EYE_URL },
      footer: {
        owner: config.SITE_OWNER,
        address: config.SITE_ADDRESS,
        phone: config.SITE_PHONE,
        email: config.SITE_EMAIL,
        icp: config.SITE_ICP,
        psb: config.SITE_PSB,
        appDownloadUrl: config.APP_DOWNLOAD_URL,
      },
    },
    database.kind,
  )
  const aoi = createAoiService(createAoiRepository(db), tasks, audit)
  registerAoiRoutes(app, aoi, config.AOI_UPLOADS_PER_MINUTE)
  // the image query reads uploaded areas through the aoi service handed in here (no module imports another)
  const scenes = createScenesService(createScenesRepository(db), tasks, { audit, areaUploader: aoi })
  registerNormalmetaRoutes(app, scenes, { uploadsPerMinute: config.AOI_UPLOADS_PER_MINUTE })
  const coverage = createCoverageService(createCoverageRepository(db), tasks, scenes)
  registerCoverageRoutes(app, coverage)
  registerExportRoutes(app, coverage)
  registerQuicklookRoutes(app, db, tasks)
  // orders draw quicklooks through the scenes module's worker (in the promised work's pool) and mail through the accounts module's delivery
  const orders = createOrdersService(
    db,
    ordersRepository,
    {
      jobs,
      audit,
      quicklooks: { draw: (input) => jobs.run<Uint8Array>(QUICKLOOK_WORKER, 'quicklookTask', input, 10_000) },
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
  // applications mail their decisions through the accounts module's delivery
  const apply = createApplyService(db, applyRepository, {
    audit,
    sendMail: (to, mail) => delivery.sendMail(to, mail),
    log: app.log,
  })
  registerApplyRoutes(app, apply, { uploadsPerMinute: config.AOI_UPLOADS_PER_MINUTE })
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
  registerRegionsRoutes(app, createRegionsService(createRegionsRepository(db)))
  const satellites = createSatellitesService(createSatellitesRepository(db))
  registerSatellitesRoutes(app, satellites)
  // an administrator's element upload makes the satellite module read its elements again
  registerOrbitRoutes(app, createOrbitService(createOrbitRepository(db), tasks, audit, { onTleReplaced: () => satellites.reload() }))
  // statistics, batch counts and the detail list's total from the rollup (statistics-rollup.ts: the same answers, read from a few thousand rows at 1M spots)
  const monitorRepository = createMonitorRepository(db)
  const statisticsRollup = createStatisticsRollup(db)
  const monitorService = createMonitorService({
    ...monitorRepository,
    statistics: statisticsRollup.statistics,
    batches: statisticsRollup.batches,
    listTotal: statisticsRollup.listTotal,
  })
  registerMonitorRoutes(app, monitorService)
  // a spot's term data: the monitoring engine asks the archive for the scenes around its batch
  const termScenes = createTermScenes(db)
  registerMonitorTermRoutes(app, monitorService, (geojson, date) => termScenes.around(geojson, date))
  registerMonitorModesRoutes(app, createMonitorModesService(createMonitorModesRepository(db), monitorRepository))
  // spot verification and the import of deliveries: beside the engine's routes, audited
  registerVerificationRoutes(app, createVerificationService(db, verificationRepository, { audit, newSpots: statisticsRollup.newSpots }), {
    uploadsPerMinute: config.AOI_UPLOADS_PER_MINUTE,
  })
  // the statistics' rollups are rebuilt ahead of the first visitor: once the server listens and after each import
  const prepareRollups = () =>
    void statisticsRollup.prepare().catch((err: unknown) => app.log.error({ err }, 'monitoring statistics rollups not prepared'))
  app.addHook('onListen', prepareRollups)
  // an imported batch changes the derived map layers (adaptive zones, grid cells) and the statistics rollups
  const refreshLayers = () => {
    void refreshMonitorMapLayers(db)
      .catch((err: unknown) => app.log.error({ err }, 'monitoring map layers not refreshed after an import'))
      .finally(prepareRollups)
  }
  registerImportRoutes(app, createImportService(db, jobs, audit, MONITOR_IMPORT_LIMITS, refreshLayers), {
    uploadsPerMinute: config.AOI_UPLOADS_PER_MINUTE,
  })
  registerNewsRoutes(app, createNewsService(createNewsRepository(db), audit))
  registerTypicalImagesRoutes(app, createTypicalImagesService(createTypicalImagesRepository(db), audit))
  registerAnalysisRoutes(
    app,
    createAnalysisService(createAnalysisRepository(db), (sats, plans) =>
      background.run<Built>(ANALYSIS_WORKER, 'buildAnalysis', { sats, plans }, ANALYSIS_BUILD_BUDGET_MS),
    ),
  )
}
