import { createBrowserRouter, matchRoutes, type RouteObject, type RouterNavigateOptions, type To } from 'react-router'
import { BASE_PATH } from '../config/paths'
import { useLocaleStore } from '../lib/i18n'
import { toInLanguage } from '../lib/i18n/address'
import { RootLayout } from './layout/root-layout'
import { RouteError } from './layout/route-error'
import { buildScreenRoutes, type RouteHandle } from './route-tree'
import { preloadScreen } from './screen-host'

/** The root layout route with every screen route below it. */
export function buildAppRoutes(): RouteObject[] {
  return [{ path: '/', Component: RootLayout, HydrateFallback: () => null, ErrorBoundary: RouteError, children: buildScreenRoutes() }]
}

/** History routing under /chinese (SPEC.md §2); every navigation keeps the interface's language in the address. */
export function createAppRouter() {
  return keepLanguageInAddress(createBrowserRouter(buildAppRoutes(), { basename: BASE_PATH }))
}

export type AppRouter = ReturnType<typeof createBrowserRouter>

/**
 * Every navigation of the app (links, navigate(), the screens' setSearchParams, redirects) goes
 * through router.navigate: its target gets the interface's language (`?lang=en` in English, no
 * `lang` in Chinese, lib/i18n/address.ts), so a screen that writes its own query from scratch does
 * not drop the language and its search validation never sees it (they read the names they know).
 */
export function keepLanguageInAddress(router: AppRouter): AppRouter {
  const navigate = router.navigate.bind(router) as (to: To | number | null, options?: RouterNavigateOptions) => Promise<void>
  router.navigate = ((to: To | number | null, options?: RouterNavigateOptions) =>
    navigate(
      typeof to === 'number' || to === null ? to : toInLanguage(to, useLocaleStore.getState().locale),
      options,
    )) as AppRouter['navigate']
  return router
}

/** Loads the screen code of the page at `pathname` (under /chinese), if it has a screen. */
export async function preloadScreenOf(pathname: string, routes: RouteObject[] = buildAppRoutes()): Promise<void> {
  const matches = matchRoutes(routes, pathname, BASE_PATH) ?? []
  const group = (matches.at(-1)?.route.handle as RouteHandle | undefined)?.node.group
  if (group) await preloadScreen(group)
}
