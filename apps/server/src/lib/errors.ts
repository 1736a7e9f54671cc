import { type MessageKey, tZh } from '@rs/shared'

/** An error the user should read: HTTP status, Chinese message, optional envelope code and data. */
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

  /** Fastify's name for the status: error handlers of other dialects (the OGC services) read this. */
  get statusCode(): number {
    return this.status
  }

  static of(status: number, key: MessageKey, params?: Record<string, string | number>): ApiError {
    return new ApiError(status, tZh(key, params))
  }
}
