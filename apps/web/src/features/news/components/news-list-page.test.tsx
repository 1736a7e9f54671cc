import { afterEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor, within } from '../../../test/render'
import { buildArticle, ok, renderNews, SERIES, stubApi } from '../test/news-fixtures'
import { NewsArticlePage } from './news-article-page'
import { NewsListPage } from './news-list-page'

const ITEMS = [
  buildArticle({ id: 7 }),
  buildArticle({
    id: 6,
    title: '资源三号数据更新',
    summary: '覆盖全国',
    date: '2026-04-12',
    source: '自然资源部',
    satelliteSlug: null,
    coverUrl: null,
  }),
]
const list = (total = ITEMS.length) => ok({ total, items: ITEMS.map(({ body: _, ...item }) => item) })

function renderList(at: string, canEdit = false) {
  return renderNews({ list: <NewsListPage canEdit={canEdit} />, article: <NewsArticlePage canEdit={canEdit} /> }, at)
}

describe('NewsListPage', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('lists articles with date, title, source, summary, cover and satellite', async () => {
    stubApi({ 'GET /api/news/list': () => list(), 'GET /api/satellite/list': () => ok(SERIES) })
    renderList('/satellite/news')
    const first = await screen.findByTestId('news-item-7')
    expect(within(first).getByRole('link', { name: '高分七号获取首批立体影像' }).getAttribute('href')).toBe('/satellite/news/7')
    expect(first.textContent).toContain('2026-05-01')
    expect(first.textContent).toContain('来源：国家航天局')
    expect(first.textContent).toContain('高分七号卫星获取首批亚米级立体影像。')
    expect(first.querySelector('img')?.getAttribute('src')).toBe('/api/news/cover?id=7')
    expect(await within(first).findByText('高分七号')).toBeTruthy()
    const second = screen.getByTestId('news-item-6')
    expect(second.querySelector('img')).toBeNull()
  })

  it('searches by keyword through the URL and sends it to the server', async () => {
    const calls = stubApi({ 'GET /api/news/list': () => list(), 'GET /api/satellite/list': () => ok(SERIES) })
    const { router } = renderList('/satellite/news?page=2')
    await screen.findByTestId('news-item-7')
    const input = within(screen.getByTestId('news-search')).getByRole('searchbox')
    fireEvent.change(input, { target: { value: ' 立体 ' } })
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 })
    await waitFor(() => expect(router.state.location.search).toBe('?keyword=%E7%AB%8B%E4%BD%93'))
    await waitFor(() => expect(calls.some((c) => c.url === '/api/news/list?page=1&pageSize=10&keyword=%E7%AB%8B%E4%BD%93')).toBe(true))
    expect(screen.getByTestId('news-filter-keyword').textContent).toContain('关键词：立体')
  })

  it('filters by the satellite of the URL, shows it as a removable tag, and drops it when closed', async () => {
    const calls = stubApi({ 'GET /api/news/list': () => list(), 'GET /api/satellite/list': () => ok(SERIES) })
    const { router } = renderList('/satellite/news?satellite=gf7')
    const tag = await screen.findByTestId('news-filter-satellite')
    await waitFor(() => expect(tag.textContent).toContain('卫星：高分七号'))
    expect(calls.some((c) => c.url === '/api/news/list?page=1&pageSize=10&satelliteSlug=gf7')).toBe(true)
    fireEvent.click(within(tag).getByRole('button', { name: /close/i }))
    await waitFor(() => expect(router.state.location.search).toBe(''))
    expect(screen.queryByTestId('news-filter-satellite')).toBeNull()
  })

  it('pages through the server total', async () => {
    const calls = stubApi({ 'GET /api/news/list': () => list(35), 'GET /api/satellite/list': () => ok(SERIES) })
    const { router } = renderList('/satellite/news')
    await screen.findByTestId('news-item-7')
    expect(screen.getByText('共 35 条')).toBeTruthy()
    fireEvent.click(screen.getByTitle('3'))
    await waitFor(() => expect(router.state.location.search).toBe('?page=3'))
    await waitFor(() => expect(calls.some((c) => c.url === '/api/news/list?page=3&pageSize=10')).toBe(true))
  })

  it('says when nothing matches the filters', async () => {
    stubApi({ 'GET /api/news/list': () => ok({ total: 0, items: [] }), 'GET /api/satellite/list': () => ok(SERIES) })
    renderList('/satellite/news?keyword=none')
    expect((await screen.findByTestId('news-empty')).textContent).toContain('没有符合条件的新闻')
  })

  it('shows no add, edit or delete buttons to a visitor or plain user', async () => {
    stubApi({ 'GET /api/news/list': () => list(), 'GET /api/satellite/list': () => ok(SERIES) })
    renderList('/satellite/news', false)
    await screen.findByTestId('news-item-7')
    expect(screen.queryByTestId('news-add')).toBeNull()
    expect(screen.queryByText('编 辑')).toBeNull()
    expect(screen.queryByTestId('news-edit-7')).toBeNull()
    expect(screen.queryByTestId('news-delete-7')).toBeNull()
  })

  it('gives a content editor add, edit and delete, and deletes after confirmation', async () => {
    let deleted = false
    const calls = stubApi({
      'GET /api/news/list': () => (deleted ? ok({ total: 1, items: [ITEMS[1]] }) : list()),
      'GET /api/satellite/list': () => ok(SERIES),
      'POST /api/news/delete': () => {
        deleted = true
        return ok({ id: 7 })
      },
    })
    renderList('/satellite/news', true)
    await screen.findByTestId('news-item-7')
    expect(screen.getByTestId('news-add')).toBeTruthy()
    expect(screen.getByTestId('news-edit-6')).toBeTruthy()
    fireEvent.click(screen.getByTestId('news-delete-7'))
    expect(await screen.findByText('删除这条新闻？')).toBeTruthy()
    expect(calls.some((c) => c.method === 'POST')).toBe(false)
    const popup = screen.getByText('删除这条新闻？').closest('.ant-popover') as HTMLElement
    fireEvent.click(within(popup).getByRole('button', { name: /删\s*除/ }))
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ id: 7 }))
    await waitFor(() => expect(screen.queryByTestId('news-item-7')).toBeNull())
  })
})
