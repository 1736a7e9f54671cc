import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { setNotifier } from '../../../lib/notify'
import { MonitorScreen, type MonitorScreenProps } from './monitor-screen'

// OpenLayers needs a canvas jsdom does not have: the map shell is replaced by a box (its layers are tested in map/)
vi.mock('../../../map/map-view', () => ({ default: () => <div data-testid="map-stub" /> }))

const ok = (data: unknown) => new Response(JSON.stringify({ code: 0, message: 'success', data }), { status: 200 })
const BATCHES = [
  { batch: '20251231', filename: 'pvland_20251231.zip', spotCount: 2, illustrative: true },
  { batch: '20260331', filename: 'pvland_20260331.zip', spotCount: 3, illustrative: true },
]
const STATISTICS = {
  region: { code: '100000', name: '全国', level: 'country' },
  parentCode: null,
  batchFrom: '20260331',
  batchTo: '20260331',
  rows: [
    { code: '150000', name: '内蒙古自治区', num: 2, areaKm2: 0.5, lengthKm: null },
    { code: '620000', name: '甘肃省', num: 1, areaKm2: 3.25, lengthKm: null },
    { code: '110000', name: '北京市', num: null, areaKm2: null, lengthKm: null },
  ],
  total: { num: 3, areaKm2: 3.75, lengthKm: null },
  illustrative: true,
}
const LIST = {
  total: 1,
  pageNum: 1,
  pageSize: 20,
  items: [
    {
      id: 7,
      siteId: 'pvland-X',
      batch: '20260331',
      filename: 'pvland_20260331.zip',
      xzqdm: '150102',
      regionName: '内蒙古自治区 呼和浩特市 新城区',
      spotType: 'built',
      stage: 'persist',
      areaHa: 40,
      lengthKm: null,
      center: [111.7, 40.8],
      geometry: { type: 'Point', coordinates: [111.7, 40.8] },
      illustrative: true,
    },
  ],
}

const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
  const url = String(input)
  if (url.startsWith('/api/monitor/batches')) return ok(BATCHES)
  if (url.startsWith('/api/monitor/statistics')) return ok(STATISTICS)
  if (url.startsWith('/api/monitor/spot/list')) return ok(LIST)
  return new Response('', { status: 404 })
})

function renderScreen(props: Partial<MonitorScreenProps> = {}, entry = '/monitor/pvland') {
  const onLoginRequired = vi.fn()
  const router = createMemoryRouter(
    [{ path: '/monitor/pvland', element: <MonitorScreen module="pvland" user={null} onLoginRequired={onLoginRequired} {...props} /> }],
    { initialEntries: [entry] },
  )
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  return { router, onLoginRequired }
}

describe('MonitorScreen', { timeout: 30_000 }, () => {
  const warnings: string[] = []
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock)
    setNotifier({ success: () => {}, error: () => {}, warning: (m: string) => warnings.push(m) })
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    setNotifier(null)
    fetchMock.mockClear()
    warnings.length = 0
  })

  it('shows the statistics from its declaration: 示意, the table, the largest region, count and area', async () => {
    renderScreen()
    expect(await screen.findByText('光伏用地监测')).toBeTruthy()
    expect((await screen.findByTestId('illustrative-tag')).textContent).toBe('示意')
    const table = await screen.findByTestId('statistics-table')
    await waitFor(() => expect(within(table).getByText('内蒙古自治区')).toBeTruthy())
    expect(screen.getByTestId('largest-region').textContent).toContain('内蒙古自治区最多：2')
    expect(within(table).getByText('3.25')).toBeTruthy()
    expect(within(table).getAllByText('—').length).toBeGreaterThan(0)
    // the mode tabs offer what the screen draws of the declaration's modes
    expect(within(screen.getByTestId('mode-tabs')).getAllByRole('radio')).toHaveLength(2)
  })

  it('drills down into a region by the address', async () => {
    const { router } = renderScreen()
    const table = await screen.findByTestId('statistics-table')
    fireEvent.click(await within(table).findByText('甘肃省'))
    await waitFor(() => expect(router.state.location.search).toBe('?region=620000'))
    await waitFor(() => expect(fetchMock.mock.calls.some(([u]) => String(u).includes('region=620000'))).toBe(true))
  })

  it('queues a login when a visitor asks for detail', async () => {
    const { onLoginRequired, router } = renderScreen()
    fireEvent.click(within(await screen.findByTestId('mode-tabs')).getByText('详情'))
    expect(onLoginRequired).toHaveBeenCalledWith(expect.stringContaining('mode=detail'))
    expect(router.state.location.search).toBe('')
  })

  it('refuses detail without an area range with the SPEC message', async () => {
    renderScreen({ user: { permissions: ['MOD_058'], areaRegionIds: [] } })
    fireEvent.click(within(await screen.findByTestId('mode-tabs')).getByText('详情'))
    expect(warnings).toEqual(['未关联用户权限范围，请联系管理员'])
    expect(screen.queryByTestId('monitor-detail')).toBeNull()
  })

  it('enters detail for a province user with the province as scope and lists the spots', async () => {
    const { router } = renderScreen({ user: { permissions: ['MOD_058'], areaRegionIds: ['150000'] } }, '/monitor/pvland?region=150000')
    fireEvent.click(within(await screen.findByTestId('mode-tabs')).getByText('详情'))
    await waitFor(() => expect(router.state.location.search).toContain('mode=detail'))
    expect((await screen.findByTestId('detail-scope')).textContent).toContain('150000')
    const table = await screen.findByTestId('spot-table')
    await waitFor(() => expect(within(table).getByText('内蒙古自治区 呼和浩特市 新城区')).toBeTruthy())
    const listCall = fetchMock.mock.calls.map(([u]) => String(u)).find((u) => u.startsWith('/api/monitor/spot/list'))
    expect(listCall).toContain('xzqdm=150000')
    expect(listCall).toContain('pageNum=1')
    expect(listCall).toContain('pageSize=20')
  })
})
