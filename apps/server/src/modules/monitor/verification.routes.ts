import multipart from '@fastify/multipart'
import {
  Envelope,
  forbiddenCharacter,
  monitorModule,
  monitorVerification,
  monitorVerificationPhoto,
  monitorVerificationProgress,
  monitorVerificationRecord,
  monitorVerificationReview,
  VERIFICATION_LIMITS,
  VERIFICATION_RESULTS,
  type VerificationResult,
} from '@rs/shared'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { z } from 'zod'
import { ApiError } from '../../lib/errors'
import { assertAuthPlugin, bindRoute, sessionUserFor } from '../../lib/route'
import type { VerificationService } from './verification.service'

const MB = 1024 * 1024
const FIELDS = ['module', 'id', 'result', 'note', 'lon', 'lat'] as const
const FIELD_BYTES = VERIFICATION_LIMITS.noteMax * 4 + 64

/**
 * Reads the check's form: up to photosMax files named photo (each cut at photoMaxBytes, the read
 * stops there) and the text fields; limits from @fastify/multipart registered in the route's scope.
 */
async function readCheckForm(request: FastifyRequest) {
  if (!request.isMultipart()) throw ApiError.of(415, 'monitorVerify.errors.badForm')
  const fields: Record<string, string> = {}
  const photos: Array<{ filename: string; data: Buffer }> = []
  try {
    for await (const part of request.parts()) {
      if (forbiddenCharacter(part.fieldname)) throw ApiError.of(400, 'input.fileName')
      if (part.type === 'file') {
        if (part.filename && forbiddenCharacter(part.filename)) throw ApiError.of(400, 'input.fileName')
        const data = await part.toBuffer()
        if (part.fieldname === 'photo' && data.length > 0) photos.push({ filename: part.filename ?? '', data })
      } else {
        if (part.valueTruncated) throw ApiError.of(400, 'monitorVerify.errors.fieldTooLong')
        const value = typeof part.value === 'string' ? part.value : String(part.value ?? '')
        if (forbiddenCharacter(value, { multiline: true })) throw ApiError.of(400, 'input.textLine')
        fields[part.fieldname] = value
      }
    }
  } catch (error) {
    if (error instanceof ApiError) throw error
    const code = (error as { code?: string }).code ?? ''
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw ApiError.of(413, 'monitorVerify.errors.photoTooLarge', { size: `${VERIFICATION_LIMITS.photoMaxBytes / MB} MB` })
    if (code === 'FST_FILES_LIMIT') throw ApiError.of(413, 'monitorVerify.errors.tooManyPhotos', { max: VERIFICATION_LIMITS.photosMax })
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw ApiError.of(400, 'monitorVerify.errors.badForm')
    if (code.startsWith('FST_')) throw ApiError.of(400, 'monitorVerify.errors.badForm')
    throw error
  }
  return { fields, photos }
}

/** The check's fields, read strictly: module known, id a positive integer, result one of three, position two numbers. */
function parseCheckFields(fields: Record<string, string>) {
  const module = fields.module ?? ''
  if (!monitorModule(module)) throw ApiError.of(400, 'monitor.errors.unknownModule')
  const id = Number(fields.id)
  if (!/^\d{1,10}$/.test(fields.id ?? '') || !Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647)
    throw ApiError.of(400, 'monitor.errors.spotNotFound')
  const result = fields.result as VerificationResult
  if (!VERIFICATION_RESULTS.includes(result)) throw ApiError.of(400, 'monitorVerify.errors.badResult')
  const number = (text: string | undefined) =>
    text !== undefined && /^-?\d{1,3}(\.\d{1,20})?$/.test(text.trim()) ? Number(text) : Number.NaN
  const position: [number, number] = [number(fields.lon), number(fields.lat)]
  if (!position.every(Number.isFinite)) throw ApiError.of(400, 'monitorVerify.errors.badPosition')
  return { module, id, result, note: fields.note ?? null, position }
}

/** Spot verification routes (bound beside the monitoring engine's routes in monitor.routes.ts). */
export function registerVerificationRoutes(app: FastifyInstance, verification: VerificationService, rates: { uploadsPerMinute: number }) {
  bindRoute(app, monitorVerification, async ({ query, user }) => verification.get(user, query.module, query.id))
  bindRoute(app, monitorVerificationReview, async ({ body, user, request }) =>
    verification.review({ user, ip: request.ip }, { module: body.module, id: body.id, decision: body.decision, reason: body.reason }),
  )
  bindRoute(app, monitorVerificationProgress, async ({ query, user }) => verification.progress(user, query.module, query.batch))

  assertAuthPlugin(app)
  const route = monitorVerificationRecord
  app.register(async (scope) => {
    await scope.register(multipart, {
      limits: {
        fileSize: VERIFICATION_LIMITS.photoMaxBytes,
        files: VERIFICATION_LIMITS.photosMax,
        fields: FIELDS.length,
        parts: FIELDS.length + VERIFICATION_LIMITS.photosMax + 1,
        fieldSize: FIELD_BYTES,
        headerPairs: 100,
      },
    })
    scope.route({
      method: route.method,
      url: route.path,
      config: { auth: route.auth, rateLimit: { max: rates.uploadsPerMinute, timeWindow: '1 minute' } },
      schema: {
        summary: route.summary,
        tags: route.tags,
        consumes: ['multipart/form-data'],
        security: [{ token: [] }],
        response: { 200: Envelope(route.data) },
      },
      handler: async (request) => {
        const user = await sessionUserFor(request, route.auth)
        const { fields, photos } = await readCheckForm(request)
        const input = parseCheckFields(fields)
        const data = await verification.record({ user, ip: request.ip }, { ...input, photos })
        return { code: 0, message: 'success', data }
      },
    })
  })

  app.route({
    method: monitorVerificationPhoto.method,
    url: monitorVerificationPhoto.path,
    config: { auth: monitorVerificationPhoto.auth },
    schema: {
      summary: monitorVerificationPhoto.summary,
      tags: monitorVerificationPhoto.tags,
      querystring: monitorVerificationPhoto.query,
      security: [{ token: [] }],
    },
    handler: async (request, reply) => {
      const user = await sessionUserFor(request, monitorVerificationPhoto.auth)
      const query = request.query as z.output<NonNullable<typeof monitorVerificationPhoto.query>>
      const photo = await verification.photo(user, query.module, query.id)
      const ascii = photo.fileName.replace(/[^\x20-\x7e]|["\\]/g, '_')
      return reply
        .type(photo.contentType)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(photo.fileName)}`)
        .send(photo.data)
    },
  })
}
