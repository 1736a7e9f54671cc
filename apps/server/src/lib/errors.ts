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

  static of(status: number, key: MessageKey, params?: Record<string, string | number>): ApiError {
    return new ApiError(status, tZh(key, params))
  }
}
