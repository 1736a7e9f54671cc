import type { FastifyInstance } from 'fastify'
import type { ModuleDeps } from '../../module-deps'
import { createAoiRepository } from './aoi.repository'
import { registerAoiRoutes } from './aoi.routes'
import { createAoiService } from './aoi.service'

/** Uploaded areas of interest; returns the uploader the image query reads them through. */
export function registerAoi(app: FastifyInstance, { db, config, pools, audit }: ModuleDeps) {
  const aoi = createAoiService(createAoiRepository(db), pools.tasks, audit)
  registerAoiRoutes(app, aoi, config.AOI_UPLOADS_PER_MINUTE)
  return { areaUploader: aoi }
}
