import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useLocaleStore } from '../../../lib/i18n'
import { cleanup, fireEvent, render, screen, waitFor, within } from '../../../test/render'
import { PlanAnalysisPage } from './plan-analysis-page'

// OpenLayers needs a canvas jsdom does not have: the map shell is a box (the swipe's clipping is tested in map/)
vi.mock('../../../map/map-view', () => ({ default: () => <div data-testid="map-stub" /> }))
vi.mock('../../../widgets/figure/echarts-chart', () => ({
  default: (p: { option: { series: Array<{ name: string }> }; testId?: string }) => (
    <div data-testid={p.testId}>{p.option.series.map((s) => s.name).join('|')}</div>
  ),
}))

const ok = (data: unknown) => new Response(JSON.stringify({ code: 0, message: 'success', data }), { status: 200 })
const row = (code: string, name: string, plannedKm2: number, heldKm2: number, overlapKm2 = 0) => ({
  code,
  name,
  items: 2,
  plannedKm2,
  heldKm2,
  newNeedKm2: Math.round((plannedKm2 - heldKm2) * 100) / 100,
  overlapKm2,
  budget: 100,
})
const ANALYSIS = {
  planYear: 2041,
  purchaseYear: 2026,
  region: { code: '100000', name: '全国' },
  rows: [row('150000', '内蒙古自治区', 812.5, 200.25, 37.5), row('110000', '北京市', 100, 0)],
  total: { items: 4, plannedKm2: 912.5, heldKm2: 200.25, newNeedKm2: 712.25, overlapKm2: 37.5, budget: 200 },
  byResolution: [{ resolution: 'm2', items: 4, plannedKm2: 912.5, heldKm2: 200.25, newNeedKm2: 712.25, overlapKm2: 37.5, budget: 200 }],
  overlaps: [
    {
      a: { itemId: 11, itemName: '呼和浩特周边', unitRegion: '150000', unitName: '内蒙古自治区', planState: 'submitted', areaKm2: 37.5 },
      b: { itemId: 12, itemName: '呼和浩特城区', unitRegion: '150100', unitName: '呼和浩特市', planState: 'draft', areaKm2: 37.5 },
      areaKm2: 37.5,
      regionName: '新城区',
    },
  ],
  overlapTotal: { pairs: 1, areaKm2: 37.5 },
  owners: [
    { code: '150000', name: '内蒙古自治区' },
    { code: '150100', name: '呼和浩特市' },
  ],
  compare: null,
  cellNote: '已有覆盖按覆盖统计的县级格网取样（每县约 16384 个格元，格元中心在影像内即计为覆盖）；重叠面积为 WGS84 椭球面精确面积。',
}
const YEARS = [
  {
    year: 2041,
    state: 'open',
    deadline: '2041-03-31',
    purchaseYear: 2026,
    requested: '',
    resolutionTypes: ['m2'],
    takesFilling: true,
    demo: false,
    plans: 2,
    publishedAt: null,
  },
  {
    year: 2040,
    state: 'open',
    deadline: '2040-03-31',
    purchaseYear: 2026,
    requested: '',
    resolutionTypes: ['m2'],
    takesFilling: true,
    demo: true,
    plans: 1,
    publishedAt: null,
  },
]

const asked: URL[] = []
const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
  const url = new URL(String(input), 'http://portal')
  asked.push(url)
  if (url.pathname === '/api/plan-collaborative/years') return ok(YEARS)
  if (url.pathname === '/api/plan-collaborative/features') return ok({ type: 'FeatureCollection', features: [], truncated: false })
  if (url.pathname === '/api/plan-collaborative/analysis') {
    const compareYear = url.searchParams.get('compareYear')
    return ok(
      compareYear
        ? {
            ...ANALYSIS,
            compare: {
              year: Number(compareYear),
              rows: [row('150000', '内蒙古自治区', 500, 100)],
              total: { ...ANALYSIS.total, plannedKm2: 500 },
            },
          }
        : ANALYSIS,
    )
  }
  return new Response('', { status: 404 })
})

function renderPage(entry: string, areaRegionIds = ['100000']) {
  const router = createMemoryRouter(
    [
      {
        path: '/overallPlan/overallAnalysis',
        element: (
          <PlanAnalysisPage
            tiandituKey=""
            areaRegionIds={areaRegionIds}
            thisYear={2026}
            regionPicker={(value) => <span data-testid="picker">{value}</span>}
          />
        ),
      },
    ],
    { initialEntries: [entry] },
  )
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  return router
}

describe('PlanAnalysisPage', { timeout: 30_000 }, () => {
  beforeEach(() => vi.stubGlobal('fetch', fetchMock))
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
    fetchMock.mockClear()
    asked.length = 0
  })

  it('asks the question of its address and shows the regions, their totals and the note', async () => {
    renderPage('/overallPlan/overallAnalysis?planYear=2041&purchaseYear=2026&unitType=all')
    const table = await screen.findByTestId('analysis-table-regions')
    await waitFor(() => expect(within(table).getByText('内蒙古自治区')).toBeTruthy())
    const analysis = asked.find((u) => u.pathname.endsWith('/analysis'))
    expect(Object.fromEntries(analysis?.searchParams ?? [])).toEqual({
      planYear: '2041',
      purchaseYear: '2026',
      regionId: '100000',
      cjlx: 'sc',
    })
    const total = table.querySelector('.ant-table-summary') as HTMLElement
    expect(total.textContent).toContain('912.5')
    expect(total.textContent).toContain('712.25')
    // the held share of the total: 200.25 / 912.5
    expect(total.textContent).toContain('21.95')
    expect(screen.getByTestId('analysis-heading').textContent).toContain('全国 · 2041年规划 · 对照2026年已有影像')
    expect(screen.getByTestId('analysis-note').textContent).toContain('16384')
    expect((await screen.findByTestId('analysis-chart-regions')).textContent).toBe('规划面积|已有覆盖|新增需求')
  })

  it('drills down by a row, opens its detail, and keeps both in the address', async () => {
    const router = renderPage('/overallPlan/overallAnalysis?planYear=2041')
    const table = await screen.findByTestId('analysis-table-regions')
    await waitFor(() => expect(within(table).getByText('内蒙古自治区')).toBeTruthy())
    fireEvent.click(within(table).getByTestId('detail-150000'))
    await waitFor(() => expect(router.state.location.search).toContain('detail=150000'))
    expect(await screen.findByTestId('row-detail')).toBeTruthy()
    fireEvent.click(within(table).getByText('北京市'))
    await waitFor(() => expect(router.state.location.search).toBe('?planYear=2041&regionId=110000'))
  })

  it('lists the overlapping pairs with their totals in the overlap option', async () => {
    renderPage('/overallPlan/overallAnalysis?planYear=2041&analysisOption=2')
    expect((await screen.findByTestId('overlap-total')).textContent).toBe('不同单位规划重叠 1 对，合计 37.5 km²')
    const pairs = screen.getByTestId('analysis-table-overlaps')
    expect(within(pairs).getByText('内蒙古自治区：呼和浩特周边')).toBeTruthy()
    expect(within(pairs).getByText('呼和浩特市：呼和浩特城区')).toBeTruthy()
    // the overlap layer is asked for; the map colours by overlap area and draws no chart
    await waitFor(() => expect(asked.some((u) => u.pathname.endsWith('/features') && u.searchParams.get('overlap') === '1')).toBe(true))
    expect(screen.queryByTestId('analysis-chart-regions')).toBeNull()
  })

  it('compares two years: the compare columns, the demo note of a demo year, and a swipe the keyboard moves', async () => {
    renderPage('/overallPlan/overallAnalysis?planYear=2041&yearOption=2')
    const table = await screen.findByTestId('analysis-table-regions')
    await waitFor(() => expect(within(table).getAllByText('2040年规划面积（km²）').length).toBeGreaterThan(0))
    expect(screen.getByTestId('analysis-demo')).toBeTruthy()
    await waitFor(() => expect(asked.some((u) => u.pathname.endsWith('/features') && u.searchParams.get('planYear') === '2040')).toBe(true))
    const handle = await screen.findByTestId('swipe-handle')
    expect(handle.getAttribute('aria-valuenow')).toBe('50')
    expect(screen.getByTestId('swipe-left').textContent).toContain('2040年')
    fireEvent.keyDown(handle, { key: 'ArrowLeft' })
    expect(handle.getAttribute('aria-valuenow')).toBe('49')
    fireEvent.keyDown(handle, { key: 'ArrowRight', shiftKey: true })
    expect(handle.getAttribute('aria-valuenow')).toBe('59')
    fireEvent.keyDown(handle, { key: 'End' })
    expect(handle.getAttribute('aria-valuenow')).toBe('100')
    // slider visibility: off, then on again
    fireEvent.click(screen.getByTestId('swipe-toggle'))
    await waitFor(() => expect(screen.queryByTestId('swipe-handle')).toBeNull())
  })

  it('speaks English when the portal does, the note included', async () => {
    useLocaleStore.setState({ locale: 'en-US' })
    try {
      renderPage('/overallPlan/overallAnalysis?planYear=2041&yearOption=2')
      const table = await screen.findByTestId('analysis-table-regions')
      await waitFor(() => expect(within(table).getAllByText('Planned in 2040 (km²)').length).toBeGreaterThan(0))
      expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('Overall analysis')
      expect(screen.getByTestId('analysis-note').textContent).toContain('about 16384 cells a county')
      expect(screen.getByTestId('swipe-handle').getAttribute('aria-label')).toBe('Swipe')
    } finally {
      useLocaleStore.setState({ locale: 'zh-CN' })
    }
  })

  it('starts a province user in its own province', async () => {
    renderPage('/overallPlan/overallAnalysis?planYear=2041', ['150000'])
    await screen.findByTestId('analysis-table-regions')
    expect(asked.find((u) => u.pathname.endsWith('/analysis'))?.searchParams.get('regionId')).toBe('150000')
    expect(screen.getByTestId('picker').textContent).toBe('150000')
  })
})
