import { type RouteAccess, type RouteNode, routeAccess } from '@rs/shared'
import type { SessionStatus } from '../state/auth-store'

/** What the guard does with a screen: render it, wait for the session, or one of the refusals. */
export type GuardDecision = RouteAccess | 'pending'

/** Whether a route needs the guard at all. */
export function isProtected(node: Pick<RouteNode, 'authority' | 'requiresLogin' | 'opensForVisitors'>): boolean {
  return !node.opensForVisitors && Boolean(node.authority || node.requiresLogin)
}

/**
 * The guard's decision for a route (SPEC.md §4, §5): public routes always open; while a stored
 * token's user is loading the guard waits; otherwise routeAccess decides. An automatic login (a
 * service account every visitor of the link shares) is asked to log in with an account, as a
 * visitor is, on the screens that need a login: they show the user's own data (orbit predictions
 * and their 3D view, the personal centre: information, cart, orders, applications), which the
 * server keeps from automatic logins (auth rule 'account').
 */
export function guardDecision(
  node: Pick<RouteNode, 'authority' | 'requiresLogin' | 'opensForVisitors'>,
  session: { status: SessionStatus; permissions: readonly string[] | null; areaRegionIds: readonly string[]; isAutoLogin?: boolean },
): GuardDecision {
  if (!isProtected(node)) return 'ok'
  if (session.status === 'loading') return 'pending'
  if (session.isAutoLogin && node.requiresLogin) return 'login'
  const user = session.permissions ? { permissions: session.permissions, areaRegionIds: session.areaRegionIds } : null
  return routeAccess(node, user)
}
