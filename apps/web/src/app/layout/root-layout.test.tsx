import { buildMenu, ROUTE_TREE, type UserInfo } from '@rs/shared'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useAuthStore } from '../../features/auth/state/auth-store'
import { render, screen, waitFor, within } from '../../test/render'
import { RootLayout } from './root-layout'

const SITE = {
  autoLoginEnabled: true,
  englishSiteUrl: '',
  externalLinks: { orbit3d: '', cityEye: '' },
  footer: { owner: '演示单位', address: '北京', phone: '010', email: 'a@b.c', icp: 'ICP-1', psb: 'PSB-1', appDownloadUrl: '' },
}

function userWith(permissions: string[]): UserInfo {
  return {
    id: 1,
    username: 'admin',
    accountType: 0,
    telephone: null,
    email: null,
    permissions,
    lastModifyTime: new Date().toISOString(),
    isServiceAccount: false,
    personInfo: { realName: '系统管理员', organization: '', relatePushNodeInfo: [] },
  }
}

const ok = (data: unknown) => new Response(JSON.stringify({ code: 0, message: 'success', data }), { status: 200 })

function renderLayout() {
  const router = createMemoryRouter([{ path: '/', Component: RootLayout, children: [{ path: 'home', element: <p>home</p> }] }], {
    initialEntries: ['/home'],
  })
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  return render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
}

describe('RootLayout navigation', () => {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input)
    if (url.startsWith('/api/menu/default')) return ok(buildMenu(ROUTE_TREE, { isLoggedIn: false, permissions: [] }))
    if (url.startsWith('/api/config/public')) return ok(SITE)
    return ok(null)
  })

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock)
    useAuthStore.setState({ user: null, token: null, areaRanges: [], cartCount: 0, status: 'anonymous', isLoginOpen: false })
  })

  afterEach(() => {
    vi.unstubAllGlobals()
    fetchMock.mockClear()
  })

  it('shows a visitor the default menu from the server, login and register, and the footer', async () => {
    renderLayout()
    const nav = screen.getByTestId('main-nav')
    for (const title of ['首页', '卫星动态', '影像查询', '统计分析', '轨道预测'])
      expect(within(nav).getAllByText(title).length).toBeGreaterThan(0)
    expect(within(nav).queryByText('应用服务')).toBeNull()
    expect(within(nav).queryByText('统筹共享')).toBeNull()
    await waitFor(() => expect(fetchMock.mock.calls.some(([u]) => String(u).startsWith('/api/menu/default'))).toBe(true))
    expect(screen.getByTestId('header-login')).toBeTruthy()
    expect(screen.getByTestId('header-register')).toBeTruthy()
    expect(screen.queryByTestId('header-logout')).toBeNull()
    // the operator's own words stay as written (translate="no") inside the translated label
    await waitFor(() => expect(screen.getByTestId('site-footer').textContent).toContain('ICP备案：ICP-1'))
    expect(screen.getByText('ICP-1').getAttribute('translate')).toBe('no')
    expect(screen.getByTestId('site-footer').textContent).toContain('推荐使用 Chrome 65 及以上或 IE11 及以上浏览器访问')
  })

  it('draws the menu the server sends to visitors', async () => {
    const trimmed = buildMenu(ROUTE_TREE, { isLoggedIn: false, permissions: [] }).filter((m) => m.name !== 'orbitalPredict')
    fetchMock.mockImplementationOnce(async (input) => (String(input).startsWith('/api/menu/default') ? ok(trimmed) : ok(SITE)))
    fetchMock.mockImplementationOnce(async (input) => (String(input).startsWith('/api/menu/default') ? ok(trimmed) : ok(SITE)))
    renderLayout()
    const nav = screen.getByTestId('main-nav')
    await waitFor(() => expect(within(nav).queryByText('轨道预测')).toBeNull())
    expect(within(nav).getAllByText('影像查询').length).toBeGreaterThan(0)
  })

  it('builds the administrator menu from the permissions, with cart badge and logout', async () => {
    const permissions = ['MOD_055_DISPLAY', 'MOD_083_DISPLAY', 'MOD_087_DISPLAY', 'MOD_056_DISPLAY', 'MOD_084_DISPLAY', 'MOD_088_DISPLAY']
    useAuthStore.setState({ user: userWith(permissions), token: 'tok_admin_session_000000000001', status: 'ready', cartCount: 120 })
    renderLayout()
    const nav = screen.getByTestId('main-nav')
    for (const title of ['首页', '应用服务', '统筹共享', '部省协同']) expect(within(nav).getAllByText(title).length).toBeGreaterThan(0)
    expect(screen.getByTestId('header-cart').textContent).toContain('99+')
    expect(screen.getByTestId('header-logout')).toBeTruthy()
    expect(screen.queryByTestId('header-login')).toBeNull()
    expect(fetchMock.mock.calls.some(([u]) => String(u).startsWith('/api/menu/default'))).toBe(false)
  })

  it('hides a menu group whose display key the user lacks', () => {
    useAuthStore.setState({
      user: userWith(['MOD_055_DISPLAY', 'MOD_056_DISPLAY']),
      token: 'tok_x_0000000000000000000001',
      status: 'ready',
    })
    renderLayout()
    const nav = screen.getByTestId('main-nav')
    expect(within(nav).getAllByText('应用服务').length).toBeGreaterThan(0)
    expect(within(nav).queryByText('统筹共享')).toBeNull()
    expect(within(nav).queryByText('部省协同')).toBeNull()
  })
})
