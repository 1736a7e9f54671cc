import type { FastifyInstance } from 'fastify'
import type { ModuleDeps } from '../../module-deps'
import { createSiteRepository } from './site.repository'
import { registerSiteRoutes } from './site.routes'

/** The site's settings, menu and footer as the web app reads them. */
export function registerSite(app: FastifyInstance, { db, config, databaseKind }: ModuleDeps) {
  registerSiteRoutes(
    app,
    createSiteRepository(db),
    {
      autoLoginEnabled: config.AUTO_LOGIN,
      tiandituKey: config.TIANDITU_KEY,
      englishSiteUrl: config.ENGLISH_SITE_URL,
      externalLinks: { orbit3d: config.ORBIT3D_URL, cityEye: config.CITY_EYE_URL },
      provinceImageryTiles: config.PROVINCE_IMAGERY_TILES,
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
    databaseKind,
  )
}
