import { createHash, randomBytes } from 'node:crypto'
import { type RouteAuth, TOKEN_HEADER, tZh } from '@rs/shared'
import type { FastifyRequest } from 'fastify'
import { ApiError } from '../lib/errors'

/** The logged-in user as the server knows it for one request. */
export interface SessionUser {
  sessionId: number
  userId: number
  username: string
  isServiceAccount: boolean
  permissions: string[]
}

/** Looks a session up by the hash of its token; undefined when unknown or expired. */
export type SessionResolver = (tokenHash: string) => Promise<SessionUser | undefined>

export function newSessionToken(): string {
  return randomBytes(32).toString('base64url')
}

/** Sessions are stored by this hash only, so a leaked table gives no usable token. */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/** The token header of a request, if it looks like one of ours. */
export function readToken(request: FastifyRequest): string | undefined {
  const raw = request.headers[TOKEN_HEADER]
  const token = Array.isArray(raw) ? raw[0] : raw
  return token && /^[A-Za-z0-9_-]{20,128}$/.test(token) ? token : undefined
}

const sessionCache = new WeakMap<FastifyRequest, SessionUser | undefined>()

/** The request's session, resolved at most once per request. */
export async function currentUser(request: FastifyRequest, resolve: SessionResolver): Promise<SessionUser | undefined> {
  if (sessionCache.has(request)) return sessionCache.get(request)
  const token = readToken(request)
  const user = token ? await resolve(hashSessionToken(token)) : undefined
  sessionCache.set(request, user)
  return user
}

/**
 * Enforces an endpoint's auth rule: 401 without a valid session (SPEC.md §8 message when a token
 * was sent), 403 without the module permission.
 */
export async function enforceAuth(request: FastifyRequest, auth: RouteAuth, resolve: SessionResolver): Promise<SessionUser | undefined> {
  if (auth === 'public') return currentUser(request, resolve)
  const user = await currentUser(request, resolve)
  if (!user)
    throw new ApiError(
      401,
      readToken(request) || request.headers[TOKEN_HEADER] ? tZh('errors.sessionExpired') : tZh('errors.loginRequired'),
    )
  if (typeof auth === 'object' && !user.permissions.includes(auth.permission)) throw ApiError.of(403, 'errors.noPermission')
  return user
}
