import { parseSatelliteFacts } from '@rs/shared'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useLocaleStore } from '../../../lib/i18n'
import { render, screen, within } from '../../../test/render'
import { envelope, GF1_FACTS, GF1_TLE, GF4_FACTS } from '../test/fixtures'
import type { TrackedMember } from '../utils/tle-match'
import { SatelliteSection } from './satellite-section'

// OpenLayers needs a canvas; the map part is checked by the orbit and track-layer tests and the browser journey
vi.mock('./satellite-tracker-map', () => ({
  default: ({ members, showTracks }: { members: TrackedMember[]; showTracks: boolean }) => (
    <div data-testid="tracker-map-stub" data-tracks={String(showTracks)}>
      {members.map((m) => `${m.name}:${m.color}:${m.line1.slice(2, 7)}`).join(';')}
    </div>
  ),
}))

type Answers = Record<string, (slug: string | null) => Response>

function stubApi(answers: Answers) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://portal')
      const answer = answers[url.pathname]
      return answer ? answer(url.searchParams.get('slug')) : envelope(null, 404, 404)
    }),
  )
}

function renderPage(path: string, section: 'chinese' | 'global' = 'chinese') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const router = createMemoryRouter([{ path: '*', element: <SatelliteSection section={section} path={path} /> }], {
    initialEntries: [`/${path}`],
  })
  return render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
}

beforeEach(() => {
  stubApi({
    '/api/satellite/detail': (slug) =>
      slug === 'gf1' ? envelope(GF1_FACTS) : slug === 'gf4' ? envelope(GF4_FACTS) : envelope(null, 404, 404),
    '/api/satellite/tle': (slug) => envelope(slug === 'gf1' ? GF1_TLE : []),
  })
})
afterEach(() => vi.unstubAllGlobals())

describe('satellite page', () => {
  it('shows what GF-1 is: names, country, operator, category, status, summary and the links', async () => {
    renderPage('satellite/chinese/gf1')
    const overview = await screen.findByTestId('satellite-overview')
    expect(overview.querySelector('h1')?.textContent).toBe('高分一号卫星')
    // the English name is a labelled fact, not a subtitle under the Chinese one
    expect(overview.querySelector('h1')?.nextElementSibling?.textContent ?? '').not.toContain('GF-1 (GaoFen-1)')
    expect(overview.textContent).toContain('英文名称GF-1 (GaoFen-1)')
    expect(overview.textContent).toContain('中国')
    expect(overview.textContent).toContain('CNSA / CHEOS programme (Earth Observation System and Data Center)')
    expect(overview.textContent).toContain('光学')
    expect(overview.textContent).toContain('运行中')
    expect(screen.getByTestId('satellite-summary').textContent).toContain('高分一号是国家高分辨率对地观测系统重大专项的首发星')
    expect(screen.getByTestId('satellite-news-link').getAttribute('href')).toBe('/satellite/news?satellite=gf1')
    expect(screen.getByTestId('satellite-image-link').getAttribute('href')).toBe('/satellite/image')
  })

  it('lists the members with launch date, status, catalogue numbers and the TLE-derived orbit', async () => {
    renderPage('satellite/chinese/gf1')
    const rows = await screen.findAllByTestId('satellite-member-row')
    expect(rows).toHaveLength(1)
    const cells = [...(rows[0]?.querySelectorAll('td') ?? [])].map((td) => td.textContent)
    expect(cells).toEqual([
      // the member's note (a research note) is not shown
      'GF-1 01',
      '2013-04-26',
      '运行中',
      '39150',
      '2013-018A',
      '640 km',
      '97.91°',
      '97.5 min',
      '10:19',
    ])
    // a Chinese series: the Beijing-time reading of launch dates is explained
    expect(screen.getByTestId('satellite-members').textContent).toContain('北京时间（UTC+8）')
  })

  it('shows the nominal orbit as stated and every sensor with bands, resolution and swath', async () => {
    renderPage('satellite/chinese/gf1')
    const orbit = await screen.findByTestId('satellite-orbit')
    for (const text of ['太阳同步轨道', '645 km', '98.0506°', '10:30', '4 (PMS with ±35° roll); 2 (WFV)'])
      expect(orbit.textContent).toContain(text)
    const sensors = screen.getAllByTestId('satellite-sensor')
    expect(sensors).toHaveLength(2)
    const pms = sensors[0] as HTMLElement
    expect(pms.textContent).toContain('PMS pan/multispectral camera (×2)')
    expect(pms.textContent).toContain('全色：2 m')
    expect(pms.textContent).toContain('多光谱：8 m')
    expect(pms.textContent).toContain('60 km')
    // the sensor's note (a research note) is not shown
    expect(pms.textContent).not.toContain('60 km with two cameras combined')
    expect(within(pms).getByText('0.45-0.90 µm')).toBeTruthy()
    expect(within(pms).getByText('B4 NIR')).toBeTruthy()
    expect(sensors[1]?.textContent).toContain('800 km')
  })

  it('names the sources (publisher and title) linked in a new tab, and names the unconfirmed values honestly', async () => {
    renderPage('satellite/chinese/gf1')
    const sources = await screen.findByTestId('satellite-sources')
    const links = [...sources.querySelectorAll('a')]
    expect(links.map((a) => a.getAttribute('href'))).toEqual(GF1_FACTS.sources.map((s) => s.url))
    expect(screen.getAllByTestId('satellite-source').map((li) => li.textContent)).toEqual([
      'CelesTrak：GF-1 01 卫星编目记录（NORAD 39150）',
      '美国国家航空航天局空间科学数据协调档案馆（NSSDCA）：GF-1 01 航天器档案（2013-018A）',
    ])
    // the title is the link's text, never the bare address
    expect(links.map((a) => a.textContent)).toEqual(GF1_FACTS.sources.map((s) => s.title))
    for (const a of links) {
      expect(a.getAttribute('target')).toBe('_blank')
      expect(a.getAttribute('rel')).toContain('noopener')
    }
    const unconfirmed = screen.getByTestId('satellite-unconfirmed')
    expect(unconfirmed.textContent).toContain('待核实：以下数值常被引用，但未在公开来源中得到确认')
    expect(unconfirmed.textContent).toContain('operator attribution')
  })

  it('hands the member with elements to the map and says how old the elements are', async () => {
    renderPage('satellite/chinese/gf1')
    const map = await screen.findByTestId('tracker-map-stub')
    expect(map.textContent).toBe('GF-1 01:#1668dc:39150')
    expect(map.getAttribute('data-tracks')).toBe('true')
    const days = Math.floor((Date.now() - Date.parse('2026-06-13T21:04:14.663Z')) / 86_400_000)
    const epoch = screen.getByTestId('satellite-tle-epoch').textContent
    expect(epoch).toContain('GF-1 01')
    expect(epoch).toContain('2026-06-13 21:04 UTC')
    expect(epoch).toContain(`根数距今 ${days} 天`)
  })

  it('gives the UTC date of a launch before 08:00 Beijing time and says when no elements exist (GF-4)', async () => {
    renderPage('satellite/chinese/gf4')
    const row = await screen.findByTestId('satellite-member-row')
    expect(within(row).getByTestId('launch-caveat').textContent).toBe('北京时间；UTC 为 2015-12-28')
    expect((await screen.findByTestId('satellite-no-tle')).textContent).toContain('暂无可用的两行轨道根数')
    expect(screen.getByTestId('satellite-untracked').textContent).toContain('无轨道根数的成员：GF-4')
    expect(screen.queryByTestId('tracker-map-stub')).toBeNull()
    expect(screen.getByTestId('satellite-image-link')).toBeTruthy()
    expect(screen.getByTestId('satellite-orbit').textContent).toContain('地球静止轨道')
  })

  it('answers a slug without facts with a 404-style page, and the navigation still lists every satellite', async () => {
    renderPage('satellite/chinese/th01')
    expect((await screen.findByTestId('satellite-not-found')).textContent).toContain('天绘一号卫星')
    const nav = screen.getByTestId('satellite-side-nav')
    expect(nav.querySelectorAll('a')).toHaveLength(22)
    expect(nav.textContent).toContain('高分七号卫星')
  })

  it('shows an error with a retry when the facts cannot be loaded', async () => {
    stubApi({ '/api/satellite/detail': () => envelope(null, 500, 500) })
    renderPage('satellite/chinese/gf1')
    expect((await screen.findByTestId('satellite-error')).textContent).toContain('卫星资料加载失败')
  })

  it('shows a dash where the facts give no value', async () => {
    stubApi({
      '/api/satellite/detail': () =>
        envelope(
          parseSatelliteFacts({
            slug: 'gf1',
            nameZh: '高分一号卫星',
            nameEn: 'GF-1',
            country: '',
            operator: '',
            category: 'optical',
            status: 'operational',
            members: [{ name: 'GF-1 01', noradId: null, launchDate: null, orbitFromTle: null }],
            sensors: [{ name: 'PMS', type: 'optical', gsdM: null, bands: null, swathKm: '>60' }],
            sources: [
              { publisher: '某机构', title: '脚本', url: 'javascript:alert(1)' },
              { publisher: '某机构', title: '高分一号介绍', url: 'https://example.org/gf1' },
            ],
            unconfirmed: [],
            orbit: null,
          }),
        ),
      '/api/satellite/tle': () => envelope([]),
    })
    renderPage('satellite/chinese/gf1')
    const row = await screen.findByTestId('satellite-member-row')
    const cells = [...row.querySelectorAll('td')].map((td) => td.textContent)
    // catalogue numbers the sources did not give are marked 待核实; no orbit elements: dashes
    expect(cells).toEqual(['GF-1 01', '发射日未核实', '未知', '待核实', '待核实', '—', '—', '—', '—'])
    expect(screen.getByTestId('satellite-overview').textContent).toContain('国家/地区—')
    expect(screen.getByTestId('satellite-sensor').textContent).toContain('>60')
    expect(screen.getByText('来源未给出名义轨道参数')).toBeTruthy()
    expect([...screen.getByTestId('satellite-sources').querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual([
      'https://example.org/gf1',
    ])
  })
})

describe('satellite page in English', () => {
  afterEach(() => useLocaleStore.setState({ locale: 'zh-CN' }))

  it('asks in English and titles the series by its English name, the Chinese one a labelled fact', async () => {
    useLocaleStore.setState({ locale: 'en-US' })
    renderPage('satellite/chinese/gf1')
    const overview = await screen.findByTestId('satellite-overview')
    expect(overview.querySelector('h1')?.textContent).toBe('GF-1 (GaoFen-1)')
    expect(overview.textContent).toContain('高分一号卫星')
    const call = vi.mocked(fetch).mock.calls.find(([url]) => String(url).includes('/api/satellite/detail'))
    expect(new Headers((call?.[1] as RequestInit | undefined)?.headers).get('x-portal-lang')).toBe('en-US')
  })
})
