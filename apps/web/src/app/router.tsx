import { createBrowserRouter, type RouteObject } from 'react-router'
import { BASE_PATH } from '../config/paths'
import { RootLayout } from './layout/root-layout'
import { RouteError } from './layout/route-error'
import { buildScreenRoutes } from './route-tree'

/** The root layout route with every screen route below it. */
export function buildAppRoutes(): RouteObject[] {
  return [{ path: '/', Component: RootLayout, HydrateFallback: () => null, ErrorBoundary: RouteError, children: buildScreenRoutes() }]
}

/** History routing under /chinese (SPEC.md §2). */
export function createAppRouter() {
  return createBrowserRouter(buildAppRoutes(), { basename: BASE_PATH })
}

export type AppRouter = ReturnType<typeof createAppRouter>
