import { tZh } from '@rs/shared'
import { hydrate } from '@tanstack/react-query'
import { StrictMode, startTransition, useEffect } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router'
import { restoreSession } from '../features/auth/state/session'
import { visitCountsQuery } from '../features/statistics/api/fetch-visit-counts'
import { recordVisit } from '../features/statistics/api/increment-visit'
import { listenForPreloadErrors } from '../lib/chunk-load'
import { useLocaleStore } from '../lib/i18n'
import { searchWithoutLanguage } from '../lib/i18n/address'
import { setNavigate } from '../lib/navigation'
import { applyMobileViewport } from '../lib/platform'
import { focusScrollRegions } from '../lib/scroll-regions'
import { readToken } from '../lib/token-storage'
import { createQueryClient, Providers } from './providers'
import { createAppRouter, preloadScreenOf } from './router'
import { wireSession } from './wire-session'
import 'antd/dist/antd.css'
import './styles.css'

applyMobileViewport()
listenForPreloadErrors()

const queryClient = createQueryClient()
const router = createAppRouter()
setNavigate((to, options) => router.navigate(to, options))
wireSession()

// one site visit per app load; the home figure is refreshed once it is counted
void recordVisit('ALL', tZh('home.allVisitsLabel')).then(() => queryClient.invalidateQueries({ queryKey: visitCountsQuery.queryKey }))
void restoreSession()
// the API answers in the interface's language (x-portal-lang): a switch asks the shown answers again
useLocaleStore.subscribe((state, previous) => {
  if (state.locale !== previous.locale) void queryClient.invalidateQueries()
})

const container = document.getElementById('root')
if (!container) throw new Error('#root is missing from index.html')

/**
 * Marks `<html data-interactive>` once React has committed the first render (taken over the markup
 * the server sent, or rendered the page): from then on the page's controls respond. A page the
 * server rendered is readable before that (its code comes after the first paint).
 */
function MarkInteractive() {
  useEffect(() => {
    document.documentElement.dataset.interactive = 'true'
    focusScrollRegions()
  }, [])
  return null
}

/**
 * The server may have rendered this page as a visitor sees it (data-prerendered="<its language>",
 * apps/server/src/lib/page-render.ts). React takes that markup over (hydrates) only when this
 * browser's first render is that same page: no session token, the language the server rendered in
 * (the address's `?lang=en` decides both) and no other query in the address; otherwise it renders
 * afresh and the markup is replaced. Either way the page's screen code is loaded first, so the first
 * render is the whole page: no spinner in between and nothing moves.
 */
async function start(root: HTMLElement) {
  const prerendered = root.dataset.prerendered
  const state = document.getElementById('rs-query-state')?.textContent
  const asPrerendered =
    prerendered !== undefined &&
    readToken() === null &&
    useLocaleStore.getState().locale === (prerendered || 'zh-CN') &&
    searchWithoutLanguage(location.search) === ''
  if (asPrerendered && state) hydrate(queryClient, JSON.parse(state))
  await preloadScreenOf(location.pathname).catch(() => {
    // the screen's own Suspense shows the failure when it renders
  })
  const app = (
    <StrictMode>
      <Providers queryClient={queryClient}>
        <RouterProvider router={router} />
        <MarkInteractive />
      </Providers>
    </StrictMode>
  )
  // a transition: React renders the first page in slices and yields to the browser between them
  startTransition(() => {
    if (asPrerendered) hydrateRoot(root, app, { onRecoverableError: (error) => console.error('hydration', error) })
    else createRoot(root).render(app)
  })
}
void start(container)
