import { buildMenu, type MenuItem, ROUTE_TREE, tZh } from '@rs/shared'
import { useCallback, useEffect, useMemo } from 'react'
import { Outlet, useLocation, useNavigate } from 'react-router'
import { BackToTop } from '../../components/back-to-top'
import { ChunkErrorView } from '../../components/chunk-error-view'
import { AuthDialogsHost } from '../../features/auth/components/auth-dialogs-host'
import { PasswordWarning } from '../../features/auth/components/password-warning'
import { useAuthStore } from '../../features/auth/state/auth-store'
import { MainNav } from '../../features/navigation/components/main-nav'
import { resolveNavEntries } from '../../features/navigation/utils/nav-entries'
import { useDefaultMenu } from '../../features/site/api/fetch-default-menu'
import { useSiteConfig } from '../../features/site/api/fetch-site-config'
import { SiteFooter } from '../../features/site/components/site-footer'
import { recordVisit } from '../../features/statistics/api/increment-visit'
import { useChunkErrorStore } from '../../lib/chunk-load'
import { useT } from '../../lib/i18n'
import { useLanguageInAddress } from '../../lib/i18n/use-language-address'
import { AppHeader } from './app-header'
import { ScrollRestoration } from './scroll-restoration'
import { useAutoLogin } from './use-auto-login'
import { useDocumentTitle } from './use-document-title'
import { useVisitTracking } from './use-visit-tracking'

const VISITOR_MENU: MenuItem[] = buildMenu(ROUTE_TREE, { isLoggedIn: false, permissions: [] })
const NO_LINKS = { orbit3d: '', cityEye: '' }

/** The menu by SPEC.md §2: the server's default list for visitors, the permission-filtered tree for users. */
function useMenu(): MenuItem[] {
  const permissions = useAuthStore((s) => s.user?.permissions ?? null)
  const defaultMenu = useDefaultMenu({ enabled: permissions === null })
  return useMemo(() => {
    if (permissions) return buildMenu(ROUTE_TREE, { isLoggedIn: true, permissions })
    return defaultMenu.data ?? VISITOR_MENU
  }, [permissions, defaultMenu.data])
}

/** Header, navigation, the current screen, footer, back-to-top and the login popups. */
export function RootLayout() {
  const t = useT()
  const location = useLocation()
  const navigate = useNavigate()
  const config = useSiteConfig()
  const menu = useMenu()
  const entries = useMemo(() => resolveNavEntries(menu, config.data?.externalLinks ?? NO_LINKS), [menu, config.data])
  const chunkFailure = useChunkErrorStore((s) => s.failure)
  const clearChunkFailure = useChunkErrorStore((s) => s.clear)

  // a failed preload belongs to the page it happened on; another page may load fine
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every change of page
  useEffect(() => clearChunkFailure(), [location.pathname, clearChunkFailure])

  useLanguageInAddress()
  useAutoLogin()
  useVisitTracking()
  useDocumentTitle()

  const handleLoggedIn = useCallback(() => {
    void recordVisit('Login', tZh('header.login'))
    const target = useAuthStore.getState().pendingTarget
    useAuthStore.setState({ pendingTarget: null })
    if (target) void navigate(target)
  }, [navigate])

  return (
    <div className="app-shell">
      {/* the first stop of the keyboard: past the header and the menu to the screen (WCAG 2.4.1) */}
      <a className="skip-link" href="#main-content" data-testid="skip-link">
        {t('skipToContent')}
      </a>
      <AppHeader englishSiteUrl={config.data?.englishSiteUrl} />
      <MainNav entries={entries} pathname={location.pathname} />
      <PasswordWarning />
      <main className="app-main" id="main-content" tabIndex={-1}>
        {chunkFailure ? <ChunkErrorView reason={chunkFailure} /> : <Outlet />}
      </main>
      <SiteFooter config={config.data} />
      <BackToTop />
      <AuthDialogsHost onLoggedIn={handleLoggedIn} />
      <ScrollRestoration />
    </div>
  )
}
