import { type MonitorSpotTerms, monitorSpotTerms, type Scene } from '@rs/shared'
import type { FastifyInstance } from 'fastify'
import { bindRoute } from '../../lib/route'
import type { SessionUser } from '../../lib/session'
import type { MonitorService } from './monitor.service'

/** The archive's scenes around a date over a GeoJSON geometry (modules/scenes/term-scenes.ts, wired by modules/index.ts). */
export type ScenesAround = (geojson: string, date: string) => Promise<{ before: Scene | null; after: Scene | null }>

/**
 * The 'term data' of a spot (detail mode): the spot by id with the engine's access rules (login,
 * MOD code, area range: 404/403 as the spot detail), then the archive scenes before and after its
 * batch date that cover it.
 */
export async function spotTerms(
  monitor: MonitorService,
  scenesAround: ScenesAround,
  user: SessionUser,
  module: string,
  id: number,
): Promise<MonitorSpotTerms> {
  const spot = await monitor.spot(user, module, id)
  const { before, after } = await scenesAround(JSON.stringify(spot.geometry), spot.batch)
  return { spotId: spot.id, batch: spot.batch, before, after }
}

export function registerMonitorTermRoutes(app: FastifyInstance, monitor: MonitorService, scenesAround: ScenesAround) {
  bindRoute(app, monitorSpotTerms, async ({ query, user }) => spotTerms(monitor, scenesAround, user, query.module, query.id))
}
