import { ARCHIVE_LIMITS } from '@rs/shared'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import { t } from '../../lib/locale'
import { publicBase } from '../../lib/public-base'
import { readToken } from '../../lib/session'
import type { TaskPool } from '../../lib/workers/pool'
import { findLayer, findQueryLayer, layerNames, QUERY_LAYERS } from './layers'
import type { TileQuery } from './map.repository'
import { grantFor, type MapViewer, requireInRange } from './map-access'
import { createMapContext, type OgcResponse } from './map-context'
import { MVT_MAX_ZOOM } from './mvt'
import { exceptionContentType, exceptionReport, type OgcDialect, OgcError, quote } from './ogc'
import { MERCATOR_MAX, mercatorToLonLat } from './params'
import { handleWfs } from './wfs'
import { handleWms } from './wms'
import { getTile, handleWmts } from './wmts'

function dialectOf(url: string): OgcDialect {
  return url.startsWith('/map/wms') ? 'wms' : 'ows'
}

function sendReport(reply: FastifyReply, dialect: OgcDialect, error: OgcError) {
  return reply
    .status(error.status)
    .header('cache-control', 'no-store')
    .type(exceptionContentType(dialect))
    .send(exceptionReport(dialect, error))
}

/** Who asks a map route: the session of the `token` header (map-access.ts). */
async function viewerOf(request: FastifyRequest): Promise<MapViewer> {
  return { user: await request.session(), tokenSent: readToken(request) !== undefined || request.headers.token !== undefined }
}

/** The lon/lat box of an XYZ tile. */
function tileBox(z: number, x: number, y: number) {
  const size = (2 * MERCATOR_MAX) / 2 ** z
  const [minx, miny] = mercatorToLonLat(-MERCATOR_MAX + x * size, MERCATOR_MAX - (y + 1) * size)
  const [maxx, maxy] = mercatorToLonLat(-MERCATOR_MAX + (x + 1) * size, MERCATOR_MAX - y * size)
  return { minx, miny, maxx, maxy }
}

function send(reply: FastifyReply, response: OgcResponse, cacheSeconds: number) {
  // detail data of one caller: no shared cache keeps it, and an answer differs by the token header
  if (response.private) reply.header('vary', `${reply.getHeader('vary') ?? ''}, token`.replace(/^, /, ''))
  return reply
    .header('cache-control', response.private ? 'private, no-store' : cacheSeconds > 0 ? `public, max-age=${cacheSeconds}` : 'no-cache')
    .header('access-control-allow-origin', '*')
    .type(response.type)
    .send(response.body)
}

/** Where capabilities say the services are, and the requests per client address and minute (WMS/WFS, and the cheaper tiles: a map view loads dozens at once). */
export interface MapSettings {
  publicBaseUrl?: string
  port: number
  requestsPerMinute: number
  tilesPerMinute: number
  /**
   * The stored query of a query layer's token (`?q=`), or undefined when the token is unknown or
   * expired; given by the module that stores such queries (modules/index.ts wires it).
   */
  tileQuery?: (layer: string, token: string) => TileQuery | undefined
}

/**
 * OGC map services under /map: WMS 1.3.0, WFS 2.0.0, WMTS 1.0.0 and XYZ vector tiles. Errors here
 * are OGC exception reports (this plugin has its own error and not-found handlers), never the
 * JSON envelope of /api.
 */
export function registerMapRoutes(app: FastifyInstance, db: Kysely<Database>, tasks: TaskPool, settings: MapSettings) {
  const ctx = createMapContext(db, tasks)
  const baseUrl = (path: string) => `${publicBase(app, settings.publicBaseUrl, settings.port)}${path}`
  app.register(
    async (map) => {
      map.setErrorHandler((error: FastifyError | OgcError, request, reply) => {
        const dialect = dialectOf(request.url)
        if (error instanceof OgcError) return sendReport(reply, dialect, error)
        const status = error.statusCode ?? 500
        if (status === 429)
          return sendReport(reply, dialect, OgcError.of('NoApplicableCode', undefined, 'ogc.errors.tooManyRequests', undefined, 429))
        if (status >= 400 && status < 500)
          return sendReport(
            reply,
            dialect,
            new OgcError(
              'InvalidParameterValue',
              t('ogc.errors.badParameter', { name: 'URL', value: quote(request.url, 80) }),
              undefined,
              status,
            ),
          )
        request.log.error({ err: error }, 'map service error')
        return sendReport(reply, dialect, new OgcError('NoApplicableCode', t('ogc.errors.server'), undefined, 500))
      })
      map.setNotFoundHandler((request, reply) =>
        sendReport(
          reply,
          dialectOf(request.url),
          OgcError.of('InvalidParameterValue', undefined, 'ogc.errors.notFound', { path: quote(request.url.split('?')[0] ?? '', 80) }, 404),
        ),
      )
      const hide = { schema: { hide: true }, config: { rateLimit: { max: settings.requestsPerMinute, timeWindow: '1 minute' } } }
      const hideTile = { schema: { hide: true }, config: { rateLimit: { max: settings.tilesPerMinute, timeWindow: '1 minute' } } }

      map.get('/wms', hide, async (request, reply) =>
        send(reply, await handleWms(ctx, request.query, baseUrl('/map/wms'), await viewerOf(request)), 60),
      )
      map.get('/wfs', hide, async (request, reply) =>
        send(reply, await handleWfs(ctx, request.query, baseUrl('/map/wfs'), await viewerOf(request)), 0),
      )
      map.get('/wmts', hide, async (request, reply) =>
        send(reply, await handleWmts(ctx, request.query, baseUrl('/map/wmts'), await viewerOf(request)), 60),
      )
      map.get<{ Params: { layer: string; style: string; set: string; matrix: string; row: string; col: string } }>(
        '/wmts/1.0.0/:layer/:style/:set/:matrix/:row/:col',
        hideTile,
        async (request, reply) => {
          const p = request.params
          const m = /^(\d{1,7})\.png$/.exec(p.col)
          if (!m) throw OgcError.of('TileOutOfRange', 'TILECOL', 'ogc.errors.tileOutOfRange', { name: 'TILECOL', max: '2^z-1' })
          const tile = await getTile(
            ctx,
            {
              layer: p.layer,
              style: p.style,
              matrixSet: p.set,
              matrix: p.matrix,
              row: p.row,
              col: m[1] as string,
            },
            await viewerOf(request),
          )
          return send(reply, tile, 300)
        },
      )
      map.get<{ Params: { layer: string; z: string; x: string; y: string }; Querystring: { q?: unknown } }>(
        '/tiles/:layer/:z/:x/:y',
        hideTile,
        async (request, reply) => {
          const { layer: name, z, x, y } = request.params
          const queryLayer = findQueryLayer(name)
          const layer = findLayer(name) ?? queryLayer
          if (!layer)
            throw OgcError.of(
              'InvalidParameterValue',
              'layer',
              'ogc.errors.unknownLayer',
              { name: quote(name, 40), available: [...layerNames(), ...QUERY_LAYERS.map((l) => l.name)].join(', ') },
              404,
            )
          let query: TileQuery | undefined
          if (queryLayer) {
            const token = typeof request.query.q === 'string' ? request.query.q : ''
            query = settings.tileQuery?.(queryLayer.name, token)
            if (!query)
              throw OgcError.of(
                'InvalidParameterValue',
                'q',
                'archiveCoverage.errors.badTileToken',
                { minutes: ARCHIVE_LIMITS.tileQueryMinutes },
                404,
              )
          }
          const m = /^(\d{1,7})\.(mvt|pbf)$/.exec(y)
          const bad = () => OgcError.of('TileOutOfRange', 'z/x/y', 'ogc.errors.badTilePath', { max: MVT_MAX_ZOOM })
          if (!m || !/^\d{1,2}$/.test(z) || !/^\d{1,7}$/.test(x)) throw bad()
          const [zi, xi, yi] = [Number(z), Number(x), Number(m[1])]
          if (zi > MVT_MAX_ZOOM || xi >= 2 ** zi || yi >= 2 ** zi) throw bad()
          const grant = queryLayer ? undefined : grantFor(layer as Parameters<typeof grantFor>[0], await viewerOf(request))
          if (grant) await requireInRange(ctx.db, [grant], tileBox(zi, xi, yi))
          const tile = await ctx.tiles.tile(layer, zi, xi, yi, query, grant)
          return send(
            reply,
            {
              type: 'application/vnd.mapbox-vector-tile',
              body: Buffer.from(tile.buffer, tile.byteOffset, tile.byteLength),
              private: grant !== undefined,
            },
            300,
          )
        },
      )
    },
    { prefix: '/map' },
  )
}
