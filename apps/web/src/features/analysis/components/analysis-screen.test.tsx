import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, render, screen, waitFor, within } from '../../../test/render'
import { GENERAL_STATISTIC_PAGE } from '../test/analysis-fixture'
import { AnalysisScreen } from './analysis-screen'

/**
 * jsdom has no layout and no canvas: boxes measure 600×340 and a 2D context records what it is
 * asked to draw (its text 12 px a character). Returns the recorded calls.
 */
function stubCanvas(): unknown[][] {
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(600)
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(340)
  const calls: unknown[][] = []
  const context = new Proxy({} as Record<string | symbol, unknown>, {
    get: (target, name) =>
      name in target
        ? target[name]
        : name === 'measureText'
          ? (text: string) => ({ width: text.length * 12 })
          : (...args: unknown[]) => {
              calls.push([name, ...args])
            },
    set: (target, name, value) => {
      target[name] = value
      return true
    },
  })
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(() => context as unknown as CanvasRenderingContext2D)
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue('data:image/png;base64,AAAA')
  return calls
}

/** An Image that "loads" at once with the natural size of an SVG 679×240. */
class LoadedImage {
  naturalWidth = 679
  naturalHeight = 240
  decoding = 'auto'
  onload: (() => void) | null = null
  onerror: (() => void) | null = null
  #src = ''
  get src() {
    return this.#src
  }
  set src(value: string) {
    this.#src = value
    queueMicrotask(() => this.onload?.())
  }
}

const ok = (data: unknown) => new Response(JSON.stringify({ code: 0, message: 'success', data }), { status: 200 })

function renderScreen() {
  const router = createMemoryRouter([{ path: '/satellite/analysis/:page', element: <AnalysisScreen page="general-statistic" /> }], {
    initialEntries: ['/satellite/analysis/general-statistic'],
  })
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  return render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
}

// antd takes a few seconds in jsdom on a busy machine
describe('AnalysisScreen', { timeout: 20_000 }, () => {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) =>
    String(input) === '/api/satellite/analysis?page=general-statistic' ? ok(GENERAL_STATISTIC_PAGE) : new Response('', { status: 404 }),
  )

  let drawn: unknown[][] = []

  beforeEach(() => {
    drawn = stubCanvas()
    vi.stubGlobal('fetch', fetchMock)
  })

  afterEach(() => {
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
    fetchMock.mockClear()
  })

  it('shows the page from the API: sentences, highlights, attribution, and each figure with its chart image and table', async () => {
    renderScreen()
    expect(screen.getByTestId('analysis-loading')).toBeTruthy()
    const page = await screen.findByTestId('analysis-page', {}, { timeout: 5000 })

    expect(within(page).getByRole('heading', { level: 2 }).textContent).toBe('总体统计')
    expect(screen.getByTestId('analysis-summary').textContent).toContain('全球在轨对地观测与地球科学卫星共1292颗')
    expect(screen.getByTestId('analysis-attribution').textContent).toContain('UCS 卫星数据库')
    expect(screen.getByTestId('analysis-attribution').textContent).toContain('2023-05-01')
    expect(within(page).getByText('在轨卫星总数')).toBeTruthy()
    expect(within(page).getByText('1,292')).toBeTruthy()

    const nav = screen.getByTestId('analysis-nav')
    for (const title of ['总体统计', '国家分析', '类别统计', '投资模式分析', '水平对比', '发展规划'])
      expect(within(nav).getAllByText(title).length).toBeGreaterThan(0)

    const country = screen.getByTestId('figure-by-country')
    expect(within(country).getByText('各国家和组织在轨卫星数量')).toBeTruthy()
    const chart = within(country).getByTestId('figure-chart-by-country') as HTMLImageElement
    expect(chart.tagName).toBe('IMG')
    expect(chart.getAttribute('src')).toBe('/api/satellite/analysis/chart?page=general-statistic&figure=by-country')
    expect(chart.alt).toBe('各国家和组织在轨卫星数量（图表）：按卫星所有者或运营者所属国家统计在轨卫星颗数，共1292颗。')
    expect([chart.width, chart.height]).toEqual([679, 240])
    // the first chart is in view at once; the ones below wait until they scroll near
    expect(chart.getAttribute('loading')).toBe('eager')
    expect(within(screen.getByTestId('figure-by-users')).getByTestId('figure-chart-by-users').getAttribute('loading')).toBe('lazy')
    expect(page.querySelector('canvas')).toBeNull()
    const table = within(country).getByRole('table')
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['国家或组织', '卫星数量（颗）'])
    expect(within(table).getByText('美国')).toBeTruthy()
    expect(within(table).getByText('511')).toBeTruthy()
    expect(within(country).getByText(GENERAL_STATISTIC_PAGE.figures[0]?.counted ?? '')).toBeTruthy()

    const users = screen.getByTestId('figure-by-users')
    expect(within(users).getByText('“政府/民用”等双重用户计为混合用途。')).toBeTruthy()
    expect(fetchMock).toHaveBeenCalledTimes(1)
  })

  it('downloads the CSV of a figure from its export menu', async () => {
    const created: Blob[] = []
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      created.push(blob as Blob)
      return 'blob:figure'
    })
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {})
    const clicks: string[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this.download)
    })
    renderScreen()
    fireEvent.click(await screen.findByTestId('figure-export-by-country'))
    fireEvent.click(await screen.findByTestId('figure-export-csv-by-country'))

    await waitFor(() => expect(clicks).toEqual(['总体统计-各国家和组织在轨卫星数量-2023-05-01.csv']))
    const text = await created[0]?.text()
    expect(text?.split('\r\n')[0]).toBe('国家或组织,卫星数量（颗）')
    expect(text).toContain('数据来源：UCS 卫星数据库（Union of Concerned Scientists）；数据截至：2023-05-01')
  })

  it('exports a PNG that draws the chart image with the title above and the counted sentence and attribution below', async () => {
    vi.stubGlobal('Image', LoadedImage)
    const downloads: Array<{ name: string; href: string }> = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push({ name: this.download, href: this.href })
    })
    renderScreen()
    fireEvent.click(await screen.findByTestId('figure-export-by-country'))
    fireEvent.click(await screen.findByTestId('figure-export-png-by-country'))

    await waitFor(() =>
      expect(downloads).toEqual([{ name: '总体统计-各国家和组织在轨卫星数量-2023-05-01.png', href: 'data:image/png;base64,AAAA' }]),
    )
    const [, image, ...box] = drawn.find((call) => call[0] === 'drawImage') ?? []
    expect(image).toBeInstanceOf(LoadedImage)
    expect((image as LoadedImage).src).toBe('/api/satellite/analysis/chart?page=general-statistic&figure=by-country')
    expect(box).toEqual([0, 40, 679, 240])
    const texts = drawn.filter((call) => call[0] === 'fillText').map((call) => String(call[1]))
    expect(texts[0]).toBe('总体统计 · 各国家和组织在轨卫星数量')
    expect(texts.join('')).toContain('按卫星所有者或运营者所属国家统计在轨卫星颗数，共1292颗。')
    expect(texts.join('')).toContain('数据来源：UCS 卫星数据库（Union of Concerned Scientists）；数据截至：2023-05-01')
  })

  it('offers a retry when the API fails and shows the page once it answers', async () => {
    fetchMock.mockImplementationOnce(
      async () => new Response(JSON.stringify({ code: 500, message: '服务器内部错误', data: null }), { status: 500 }),
    )
    renderScreen()
    const error = await screen.findByTestId('analysis-error')
    expect(error.textContent).toContain('统计数据加载失败')
    expect(error.textContent).toContain('服务器内部错误')
    fireEvent.click(within(error).getByRole('button'))
    expect(await screen.findByTestId('analysis-page')).toBeTruthy()
  })
})
