import { orbitPasses, orbitPrediction, orbitPredictions, orbitTle, orbitTleUpload, orbitTrack } from '@rs/shared'
import type { FastifyInstance } from 'fastify'
import { callerOf } from '../../lib/audit'
import { bindRoute } from '../../lib/route'
import type { OrbitService } from './orbit.service'

/** /api/satorbit: elements in use, ground tracks, passes (kept per user), the kept predictions, the administrator's element upload. */
export function registerOrbitRoutes(app: FastifyInstance, orbit: OrbitService) {
  bindRoute(app, orbitTle, async ({ query }) => orbit.tle(query.satellite))
  bindRoute(app, orbitTrack, async ({ query }) => orbit.track(query.satellite, query.start, query.end, query.step), {
    rateLimit: { max: 120, timeWindow: '1 minute' },
  })
  bindRoute(app, orbitPasses, async ({ body, user, request }) => orbit.passes(body, callerOf(user, request)), {
    rateLimit: { max: 20, timeWindow: '1 minute' },
  })
  bindRoute(app, orbitPredictions, async ({ user }) => orbit.predictions(user.userId))
  bindRoute(app, orbitPrediction, async ({ query, user }) => orbit.prediction(user.userId, query.id))
  bindRoute(app, orbitTleUpload, async ({ body, user, request }) => orbit.uploadTle(body.text, callerOf(user, request)))
}
