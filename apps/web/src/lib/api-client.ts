import { API_CODE, type BodyOf, type DataOf, type EnvelopeOf, LANGUAGE_HEADER, type QueryOf, type RouteRef, TOKEN_HEADER } from '@rs/shared'
import { getT, useLocaleStore } from './i18n'
import { readToken } from './token-storage'

/** HTTP statuses the client rejects without any message of its own (SPEC.md §8). */
const SILENT_STATUSES = new Set([404, 504])

/** A rejected call: the HTTP status, the envelope code (the status for HTTP errors) and the server's message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message)
    this.name = 'ApiError'
  }

  /** 404 and 504 are rejected without a message; callers show nothing for them. */
  get isSilent(): boolean {
    return SILENT_STATUSES.has(this.status)
  }
}

/**
 * Why the server answered 401: the session is gone ('expired'), or it is an automatic login and the
 * call needs an account of one's own ('accountRequired', envelope code API_CODE.accountRequired:
 * the session stays).
 */
export type UnauthorizedReason = 'expired' | 'accountRequired'

/** Called with the token a request carried when the server answered 401, and why. */
export type UnauthorizedHandler = (sentToken: string | null, reason: UnauthorizedReason) => void

let unauthorizedHandler: UnauthorizedHandler = () => {}

/** The app wires session expiry here (lib does not know about features). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  unauthorizedHandler = handler
}

export interface CallInput<R> {
  query?: QueryOf<R>
  body?: BodyOf<R>
  /** A multipart form (file uploads) sent instead of a JSON body; the browser sets its content type. */
  form?: FormData
  signal?: AbortSignal
}

/** The URL of a route with its query string; undefined and null values are left out. */
export function apiUrl(route: Pick<RouteRef, 'path'>, query?: object): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.append(key, String(value))
  }
  const search = params.toString()
  return search ? `${route.path}?${search}` : route.path
}

/** Headers every call carries: the stored session token (SPEC.md §7) and the interface's language. */
export function authHeaders(): Record<string, string> {
  const token = readToken()
  const language = { [LANGUAGE_HEADER]: useLocaleStore.getState().locale }
  return token ? { [TOKEN_HEADER]: token, ...language } : language
}

/** Runs fetch, turning a network failure into an ApiError with a readable message. */
export async function fetchOrFail(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init)
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error
    throw new ApiError(0, 0, getT()('errors.network'))
  }
}

async function readEnvelope(response: Response): Promise<EnvelopeOf<unknown> | undefined> {
  try {
    const body: unknown = await response.json()
    if (body && typeof body === 'object' && 'code' in body) return body as EnvelopeOf<unknown>
  } catch {
    // not JSON: a proxy page or an empty answer
  }
  return undefined
}

/**
 * Calls one endpoint declared in @rs/shared and returns the envelope's data. No timeout. Rejects
 * with ApiError on an HTTP error or a nonzero code (the login's code 2 included); a 401 first
 * tells the session handler so the user is logged out once (or, for an automatic login asked for
 * an account, shown the login dialog).
 */
export async function callApi<R extends RouteRef>(route: R, input: CallInput<R> = {}): Promise<DataOf<R>> {
  const sentToken = readToken()
  const headers: Record<string, string> = { accept: 'application/json', ...authHeaders() }
  const init: RequestInit = { method: route.method, headers, signal: input.signal }
  if (input.form) {
    init.body = input.form
  } else if (input.body !== undefined) {
    headers['content-type'] = 'application/json'
    init.body = JSON.stringify(input.body)
  } else if (route.method !== 'GET') {
    headers['content-type'] = 'application/json'
    init.body = '{}'
  }
  const response = await fetchOrFail(apiUrl(route, input.query ?? undefined), init)
  const envelope = await readEnvelope(response)
  const t = getT()

  if (response.status === 401) {
    unauthorizedHandler(sentToken, envelope?.code === API_CODE.accountRequired ? 'accountRequired' : 'expired')
    throw new ApiError(401, envelope?.code ?? 401, envelope?.message || t('errors.sessionExpired'))
  }
  if (!response.ok) {
    const message = SILENT_STATUSES.has(response.status) ? '' : envelope?.message || t('errors.unknown')
    throw new ApiError(response.status, envelope?.code ?? response.status, message, envelope?.data ?? null)
  }
  if (!envelope) throw new ApiError(response.status, -1, t('errors.unknown'))
  if (envelope.code !== 0) throw new ApiError(response.status, envelope.code, envelope.message || t('errors.unknown'), envelope.data)
  return envelope.data as DataOf<R>
}

/** The message to show for a failure: the server's words, or the SPEC's fallback for unknown failures. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message || getT()('errors.unknown')
  if (error instanceof Error && error.message) return error.message
  return getT()('errors.unknown')
}
