import type { FastifyInstance } from 'fastify'
import type { ModuleDeps } from '../../module-deps'
import { createTypicalImagesRepository } from './typical-images.repository'
import { registerTypicalImagesRoutes } from './typical-images.routes'
import { createTypicalImagesService } from './typical-images.service'

/** The typical images (典型影像). */
export function registerTypicalImages(app: FastifyInstance, { db, audit }: ModuleDeps) {
  registerTypicalImagesRoutes(app, createTypicalImagesService(createTypicalImagesRepository(db), audit))
}
