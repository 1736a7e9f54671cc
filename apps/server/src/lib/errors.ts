import type { MessageKey } from '@rs/shared'
import { type MessageParams, type MessageRef, t } from './locale'

/** An error the user should read: HTTP status, message in the caller's language (Chinese by default), optional envelope code and data. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: number = status,
    readonly data: unknown = null,
  ) {
    super(message)
    this.name = 'ApiError'
  }

  /**
   * True when the service that threw it has written its own audit record (e.g. a wrong extraction
   * code): the auth plugin then writes no second 'accessDenied' record for the same 403.
   */
  audited = false

  /** Marks the error as recorded in the audit log already (see {@link audited}). */
  auditedAlready(): this {
    this.audited = true
    return this
  }

  /** Fastify's name for the status: error handlers of other dialects (the OGC services) read this. */
  get statusCode(): number {
    return this.status
  }

  /**
   * The message as a key and parameters, when the error was built from a key: a worker thread sends
   * this back instead of its text, and the main thread translates it in the caller's language.
   */
  messageRef?: MessageRef

  static of(status: number, key: MessageKey, params?: MessageParams): ApiError {
    const error = new ApiError(status, t(key, params))
    error.messageRef = params ? { key, params } : { key }
    return error
  }
}
