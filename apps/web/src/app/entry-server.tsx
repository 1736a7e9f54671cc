import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs'
import { type DehydratedState, hydrate } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { prerenderToNodeStream } from 'react-dom/static'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router'
import { BASE_PATH } from '../config/paths'
import { useLocaleStore } from '../lib/i18n'
import { localeOfSearch } from '../lib/i18n/address'
import { createQueryClient, Providers } from './providers'
import { buildAppRoutes, preloadScreenOf } from './router'

/** A page rendered for a visitor: the markup inside #root and antd's styles for it. */
export interface RenderedPage {
  html: string
  /** antd's theme variables the markup needs (its rules are in its stylesheet: theme.ts), as <style> elements for the head. */
  styles: string
}

/**
 * Renders one page of the SPA as a visitor sees it before any answer of the API (or with the
 * answers in `state`, which the client primes its query cache with before it hydrates); runs in
 * the server (apps/server/src/lib/page-render.ts). The page's screen is loaded first. A first pass
 * (prerender) waits for every other lazy part (the footer's QR code…), a second renders them at
 * once: the markup is complete, with no Suspense fallback and no inline script (the CSP forbids those).
 * The page's language is the address's (`?lang=en`, lib/i18n/address.ts), Chinese without one.
 */
export async function renderPage(url: string, state?: DehydratedState): Promise<RenderedPage> {
  const locale = localeOfSearch(new URL(url, 'http://localhost').search) ?? 'zh-CN'
  // the language store is this thread's: set before each pass, and the final pass is synchronous,
  // so renders of two languages in one thread cannot mix
  const inLanguage = () => useLocaleStore.setState({ locale })
  const routes = buildAppRoutes()
  await preloadScreenOf(new URL(url, 'http://localhost').pathname, routes)
  const handler = createStaticHandler(routes, { basename: BASE_PATH })
  const context = await handler.query(new Request(new URL(url, 'http://localhost')))
  if (context instanceof Response) throw new Error(`${url} answered ${context.status}`)
  const router = createStaticRouter(handler.dataRoutes, context)
  const queryClient = createQueryClient()
  if (state) hydrate(queryClient, state)
  const app = (cache: ReturnType<typeof createCache>) => (
    <StrictMode>
      <StyleProvider cache={cache}>
        <Providers queryClient={queryClient}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </Providers>
      </StyleProvider>
    </StrictMode>
  )
  inLanguage()
  const { prelude } = await prerenderToNodeStream(app(createCache()))
  for await (const _chunk of prelude) {
    // only waits until every lazy part is loaded
  }
  const cache = createCache()
  inLanguage()
  const html = renderToString(app(cache))
  if (html.includes('<!--$?-->') || html.includes('<!--$!-->')) throw new Error(`${url}: a part of the page is still loading`)
  queryClient.clear()
  return { html, styles: extractStyle(cache) }
}
