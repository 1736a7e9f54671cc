import { flattenRoutes, ROUTE_TREE, type RouteNode, STANDALONE_ROUTES } from '@rs/shared'
import { Navigate, type RouteObject } from 'react-router'
import { RouteError } from './layout/route-error'
import { ScreenHost } from './screen-host'

/** What a route carries for the layout (visit statistics, document title). */
export interface RouteHandle {
  node: RouteNode
}

/** The first descendant with a screen, for parents that are only menu groups (/satellite, /monitor…). */
function firstScreenPath(node: RouteNode): string | undefined {
  for (const child of node.children ?? []) {
    if (child.externalLink) continue
    if (child.group) return child.path
    const deeper = firstScreenPath(child)
    if (deeper) return deeper
  }
  return undefined
}

/**
 * The complete route list of SPEC.md §2, made from ROUTE_TREE and STANDALONE_ROUTES: one route
 * per path (external menu links are not routes); the root and unknown paths go to /home.
 */
export function buildScreenRoutes(nodes: readonly RouteNode[] = [...ROUTE_TREE, ...STANDALONE_ROUTES]): RouteObject[] {
  const seen = new Set<string>()
  const routes: RouteObject[] = [{ index: true, element: <Navigate to="/home" replace /> }]
  for (const node of flattenRoutes(nodes)) {
    if (node.externalLink || seen.has(node.path)) continue
    seen.add(node.path)
    const handle: RouteHandle = { node }
    if (node.group) {
      routes.push({ path: node.path, handle, element: <ScreenHost node={node} />, ErrorBoundary: RouteError })
    } else {
      const target = firstScreenPath(node) ?? 'home'
      routes.push({ path: node.path, element: <Navigate to={`/${target}`} replace /> })
    }
  }
  routes.push({ path: '*', element: <Navigate to="/home" replace /> })
  return routes
}
