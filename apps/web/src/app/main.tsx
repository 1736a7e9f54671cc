import { tZh } from '@rs/shared'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router'
import { restoreSession } from '../features/auth/state/session'
import { visitCountsQuery } from '../features/statistics/api/fetch-visit-counts'
import { recordVisit } from '../features/statistics/api/increment-visit'
import { listenForPreloadErrors } from '../lib/chunk-load'
import { setNavigate } from '../lib/navigation'
import { applyMobileViewport } from '../lib/platform'
import { createQueryClient, Providers } from './providers'
import { createAppRouter } from './router'
import { wireSession } from './wire-session'
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

const container = document.getElementById('root')
if (!container) throw new Error('#root is missing from index.html')
createRoot(container).render(
  <StrictMode>
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
)
