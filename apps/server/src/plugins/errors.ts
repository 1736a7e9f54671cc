import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { ApiError } from '../lib/errors'
import { currentLocale, t } from '../lib/locale'

/** Fields whose name the validation message gives in words. */
const FIELD_LABELS = new Set(['username', 'password', 'captcha', 'token', 'name', 'label', 'code', 'type'])

const HAS_CHINESE = /[\u4e00-\u9fff]/
/** zod's own English messages (its en locale): they say what is wrong but not where. */
const ZOD_ENGLISH = /^(Invalid|Too (big|small)|Unrecognized key)/

/** Sends the envelope of SPEC.md §7 with an HTTP status. */
export function sendEnvelope(reply: FastifyReply, status: number, code: number, message: string, data: unknown = null) {
  return reply.status(status).send({ code, message, data })
}

/** Turns zod validation issues into one sentence naming the fields, in the caller's language. */
export function validationMessage(issues: ReadonlyArray<{ instancePath?: string; message?: string }>): string {
  // the messages are already in the caller's language: the contracts' (lazyMessage) and zod's own
  // (its locale follows the request) are read when the request is validated
  const english = currentLocale() === 'en-US'
  const parts = issues.map((issue) => {
    const field = (issue.instancePath ?? '').split('/').filter(Boolean).join('.')
    const message = issue.message ?? ''
    // a contract's own message names its field; zod's generic one is prefixed with the field
    const generic = english ? ZOD_ENGLISH.test(message) : !HAS_CHINESE.test(message) || message.includes('无效')
    if (!generic) return message
    const label = FIELD_LABELS.has(field) ? t(`fields.${field}`) : field
    return label ? `${label}${english ? ': ' : '：'}${message}` : message
  })
  return t('errors.badRequest', { detail: [...new Set(parts)].join(english ? '; ' : '；') })
}

/**
 * One error handler for the whole server: user errors become a 4xx envelope with a message in
 * the caller's language; anything else is logged and answered with a 500 that hides the details.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) return sendEnvelope(reply, error.status, error.code, error.message, error.data)
    if (hasZodFastifySchemaValidationErrors(error)) return sendEnvelope(reply, 400, 400, validationMessage(error.validation))
    const status = error.statusCode ?? 500
    if (status === 413 || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return sendEnvelope(reply, 413, 413, t('errors.tooLarge'))
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || error instanceof SyntaxError)
      return sendEnvelope(reply, 400, 400, t('errors.badJson'))
    if (status === 429) return sendEnvelope(reply, 429, 429, t('errors.tooManyRequests'))
    // a statement cut by the database's time limit (PostgreSQL's statement_timeout, 57014) on any route
    // that does not answer it itself: the caller is asked to narrow the request, not told of a fault
    if ((error as { code?: string }).code === '57014') return sendEnvelope(reply, 503, 503, t('errors.queryTimeout'))
    if (status >= 400 && status < 500) {
      const detail = HAS_CHINESE.test(error.message) ? error.message : (error.code ?? error.message)
      return sendEnvelope(reply, status, status, t('errors.badRequest', { detail }))
    }
    request.log.error({ err: error }, 'unhandled error')
    return sendEnvelope(reply, 500, 500, t('errors.server'))
  })
}
