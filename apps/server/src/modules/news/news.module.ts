import type { FastifyInstance } from 'fastify'
import type { ModuleDeps } from '../../module-deps'
import { createNewsRepository } from './news.repository'
import { registerNewsRoutes } from './news.routes'
import { createNewsService } from './news.service'

/** News and notices. */
export function registerNews(app: FastifyInstance, { db, audit }: ModuleDeps) {
  registerNewsRoutes(app, createNewsService(createNewsRepository(db), audit))
}
