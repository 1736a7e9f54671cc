import { createHash, randomBytes } from 'node:crypto'
import { API_CODE, canSeeRegion, isRegionCode, type RegionScope, type RouteAuth, regionScope, TOKEN_HEADER } from '@rs/shared'
import type { FastifyRequest } from 'fastify'
import { ApiError } from './errors'
import { t } from './locale'

/** The logged-in user as the server knows it for one request. */
export interface SessionUser {
  sessionId: number
  userId: number
  username: string
  isServiceAccount: boolean
  permissions: string[]
  /** Region codes of the user's active area ranges (type regionId, status 0, isDelete 0), sorted. */
  regionIds: string[]
}

/** Looks a session up by the hash of its token; undefined when unknown or expired. */
export type SessionResolver = (tokenHash: string) => Promise<SessionUser | undefined>

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's session, looked up at most once per request (plugins/auth.ts). */
    session(): Promise<SessionUser | undefined>
  }
  interface FastifyContextConfig {
    /** The route's auth rule, enforced in onRequest before the body is read (plugins/auth.ts). */
    auth?: RouteAuth
  }
}

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

/** The user's region scope (whole country, or the allowed codes with their children); see scopeSql in db/fragments.ts. */
export function regionScopeOf(user: Pick<SessionUser, 'regionIds'>): RegionScope {
  return regionScope(user.regionIds)
}

/** 403 unless the region lies inside the user's area ranges (the whole country covers all; a parent covers its children). */
export function requireRegionScope(user: Pick<SessionUser, 'regionIds'>, regionCode: string): void {
  if (!isRegionCode(regionCode) || !canSeeRegion(user.regionIds, regionCode)) throw ApiError.of(403, 'errors.noPermission')
}

/**
 * Enforces an endpoint's auth rule for a request whose session was looked up: 401 without a valid
 * session (SPEC.md §8 message when a token was sent), 401 with code accountRequired for an automatic
 * login on an 'account' route, 403 without the module permission or, for area-limited routes,
 * without any area range.
 */
export function checkAccess(auth: RouteAuth, user: SessionUser | undefined, request: FastifyRequest): void {
  if (auth === 'public') return
  if (!user) throw ApiError.of(401, readToken(request) || request.headers[TOKEN_HEADER] ? 'errors.sessionExpired' : 'errors.loginRequired')
  if (auth === 'login') return
  // an automatic login is one service account shared by every visitor of the link: no private state
  if (user.isServiceAccount && auth === 'account') throw new ApiError(401, t('errors.accountRequired'), API_CODE.accountRequired)
  if (auth === 'account') return
  if (!user.permissions.includes(auth.permission)) throw ApiError.of(403, 'errors.noPermission')
  if (auth.areaScope && user.regionIds.length === 0) throw ApiError.of(403, 'errors.noAreaRange')
}

/**
 * For a route declaring { areaScope: { regionField } }: the region code in that field of the
 * validated query or body must lie inside the user's area ranges (403 otherwise). Absent fields pass.
 */
export function checkRegionField(auth: RouteAuth, user: SessionUser | undefined, request: FastifyRequest): void {
  if (typeof auth !== 'object' || typeof auth.areaScope !== 'object' || !user) return
  const field = auth.areaScope.regionField
  for (const source of [request.query, request.body]) {
    const value = source && typeof source === 'object' ? (source as Record<string, unknown>)[field] : undefined
    if (value !== undefined && value !== null) requireRegionScope(user, String(value))
  }
}
