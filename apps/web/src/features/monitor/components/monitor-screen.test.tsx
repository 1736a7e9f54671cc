import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { setNotifier } from '../../../lib/notify'
import { cleanup, fireEvent, render, screen, waitFor, within } from '../../../test/render'
import { MonitorScreen, type MonitorScreenProps } from './monitor-screen'

// OpenLayers needs a canvas jsdom does not have: the map shell is replaced by a box (its layers are tested in map/)
vi.mock('../../../map/map-view', () => ({ default: () => <div data-testid="map-stub" /> }))
// ECharts draws into a sized box jsdom does not lay out: the figure widget's chart is a box showing its series names
vi.mock('../../../widgets/figure/echarts-chart', () => ({
  default: (p: { option: { series: Array<{ name: string }> }; testId?: string }) => (
    <div data-testid={p.testId}>{p.option.series.map((s) => s.name).join('|')}</div>
  ),
}))

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

const GRID = {
  level: 13,
  batch: '20260331',
  region: '150000',
  cells: [
    { z: 13, x: 6637, y: 3079, key: '13/6637/3079', bbox: [111.6, 40.78, 111.64, 40.81], num: 3, areaKm2: 0.6, lengthKm: null },
    { z: 13, x: 6638, y: 3079, key: '13/6638/3079', bbox: [111.64, 40.78, 111.69, 40.81], num: 1, areaKm2: 0.2, lengthKm: null },
  ],
  total: { num: 4, areaKm2: 0.8, lengthKm: null },
  maxCells: 20000,
  illustrative: true,
}
const SEQUENCE = {
  region: '150000',
  batches: [
    {
      batch: '20251231',
      filename: 'pvland_20251231.zip',
      previous: null,
      num: 2,
      areaKm2: 0.4,
      lengthKm: null,
      newSites: null,
      goneSites: null,
      persisting: null,
    },
    {
      batch: '20260331',
      filename: 'pvland_20260331.zip',
      previous: '20251231',
      num: 3,
      areaKm2: 0.6,
      lengthKm: null,
      newSites: 2,
      goneSites: 1,
      persisting: 1,
    },
  ],
  illustrative: true,
}
const TREND = {
  region: { code: '100000', name: '全国', level: 'country' },
  batches: ['20251231', '20260331'],
  total: [
    { num: 2, areaKm2: 0.4, lengthKm: null },
    { num: 3, areaKm2: 3.75, lengthKm: null },
  ],
  rows: [
    {
      code: '150000',
      name: '内蒙古自治区',
      values: [
        { num: 2, areaKm2: 0.4, lengthKm: null },
        { num: 2, areaKm2: 0.5, lengthKm: null },
      ],
    },
    {
      code: '620000',
      name: '甘肃省',
      values: [
        { num: 0, areaKm2: null, lengthKm: null },
        { num: 1, areaKm2: 3.25, lengthKm: null },
      ],
    },
  ],
  illustrative: true,
}

const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
  const url = String(input)
  if (url.startsWith('/api/monitor/grid')) return ok(GRID)
  if (url.startsWith('/api/monitor/sequence')) return ok(SEQUENCE)
  if (url.startsWith('/api/monitor/trend')) return ok(TREND)
  if (url.startsWith('/api/monitor/batches')) return ok(BATCHES)
  if (url.startsWith('/api/monitor/statistics')) return ok(STATISTICS)
  if (url.startsWith('/api/monitor/spot/list')) return ok(LIST)
  return new Response('', { status: 404 })
})

function renderScreen(props: Partial<MonitorScreenProps> = {}, entry = '/monitor/pvland') {
  const onLoginRequired = vi.fn()
  const module = props.module ?? 'pvland'
  const router = createMemoryRouter(
    [{ path: `/monitor/${module}`, element: <MonitorScreen module={module} user={null} onLoginRequired={onLoginRequired} {...props} /> }],
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
    // the mode tabs offer the declaration's modes
    expect(within(screen.getByTestId('mode-tabs')).getAllByRole('radio')).toHaveLength(5)
  })

  it('exports the statistics table as CSV under the export policy, with its total row', async () => {
    const created: Blob[] = []
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      created.push(blob as Blob)
      return 'blob:statistics'
    })
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {})
    const names: string[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download)
    })
    renderScreen()
    const table = await screen.findByTestId('statistics-table')
    await waitFor(() => expect(within(table).getByText('内蒙古自治区')).toBeTruthy())
    fireEvent.click(screen.getByTestId('statistics-export'))
    expect(await screen.findByTestId('statistics-export-xlsx')).toBeTruthy()
    fireEvent.click(await screen.findByTestId('statistics-export-csv'))
    await waitFor(() => expect(names).toEqual(['光伏用地监测_全国_统计.csv']))
    const text = (await created[0]?.text()) ?? ''
    expect(text.split('\r\n').slice(0, 5)).toEqual([
      '行政区,数量（个）,面积（平方千米）',
      '内蒙古自治区,2,0.5',
      '甘肃省,1,3.25',
      '北京市,,',
      '合计,3,3.75',
    ])
    vi.restoreAllMocks()
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

  it('opens the login dialog once for a visitor arriving at the detail address, and shows statistics meanwhile', async () => {
    const { onLoginRequired } = renderScreen({}, '/monitor/pvland?mode=detail&region=150000')
    await screen.findByTestId('mode-tabs')
    await waitFor(() => expect(onLoginRequired).toHaveBeenCalledWith('/monitor/pvland?mode=detail&region=150000'))
    expect(onLoginRequired).toHaveBeenCalledTimes(1)
    expect(screen.queryByTestId('monitor-detail')).toBeNull()
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

  it('shows only the modes a declaration offers', async () => {
    renderScreen({ module: 'steelplant' }, '/monitor/steelplant')
    const tabs = await screen.findByTestId('mode-tabs')
    expect(
      within(tabs)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['统计', '详情'])
    cleanup()
    renderScreen({ module: 'surfaceDeform' }, '/monitor/surfaceDeform')
    const deform = await screen.findByTestId('mode-tabs')
    expect(
      within(deform)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['统计', '详情', '格网', '趋势'])
  })

  it('opens the trend for a user with the module’s code (no area range needed): chart, table by batch, drill-down', async () => {
    const { router, onLoginRequired } = renderScreen({ user: { permissions: ['MOD_058'], areaRegionIds: [] } })
    fireEvent.click(within(await screen.findByTestId('mode-tabs')).getByText('趋势'))
    await waitFor(() => expect(router.state.location.search).toBe('?mode=trend'))
    expect(onLoginRequired).not.toHaveBeenCalled()
    const table = await screen.findByTestId('trend-table')
    await waitFor(() => expect(within(table).getByText('甘肃省')).toBeTruthy())
    expect(within(table).getAllByText('20260331').length).toBeGreaterThan(0)
    expect((await screen.findByTestId('trend-chart')).textContent).toBe('全国本级合计|内蒙古自治区|甘肃省')
    fireEvent.click(within(table).getByText('甘肃省'))
    await waitFor(() => expect(router.state.location.search).toBe('?mode=trend&region=620000'))
  })

  it('queues a login when a visitor asks for trend, grid or sequence (SPEC §6: visitors have statistics only)', async () => {
    const { onLoginRequired } = renderScreen()
    fireEvent.click(within(await screen.findByTestId('mode-tabs')).getByText('趋势'))
    expect(onLoginRequired).toHaveBeenLastCalledWith(expect.stringContaining('mode=trend'))
    fireEvent.click(within(await screen.findByTestId('mode-tabs')).getByText('格网'))
    expect(onLoginRequired).toHaveBeenLastCalledWith(expect.stringContaining('mode=grid'))
    fireEvent.click(within(screen.getByTestId('mode-tabs')).getByText('时序'))
    expect(onLoginRequired).toHaveBeenLastCalledWith(expect.stringContaining('mode=sequence'))
    expect(screen.queryByTestId('monitor-grid')).toBeNull()
  })

  it('enters grid for a province user with the grid defaults (all types, level 13) and the densest cells', async () => {
    const { router } = renderScreen({ user: { permissions: ['MOD_058'], areaRegionIds: ['150000'] } })
    fireEvent.click(within(await screen.findByTestId('mode-tabs')).getByText('格网'))
    await waitFor(() => expect(router.state.location.search).toContain('mode=grid'))
    expect((await screen.findByTestId('mode-scope')).textContent).toContain('150000')
    const table = await screen.findByTestId('grid-table')
    await waitFor(() => expect(within(table).getByText('13/6638/3079')).toBeTruthy())
    expect(screen.getByTestId('grid-summary').textContent).toContain('共 2 个有图斑的格网，合计 4 个图斑')
    const call = fetchMock.mock.calls.map(([u]) => String(u)).find((u) => u.startsWith('/api/monitor/grid'))
    expect(call).toContain('region=150000')
    expect(call).toContain('level=13')
    expect(call).not.toContain('tblx')
  })

  it('enters sequence for a province user: a card per batch and the changes', async () => {
    renderScreen({ user: { permissions: ['MOD_058'], areaRegionIds: ['150000'] } }, '/monitor/pvland?mode=sequence')
    await waitFor(() => expect(screen.getAllByTestId('sequence-card')).toHaveLength(2))
    const table = screen.getByTestId('sequence-table')
    expect(within(table).getByText('20251231 → 20260331')).toBeTruthy()
    expect(fetchMock.mock.calls.some(([u]) => String(u).startsWith('/api/monitor/sequence') && String(u).includes('region=150000'))).toBe(
      true,
    )
  })
})
