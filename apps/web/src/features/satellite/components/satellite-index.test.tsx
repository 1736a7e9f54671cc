import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { render, screen, waitFor, within } from '../../../test/render'
import { envelope, GF1_FACTS, GF4_FACTS, LANDSAT_FACTS } from '../test/fixtures'
import { SatelliteSection } from './satellite-section'

const FACTS: Record<string, object> = { gf1: GF1_FACTS, gf4: GF4_FACTS, landsat: LANDSAT_FACTS }

interface Entry {
  slug: string
  nameZh: string
  nameEn: string
  country: string
  category: string
  status: string
  members: unknown[]
}

/** What GET /api/satellite/list answers for an entry (apps/server satellites.service). */
function summaryOf(facts: Entry) {
  const { slug, nameZh, nameEn, country, category, status, members } = facts
  return { slug, nameZh, nameEn, country, category, status, memberCount: members.length, trackedCount: 0 }
}

function renderIndex(section: 'chinese' | 'global') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const path = `satellite/${section}`
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
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://portal')
      if (url.pathname === '/api/satellite/list') return envelope([summaryOf(GF1_FACTS), summaryOf(GF4_FACTS), summaryOf(LANDSAT_FACTS)])
      const facts = FACTS[url.searchParams.get('slug') ?? '']
      if (url.pathname === '/api/satellite/detail' && facts) return envelope(facts)
      return envelope(null, 404, 404)
    }),
  )
})
afterEach(() => vi.unstubAllGlobals())

describe('satellite index', () => {
  it('shows a card per Chinese series with names, category, status, members, operator and best resolution', async () => {
    renderIndex('chinese')
    const card = await screen.findByTestId('satellite-card-gf1')
    expect(card.getAttribute('href')).toBe('/satellite/chinese/gf1')
    for (const text of ['高分一号卫星', '光学', '运行中', '1 颗']) expect(card.textContent).toContain(text)
    // no English subtitle under the Chinese name
    expect(card.textContent).not.toContain('GF-1 (GaoFen-1)')
    // operator and best resolution come with each series' facts
    await waitFor(() => expect(card.textContent).toContain('CNSA / CHEOS programme (Earth Observation System and Data Center)'))
    expect(card.textContent).toContain('2 m')
    await waitFor(() => expect(screen.getByTestId('satellite-card-gf4').textContent).toContain('50 m'))
    // every one of the 21 Chinese routes has a card; a series the list lacks says so
    expect(screen.getAllByTestId(/^satellite-card-/)).toHaveLength(21)
    expect(screen.getByTestId('satellite-card-th01').textContent).toContain('资料库中暂无该卫星')
  })

  it('groups the global series under optical, hyperspectral, radar, laser altimetry and gravity', async () => {
    renderIndex('global')
    const optical = await screen.findByTestId('satellite-group-optical')
    expect(within(optical).getByRole('heading').textContent).toBe('光学卫星')
    const landsat = within(optical).getByTestId('satellite-card-landsat')
    for (const text of ['陆地卫星（Landsat）', '3 颗']) expect(landsat.textContent).toContain(text)
    expect(landsat.textContent).not.toContain('Landsat 7/8/9')
    await waitFor(() => expect(landsat.textContent).toContain('NASA / USGS'))
    expect(landsat.textContent).toContain('15 m')
    const headings = ['hyperspectral', 'radar', 'laser', 'gravity'].map(
      (g) => within(screen.getByTestId(`satellite-group-${g}`)).getByRole('heading').textContent,
    )
    expect(headings).toEqual(['高光谱卫星', '雷达卫星', '激光测高卫星', '重力卫星'])
    expect(within(screen.getByTestId('satellite-group-gravity')).getByTestId('satellite-card-gracefo')).toBeTruthy()
  })

  it('lists every satellite of the section in the side navigation, global ones under their kind', async () => {
    renderIndex('global')
    const nav = await screen.findByTestId('satellite-side-nav')
    const links = [...nav.querySelectorAll('a')].map((a) => a.getAttribute('href'))
    expect(links).toHaveLength(23)
    expect(links[0]).toBe('/satellite/global')
    expect(links).toContain('/satellite/global/icesat2')
    for (const group of ['光学卫星', '高光谱卫星', '雷达卫星', '激光测高卫星', '重力卫星']) expect(nav.textContent).toContain(group)
  })

  it('says when the list cannot be loaded', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => envelope(null, 500, 500)),
    )
    renderIndex('chinese')
    expect((await screen.findByText('卫星列表加载失败')).textContent).toBe('卫星列表加载失败')
    expect(screen.getByTestId('satellite-side-nav').querySelectorAll('a')).toHaveLength(22)
  })
})
