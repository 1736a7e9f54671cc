import type { RouteNode } from '@rs/shared'
import { type ReactNode, useEffect, useMemo, useRef } from 'react'
import { useLocation } from 'react-router'
import { useShallow } from 'zustand/react/shallow'
import { PageSpinner } from '../../../components/page-spinner'
import { StatusPage } from '../../../components/status-page'
import { useT } from '../../../lib/i18n'
import { notify } from '../../../lib/notify'
import { areaRegionIdsOf, openLogin, useAuthStore } from '../state/auth-store'
import { guardDecision } from '../utils/guard-decision'

/**
 * Opens a screen only when routeAccess allows it (SPEC.md §4–§5). A visitor gets the login popup
 * with the page remembered (the 401 page shows meanwhile); a missing permission or area range
 * warns and shows the 403 page.
 */
export function RouteGuard({ node, children }: { node: Pick<RouteNode, 'authority' | 'requiresLogin'>; children: ReactNode }) {
  const t = useT()
  const location = useLocation()
  const { status, permissions, areaRanges, isAutoLogin } = useAuthStore(
    useShallow((s) => ({
      status: s.status,
      permissions: s.user?.permissions ?? null,
      areaRanges: s.areaRanges,
      isAutoLogin: s.user?.isServiceAccount ?? false,
    })),
  )
  const decision = useMemo(
    () => guardDecision(node, { status, permissions, areaRegionIds: areaRegionIdsOf({ areaRanges }), isAutoLogin }),
    [node, status, permissions, areaRanges, isAutoLogin],
  )
  const target = `${location.pathname}${location.search}`
  const handled = useRef('')

  useEffect(() => {
    const key = `${location.key}:${decision}`
    if (handled.current === key) return
    handled.current = key
    if (decision === 'login') openLogin(target)
    else if (decision === 'no-permission') notify.warning(t('errors.noPermission'))
    else if (decision === 'no-area-range') notify.warning(t('errors.noAreaRange'))
  }, [decision, location.key, target, t])

  if (decision === 'pending') return <PageSpinner screen />
  if (decision === 'login') return <StatusPage kind={401} onLogin={() => openLogin(target)} />
  if (decision === 'no-permission') return <StatusPage kind={403} description={t('errors.noPermission')} />
  if (decision === 'no-area-range') return <StatusPage kind={403} description={t('errors.noAreaRange')} />
  return children
}
