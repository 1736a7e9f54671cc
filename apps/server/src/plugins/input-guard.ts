import { findForbiddenText } from '@rs/shared'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { ApiError } from '../lib/errors'

const FIELD_SHOWN = 60

/**
 * One check for every route (API, pages, OGC services): a string of the query, the path
 * parameters or a JSON body holding a control character (C0 except tab, line feed and carriage
 * return; DEL) or a lone surrogate is refused with a Chinese 400 before validation, so it never
 * reaches SQL (PostgreSQL refuses U+0000 in text). It runs after the auth rule (onRequest), so a
 * protected route still answers 401/403 first. Multipart forms are checked as they stream
 * (lib/multipart-form.ts). The OGC services turn the 400 into an exception report (their own
 * error handler reads statusCode).
 */
export const inputGuardPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', async (request) => {
      const found =
        findForbiddenText(request.query, '查询参数') ??
        findForbiddenText(request.params, '路径参数') ??
        findForbiddenText(request.body, '请求内容')
      if (found) {
        const field = found.path.length > FIELD_SHOWN ? `${found.path.slice(0, FIELD_SHOWN)}…` : found.path
        throw ApiError.of(400, 'input.controlCharacter', { character: found.character, field })
      }
    })
  },
  { name: 'rs-input-guard', fastify: '5.x' },
)
