import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { quoteText } from '../../lib/filter/ast'
import { t } from '../../lib/locale'
import type { StacService } from './stac.service'
import { CONFORMANCE, collectionJson, GEOJSON, itemCollectionJson, itemJson, type Link, landingJson, queryablesJson } from './stac-items'
import { collectionId, parseSearch, type RawSearch, StacError } from './stac-params'
import type { StacSearch } from './stac-search'

export interface StacSettings {
  /** the portal's public address (scheme, host, port, prefix), from PUBLIC_BASE_URL or the listen address */
  baseUrl: () => string
  requestsPerMinute: number
}

function sendError(reply: FastifyReply, error: StacError) {
  return reply
    .status(error.status)
    .header('cache-control', 'no-store')
    .header('access-control-allow-origin', '*')
    .type('application/json; charset=utf-8')
    .send({ code: error.code, description: error.message })
}

function sendJson(reply: FastifyReply, body: unknown, type = 'application/json', cacheSeconds = 0) {
  return reply
    .header('cache-control', cacheSeconds > 0 ? `public, max-age=${cacheSeconds}` : 'no-cache')
    .header('access-control-allow-origin', '*')
    .type(`${type}; charset=utf-8`)
    .send(typeof body === 'string' ? body : JSON.stringify(body))
}

/** The raw query string of a request (to rebuild next links with every parameter the client gave). */
function rawQuery(request: FastifyRequest): URLSearchParams {
  const q = request.url.indexOf('?')
  return new URLSearchParams(q >= 0 ? request.url.slice(q + 1) : '')
}

function queryOf(request: FastifyRequest): RawSearch {
  const params = rawQuery(request)
  const raw: Record<string, string> = {}
  for (const [key, value] of params) {
    if (Object.hasOwn(raw, key))
      throw StacError.of(400, 'stac.errors.badParameter', {
        name: quoteText(key, 30),
        reason: t('ogc.errors.duplicateParameter', { name: quoteText(key, 30) }),
      })
    raw[key] = value
  }
  return raw as RawSearch
}

/**
 * The STAC API 1.0 at /stac (core, collections, OGC API Features, item search with sort and CQL2
 * filter). Errors are STAC's JSON {code, description} with Chinese descriptions (this plugin has its
 * own error and not-found handlers), never the /api envelope.
 */
export function registerStacRoutes(app: FastifyInstance, service: StacService, settings: StacSettings) {
  app.register(
    async (stac) => {
      stac.setErrorHandler((error: FastifyError | StacError, request, reply) => {
        if (error instanceof StacError) return sendError(reply, error)
        const status = error.statusCode ?? 500
        if (status === 429) return sendError(reply, new StacError(429, 'TooManyRequests', t('stac.errors.tooManyRequests')))
        if (status === 400 && (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError))
          return sendError(reply, StacError.of(400, 'stac.errors.badBody', { reason: t('errors.badJson') }))
        if (status >= 400 && status < 500)
          return sendError(
            reply,
            new StacError(
              status,
              'InvalidParameterValue',
              t('stac.errors.badParameter', { name: 'URL', reason: quoteText(error.message, 80) }),
            ),
          )
        // a statement cut by the database's time limit (57014): ask for a narrower search
        if ((error as { code?: string }).code === '57014')
          return sendError(reply, StacError.of(503, 'stac.errors.timeout', undefined, 'ServerError'))
        request.log.error({ err: error }, 'stac error')
        return sendError(reply, new StacError(500, 'ServerError', t('stac.errors.server')))
      })
      stac.setNotFoundHandler((request, reply) =>
        sendError(reply, StacError.of(404, 'stac.errors.notFound', { path: quoteText(request.url.split('?')[0] ?? '', 80) })),
      )
      const options = { schema: { hide: true }, config: { rateLimit: { max: settings.requestsPerMinute, timeWindow: '1 minute' } } }
      const base = () => settings.baseUrl()

      /** A page of search results with its links; `next` repeats the request with the page's token. */
      async function page(request: FastifyRequest, search: StacSearch, self: string, nextLink: (token: string) => Link, extra: Link[]) {
        const result = await service.search(search)
        const b = base()
        const links: Link[] = [
          { rel: 'self', href: self, type: GEOJSON },
          { rel: 'root', href: `${b}/stac`, type: 'application/json' },
          ...extra,
        ]
        if (result.next) links.push(nextLink(result.next))
        request.log.debug({ returned: result.rows.length }, 'stac page')
        return itemCollectionJson(
          result.rows.map((r) => itemJson(r, b)),
          links,
        )
      }

      const getNext =
        (request: FastifyRequest, path: string) =>
        (token: string): Link => {
          const params = rawQuery(request)
          params.set('token', token)
          return { rel: 'next', href: `${base()}${path}?${params.toString()}`, type: GEOJSON, method: 'GET', title: t('stac.links.next') }
        }
      const selfUrl = (request: FastifyRequest, path: string) => {
        const q = rawQuery(request).toString()
        return `${base()}${path}${q ? `?${q}` : ''}`
      }

      stac.get('/', options, async (_request, reply) => sendJson(reply, landingJson(base(), await service.collections())))
      stac.get('/conformance', options, async (_request, reply) => sendJson(reply, { conformsTo: CONFORMANCE }, 'application/json', 300))
      stac.get('/queryables', options, async (_request, reply) => sendJson(reply, queryablesJson(base()), 'application/schema+json', 300))
      stac.get('/collections', options, async (_request, reply) => {
        const b = base()
        const all = await service.collections()
        return sendJson(reply, {
          collections: all.map((c) => collectionJson(c, b)),
          links: [
            { rel: 'self', href: `${b}/stac/collections`, type: 'application/json' },
            { rel: 'root', href: `${b}/stac`, type: 'application/json' },
            { rel: 'parent', href: `${b}/stac`, type: 'application/json' },
          ],
        })
      })
      stac.get<{ Params: { id: string } }>('/collections/:id', options, async (request, reply) =>
        sendJson(reply, collectionJson(await service.collection(request.params.id), base())),
      )
      stac.get<{ Params: { id: string } }>('/collections/:id/queryables', options, async (request, reply) => {
        const c = await service.collection(request.params.id)
        return sendJson(reply, queryablesJson(base(), collectionId(c)), 'application/schema+json')
      })
      stac.get<{ Params: { id: string } }>('/collections/:id/items', options, async (request, reply) => {
        const c = await service.collection(request.params.id)
        const raw = queryOf(request)
        // the items of one collection: its own collection, whatever a collections parameter says
        const search = parseSearch({ ...raw, collections: undefined }, false)
        search.collections = [c]
        const path = `/stac/collections/${encodeURIComponent(collectionId(c))}`
        const body = await page(request, search, selfUrl(request, `${path}/items`), getNext(request, `${path}/items`), [
          { rel: 'collection', href: `${base()}${path}`, type: 'application/json' },
          { rel: 'parent', href: `${base()}${path}`, type: 'application/json' },
        ])
        return sendJson(reply, body, GEOJSON)
      })
      stac.get<{ Params: { id: string; itemId: string } }>('/collections/:id/items/:itemId', options, async (request, reply) => {
        const c = await service.collection(request.params.id)
        const itemId = request.params.itemId
        const notFound = () => StacError.of(404, 'stac.errors.itemNotFound', { collection: collectionId(c), id: quoteText(itemId, 60) })
        if (itemId.length > 120) throw notFound()
        const result = await service.search({ ids: [itemId], collections: [c], sortby: [{ field: 'datetime', desc: true }], limit: 1 })
        const row = result.rows[0]
        if (!row) throw notFound()
        return sendJson(reply, itemJson(row, base()), GEOJSON)
      })
      stac.get('/search', options, async (request, reply) => {
        const search = parseSearch(queryOf(request), false)
        return sendJson(reply, await page(request, search, selfUrl(request, '/stac/search'), getNext(request, '/stac/search'), []), GEOJSON)
      })
      stac.post('/search', options, async (request, reply) => {
        const body = request.body ?? {}
        if (typeof body !== 'object' || Array.isArray(body)) throw StacError.of(400, 'stac.errors.badBody', { reason: 'JSON object' })
        const search = parseSearch(body as RawSearch, true)
        const next = (token: string): Link => ({
          rel: 'next',
          href: `${base()}/stac/search`,
          type: GEOJSON,
          method: 'POST',
          body: { ...(body as object), token },
          merge: false,
          title: t('stac.links.next'),
        })
        return sendJson(reply, await page(request, search, `${base()}/stac/search`, next, []), GEOJSON)
      })
    },
    { prefix: '/stac' },
  )
}
