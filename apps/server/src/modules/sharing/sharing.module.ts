import { sharingDetail, sharingStatistics } from '@rs/shared'
import type { FastifyInstance } from 'fastify'
import { bindRoute } from '../../lib/route'
import type { ModuleDeps } from '../../module-deps'
import { createSharingService } from './sharing.service'

/** 共享概况 (regionPush, MOD_084): pushes and own imagery per region, statistics and detail. */
export function registerSharing(app: FastifyInstance, { db, coverage }: ModuleDeps) {
  const sharing = createSharingService(db, coverage)
  bindRoute(app, sharingStatistics, async ({ query, user }) => sharing.statistics(user, query))
  bindRoute(app, sharingDetail, async ({ query, user }) => sharing.detail(user, query))
}
