import { createHash } from 'node:crypto'
import { normalmetaQuicklook } from '@rs/shared'
import type { FastifyInstance } from 'fastify'
import { type Kysely, sql } from 'kysely'
import { LRUCache } from 'lru-cache'
import type { z } from 'zod'
import type { Database } from '../../db/schema'
import { ApiError } from '../../lib/errors'
import { t } from '../../lib/locale'
import { assertAuthPlugin } from '../../lib/route'
import { requestError, type TaskPool } from '../../lib/workers/pool'
import { QUICKLOOK_WORKER, type QuicklookInput } from './quicklook'
import { QUICKLOOK_SIZE, type SceneRow } from './scene-sql'

/** Longest a quicklook may take in a worker thread, its wait included. */
const QUICKLOOK_BUDGET_SECONDS = 10
/** Changes when the drawing changes, so that browsers and proxies drop the pictures they keep. */
const DRAWING_VERSION = 'q1'
/** Quicklooks per client address and minute: a result page shows up to 100, the map lays more. */
const QUICKLOOKS_PER_MINUTE = 1200

type QuicklookRow = Pick<SceneRow, 'id' | 'cloud_percent' | 'illustrative' | 'quicklook_href' | 'footprint'> & {
  minx: number
  miny: number
  maxx: number
  maxy: number
}

/** Bytes of drawn pictures kept for the byte-range reads of GDAL (/vsicurl/ reads a file in pieces). */
const CACHE_BYTES = 32 * 1024 * 1024

/** The byte range of a `Range: bytes=a-b` header (one range; open ends allowed), or undefined when there is none or it is not satisfiable. */
function byteRange(header: string | undefined, length: number): { start: number; end: number } | 'unsatisfiable' | undefined {
  const m = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null
  if (!m || (m[1] === '' && m[2] === '')) return undefined
  const start = m[1] === '' ? Math.max(0, length - Number(m[2])) : Number(m[1])
  const end = m[1] === '' || m[2] === '' ? length - 1 : Math.min(Number(m[2]), length - 1)
  return start > end || start >= length ? 'unsatisfiable' : { start, end }
}

/** A picture of 16 px over a small square, drawn only to load the drawing code into a thread. */
const WARM_UP_PICTURE: QuicklookInput = {
  id: 'warm-up',
  cloudPercent: 50,
  footprint: '{"type":"Polygon","coordinates":[[[100,30],[100.1,30],[100.1,30.1],[100,30.1],[100,30]]]}',
  bbox: [100, 30, 100.1, 30.1],
  size: 16,
  label: '示意',
}

/** Only web addresses are followed: an imported href of another scheme is not a quicklook. */
const isWebAddress = (href: string) => /^https?:\/\//i.test(href)

/**
 * GET /api/normalmeta/quicklook?id=…[&size=…]: a PNG, so bound by hand. A generated scene's
 * picture is drawn in the worker pool (quicklook.ts) and kept by clients (immutable, with an ETag of
 * what it is drawn from); an imported scene with a quicklook address is redirected there.
 */
export function registerQuicklookRoutes(app: FastifyInstance, db: Kysely<Database>, tasks: TaskPool) {
  assertAuthPlugin(app)
  const drawn = new LRUCache<string, Buffer>({ maxSize: CACHE_BYTES, sizeCalculation: (b) => b.byteLength })
  // the drawing code and its font are loaded into a thread by the first picture; once the server
  // listens a tiny picture is drawn, so the first client's (a GDAL STACIT mosaic reads several at
  // once) is not the one that waits for that on a busy machine and runs out of its time budget
  app.addHook('onListen', () => {
    void tasks.run(QUICKLOOK_WORKER, 'quicklookTask', WARM_UP_PICTURE, 120_000).catch(() => {
      // a failed warm-up changes nothing: the first request loads the code as before
    })
  })
  app.route({
    method: normalmetaQuicklook.method,
    url: normalmetaQuicklook.path,
    config: { auth: normalmetaQuicklook.auth, rateLimit: { max: QUICKLOOKS_PER_MINUTE, timeWindow: '1 minute' } },
    schema: { summary: normalmetaQuicklook.summary, tags: normalmetaQuicklook.tags, querystring: normalmetaQuicklook.query },
    handler: async (request, reply) => {
      const query = request.query as z.output<NonNullable<typeof normalmetaQuicklook.query>>
      const size = query.size ?? QUICKLOOK_SIZE
      const { rows } = await sql<QuicklookRow>`
        SELECT id, cloud_percent, illustrative, quicklook_href, ST_AsGeoJSON(footprint, 6) AS footprint,
          ST_XMin(footprint) AS minx, ST_YMin(footprint) AS miny, ST_XMax(footprint) AS maxx, ST_YMax(footprint) AS maxy
        FROM scene WHERE id = ${query.id}`.execute(db)
      const row = rows[0]
      if (!row) throw ApiError.of(404, 'archiveData.errors.notFound', { id: query.id })
      if (row.quicklook_href && isWebAddress(row.quicklook_href))
        return reply.header('cache-control', 'public, max-age=3600').redirect(row.quicklook_href, 302)
      if (!row.illustrative) throw ApiError.of(404, 'archiveData.errors.noQuicklook', { id: query.id })

      const input: QuicklookInput = {
        id: row.id,
        cloudPercent: Number(row.cloud_percent),
        footprint: row.footprint,
        // rounded as the STAC items state it (proj:bbox), so their proj:shape is this picture's shape
        bbox: [row.minx, row.miny, row.maxx, row.maxy].map((v) => Math.round(Number(v) * 1e6) / 1e6) as QuicklookInput['bbox'],
        size,
        label: t('archiveData.quicklookLabel'),
      }
      const etag = `"${createHash('sha1')
        .update(JSON.stringify([DRAWING_VERSION, input]))
        .digest('base64url')}"`
      reply.header('cache-control', 'public, max-age=31536000, immutable').header('etag', etag)
      const match = request.headers['if-none-match']
      if (match?.split(',').some((t) => t.trim().replace(/^W\//, '') === etag)) return reply.status(304).send()

      let png = drawn.get(etag)
      if (!png) {
        try {
          const bytes = await tasks.run<Uint8Array>(QUICKLOOK_WORKER, 'quicklookTask', input, QUICKLOOK_BUDGET_SECONDS * 1000)
          png = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
          drawn.set(etag, png)
        } catch (error) {
          reply.removeHeader('etag').header('cache-control', 'no-store')
          throw requestError(error, () => ApiError.of(503, 'archiveData.errors.tooSlow', { seconds: QUICKLOOK_BUDGET_SECONDS }))
        }
      }
      reply.type('image/png').header('accept-ranges', 'bytes')
      const range = byteRange(request.headers.range, png.byteLength)
      if (range === 'unsatisfiable') return reply.status(416).header('content-range', `bytes */${png.byteLength}`).send()
      if (range)
        return reply
          .status(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${png.byteLength}`)
          .send(png.subarray(range.start, range.end + 1))
      return reply.send(png)
    },
  })
}
