import { findRoute, type UserInfo } from '@rs/shared'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { setNotifier } from '../../../lib/notify'
import { render, screen } from '../../../test/render'
import { useAuthStore } from '../state/auth-store'
import { RouteGuard } from './route-guard'

function routeAt(path: string) {
  const node = findRoute(path)
  if (!node) throw new Error(`no route ${path}`)
  return node
}

function userWith(permissions: string[]): UserInfo {
  return {
    id: 7,
    username: 'tester',
    accountType: 0,
    telephone: null,
    email: null,
    permissions,
    lastModifyTime: new Date().toISOString(),
    isServiceAccount: false,
    personInfo: null,
  }
}

const inRange = [{ type: 'regionId', regionId: '150000', status: 0, isDelete: 0 }]

function renderGuarded(path: string) {
  return render(
    <MemoryRouter initialEntries={[`/${path}?year=2025`]}>
      <RouteGuard node={routeAt(path)}>
        <div data-testid="screen">screen</div>
      </RouteGuard>
    </MemoryRouter>,
  )
}

describe('RouteGuard', () => {
  const notifier = { success: vi.fn(), warning: vi.fn(), error: vi.fn() }

  beforeEach(() => {
    setNotifier(notifier)
    useAuthStore.setState({ user: null, token: null, areaRanges: [], status: 'anonymous', isLoginOpen: false, pendingTarget: null })
  })

  afterEach(() => {
    vi.clearAllMocks()
    setNotifier(null)
  })

  it('opens the login popup for a visitor, remembers the page and shows the 401 page', () => {
    renderGuarded('overallPlan/regionPush')
    expect(screen.getByTestId('page-401')).toBeTruthy()
    expect(screen.queryByTestId('screen')).toBeNull()
    expect(useAuthStore.getState()).toMatchObject({ isLoginOpen: true, pendingTarget: '/overallPlan/regionPush?year=2025' })
  })

  it('opens a screen declared open to visitors (a monitor module) without asking to log in', () => {
    renderGuarded('monitor/landcover')
    expect(screen.getByTestId('screen')).toBeTruthy()
    expect(useAuthStore.getState().isLoginOpen).toBe(false)
    expect(notifier.warning).not.toHaveBeenCalled()
  })

  it('treats login-only pages the same for a visitor', () => {
    renderGuarded('orbitalPredict')
    expect(screen.getByTestId('page-401')).toBeTruthy()
    expect(useAuthStore.getState().pendingTarget).toBe('/orbitalPredict?year=2025')
  })

  it('waits while a stored token is being checked, without asking to log in', () => {
    useAuthStore.setState({ token: 'tok_being_checked_000000000001', status: 'loading' })
    renderGuarded('overallPlan/regionPush')
    expect(screen.queryByTestId('page-401')).toBeNull()
    expect(screen.queryByTestId('screen')).toBeNull()
    expect(useAuthStore.getState().isLoginOpen).toBe(false)
  })

  it('warns and shows the 403 page without the module permission', () => {
    useAuthStore.setState({ user: userWith(['MOD_056']), areaRanges: inRange, status: 'ready' })
    renderGuarded('overallPlan/regionPush')
    expect(screen.getByTestId('page-403')).toBeTruthy()
    expect(notifier.warning).toHaveBeenCalledWith('无查看信息权限，请联系管理员')
    expect(useAuthStore.getState().isLoginOpen).toBe(false)
  })

  it('warns when the permission is there but no area range is linked', () => {
    useAuthStore.setState({ user: userWith(['MOD_084']), areaRanges: [], status: 'ready' })
    renderGuarded('overallPlan/regionPush')
    expect(screen.getByTestId('page-403')).toBeTruthy()
    expect(notifier.warning).toHaveBeenCalledWith('未关联用户权限范围，请联系管理员')
  })

  it('opens the screen with permission and area range, and login-only pages for any user', () => {
    useAuthStore.setState({ user: userWith(['MOD_084']), areaRanges: inRange, status: 'ready' })
    renderGuarded('overallPlan/regionPush')
    expect(screen.getByTestId('screen')).toBeTruthy()
    expect(notifier.warning).not.toHaveBeenCalled()
  })
})
