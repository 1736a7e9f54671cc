import type { RouteNode } from '@rs/shared'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { BuildingPage } from '../components/building-page'
import { render, screen } from '../test/render'
import { RouteError } from './layout/route-error'
import { SCREEN_GROUPS } from './screen'
import { ScreenHost } from './screen-host'

function renderScreen(node: RouteNode) {
  const router = createMemoryRouter([{ path: `/${node.path}`, element: <ScreenHost node={node} />, ErrorBoundary: RouteError }], {
    initialEntries: [`/${node.path}`],
  })
  return render(<RouterProvider router={router} />)
}

describe('ScreenHost', () => {
  afterEach(() => {
    delete SCREEN_GROUPS.brokenGroup
    delete SCREEN_GROUPS.laterGroup
    vi.restoreAllMocks()
  })

  it('loads the screen of its group and names the module on a 建设中 page', async () => {
    // a made-up group of screens still to come (the portal's own 建设中 screens are built one by one)
    SCREEN_GROUPS.laterGroup = () => Promise.resolve({ default: ({ route }: { route: RouteNode }) => <BuildingPage route={route} /> })
    renderScreen({ name: 'planFill', path: 'ministryProvince/planFill', title: 'nav.planFill', group: 'laterGroup' })
    const page = await screen.findByTestId('page-building')
    expect(page.textContent).toContain('规划填报')
  })

  it('shows the reload view, not a blank page, when the group chunk fails to load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    SCREEN_GROUPS.brokenGroup = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
    renderScreen({ name: 'broken', path: 'broken', title: 'nav.cloud', group: 'brokenGroup' })
    const view = await screen.findByTestId('chunk-error')
    expect(view.textContent).toContain('页面资源加载失败，请检查网络后重试')
    expect(screen.getByRole('button', { name: /重新加载/ })).toBeTruthy()
  })
})
