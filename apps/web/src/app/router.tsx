import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router'
import { BASE_PATH } from '../config/paths'
import { RootLayout } from './layout/root-layout'
import { RouteError } from './layout/route-error'
import { buildScreenRoutes, type RouteHandle } from './route-tree'
import { preloadScreen } from './screen-host'

/** The root layout route with every screen route below it. */
export function buildAppRoutes(): RouteObject[] {
  return [{ path: '/', Component: RootLayout, HydrateFallback: () => null, ErrorBoundary: RouteError, children: buildScreenRoutes() }]
}

/** History routing under /chinese (SPEC.md §2). */
export function createAppRouter() {
  return createBrowserRouter(buildAppRoutes(), { basename: BASE_PATH })
}

export type AppRouter = ReturnType<typeof createAppRouter>

/** Loads the screen code of the page at `pathname` (under /chinese), if it has a screen. */
export async function preloadScreenOf(pathname: string, routes: RouteObject[] = buildAppRoutes()): Promise<void> {
  const matches = matchRoutes(routes, pathname, BASE_PATH) ?? []
  const group = (matches.at(-1)?.route.handle as RouteHandle | undefined)?.node.group
  if (group) await preloadScreen(group)
}
