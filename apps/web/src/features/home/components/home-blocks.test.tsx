import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, render, screen, waitFor, within } from '../../../test/render'
import { KeyFigures } from './key-figures'
import { LatestNews } from './latest-news'
import { RecentEvents } from './recent-events'
import { ServiceCards } from './service-cards'

const ok = (data: unknown) => new Response(JSON.stringify({ code: 0, message: 'success', data }), { status: 200 })
const fail = () => new Response(JSON.stringify({ code: 500, message: '服务器内部错误，请稍后重试', data: null }), { status: 500 })

const SERIES = [
  {
    slug: 'gf1',
    nameZh: '高分一号',
    nameEn: 'GF-1',
    country: 'CN',
    category: 'optical',
    status: 'operational',
    memberCount: 1,
    trackedCount: 1,
  },
  {
    slug: 'jl1',
    nameZh: '吉林一号',
    nameEn: 'JL-1',
    country: 'CN',
    category: 'optical',
    status: 'operational',
    memberCount: 87,
    trackedCount: 80,
  },
  {
    slug: 'landsat',
    nameZh: '陆地卫星',
    nameEn: 'Landsat',
    country: 'US',
    category: 'optical',
    status: 'operational',
    memberCount: 3,
    trackedCount: 2,
  },
]
const EVENTS = [
  { date: '2026-03-02', kind: 'launch', slug: 'jl1', seriesName: '吉林一号', member: 'JL-1 KF02A', country: 'CN' },
  { date: '2025-11-20', kind: 'launch', slug: 'landsat', seriesName: 'Landsat', member: 'Landsat 9', country: 'US' },
]
const NEWS = {
  total: 14,
  items: [
    {
      id: 7,
      title: '高分七号获取立体影像',
      summary: '首批立体影像发布',
      date: '2026-05-01',
      source: '国家航天局',
      satelliteSlug: 'gf7',
      coverUrl: '/api/news/cover?id=7',
      updatedAt: '2026-05-01T00:00:00Z',
    },
    {
      id: 6,
      title: '资源三号数据更新',
      summary: '覆盖全国',
      date: '2026-04-12',
      source: '自然资源部',
      satelliteSlug: null,
      coverUrl: null,
      updatedAt: '2026-04-12T00:00:00Z',
    },
  ],
}

type Handler = (url: string) => Response | Promise<Response>

function stubApi(handlers: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input)
    const path = url.split('?')[0] ?? url
    const handler = handlers[path]
    return handler ? handler(url) : new Response(JSON.stringify({ code: 404, message: '', data: null }), { status: 404 })
  })
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

function renderWithProviders(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/home']}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  )
}

describe('home blocks', { timeout: 20_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('shows series, satellites, tracked satellites, news and visits as each answer arrives', async () => {
    stubApi({
      '/api/satellite/list': () => ok(SERIES),
      '/api/news/list': () => ok(NEWS),
    })
    renderWithProviders(<KeyFigures visits={{ value: 123456, isPending: false }} />)
    expect(await screen.findByText('3', { selector: '[data-testid="home-series"]' })).toBeTruthy()
    expect(screen.getByTestId('home-satellites').textContent).toBe('91')
    await waitFor(() => expect(screen.getByTestId('home-tracked').textContent).toBe('83'))
    await waitFor(() => expect(screen.getByTestId('home-news-total').textContent).toBe('14'))
    expect(screen.getByTestId('home-visits').textContent).toBe('123,456')
  })

  it('shows placeholders while loading and a dash for a figure that failed, without blocking the others', async () => {
    let releaseNews: (r: Response) => void = () => {}
    stubApi({
      '/api/satellite/list': () => fail(),
      '/api/news/list': () => new Promise<Response>((resolve) => (releaseNews = resolve)),
    })
    renderWithProviders(<KeyFigures visits={{ value: undefined, isPending: true }} />)
    expect(within(screen.getByTestId('home-news-total')).getByRole('status')).toBeTruthy()
    expect(within(screen.getByTestId('home-visits')).getByRole('status')).toBeTruthy()
    await waitFor(() => expect(screen.getByTestId('home-tracked').textContent).toBe('—'))
    expect(screen.getByTestId('home-series').textContent).toBe('—')
    releaseNews(ok(NEWS))
    await waitFor(() => expect(screen.getByTestId('home-news-total').textContent).toBe('14'))
  })

  it('lists recent events as a dated timeline linking to each satellite page', async () => {
    const fetchMock = stubApi({ '/api/satellite/events': () => ok(EVENTS) })
    renderWithProviders(<RecentEvents />)
    const timeline = await screen.findByTestId('home-events')
    const items = within(timeline).getAllByRole('listitem')
    expect(items).toHaveLength(2)
    expect(items[0]?.textContent).toContain('2026-03-02')
    expect(
      within(items[0] as HTMLElement)
        .getByRole('link')
        .getAttribute('href'),
    ).toBe('/satellite/chinese/jl1')
    expect(within(items[0] as HTMLElement).getByText('国产')).toBeTruthy()
    expect(
      within(items[1] as HTMLElement)
        .getByRole('link')
        .getAttribute('href'),
    ).toBe('/satellite/global/landsat')
    expect(within(items[1] as HTMLElement).getByText('国外')).toBeTruthy()
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/satellite/events?limit=8')
  })

  it('offers a retry when the events fail and shows them after it', async () => {
    let calls = 0
    stubApi({ '/api/satellite/events': () => (++calls === 1 ? fail() : ok(EVENTS)) })
    renderWithProviders(<RecentEvents />)
    expect((await screen.findByRole('alert')).textContent).toContain('卫星动态加载失败')
    fireEvent.click(screen.getByRole('button', { name: '重试' }))
    expect(await screen.findByTestId('home-events')).toBeTruthy()
  })

  it('lists the latest news with date, source, a cover or a date block, and a link to more', async () => {
    const fetchMock = stubApi({ '/api/news/list': () => ok(NEWS) })
    const { container } = renderWithProviders(<LatestNews />)
    expect(screen.getByRole('status')).toBeTruthy()
    const list = await screen.findByTestId('home-news')
    const links = within(list).getAllByRole('link')
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/satellite/news/7', '/satellite/news/6'])
    expect(links[0]?.textContent).toContain('国家航天局')
    expect(links[0]?.textContent).toContain('2026-05-01')
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/api/news/cover?id=7')
    expect(links[1]?.querySelector('img')).toBeNull()
    expect(links[1]?.textContent).toContain('12')
    expect(screen.getByTestId('home-news-more').getAttribute('href')).toBe('/satellite/news')
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/news/list?page=1&pageSize=6')
  })

  it('says so when there is no news yet', async () => {
    stubApi({ '/api/news/list': () => ok({ total: 0, items: [] }) })
    renderWithProviders(<LatestNews />)
    expect(await screen.findByText('暂无新闻')).toBeTruthy()
  })

  it('offers an entry to every service without waiting for any data', () => {
    const fetchMock = stubApi({})
    renderWithProviders(<ServiceCards />)
    const targets = Object.fromEntries(
      ['normal', 'orbitalPredict', 'coverage', 'push', 'monitor', 'satellite', 'analysis', 'typicalImage'].map((key) => [
        key,
        screen.getByTestId(`service-${key}`).getAttribute('href'),
      ]),
    )
    expect(targets).toEqual({
      normal: '/normal',
      orbitalPredict: '/orbitalPredict',
      coverage: '/statistics/coverage-statics',
      push: '/statistics/push',
      monitor: '/monitor/landcover',
      satellite: '/satellite/chinese',
      analysis: '/satellite/analysis',
      typicalImage: '/satellite/image',
    })
    expect(screen.getByTestId('service-orbitalPredict').textContent).toContain('需登录')
    expect(fetchMock).not.toHaveBeenCalled()
  })
})
