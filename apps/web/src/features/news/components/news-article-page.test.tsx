import { afterEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor, within } from '../../../test/render'
import { buildArticle, ok, refuse, renderNews, SERIES, stubApi } from '../test/news-fixtures'
import { NewsArticlePage, parseArticleId } from './news-article-page'
import { NewsListPage } from './news-list-page'

function renderArticle(at: string, canEdit = false) {
  return renderNews({ list: <NewsListPage canEdit={canEdit} />, article: <NewsArticlePage canEdit={canEdit} /> }, at)
}

describe('NewsArticlePage', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('shows title, date, source, satellite link, cover and the body paragraphs', async () => {
    const calls = stubApi({ 'GET /api/news/detail': () => ok(buildArticle()), 'GET /api/satellite/list': () => ok(SERIES) })
    renderArticle('/satellite/news/7')
    const article = await screen.findByTestId('news-article')
    expect(within(article).getByRole('heading', { level: 1 }).textContent).toBe('高分七号获取首批立体影像')
    expect(article.textContent).toContain('发布日期：2026-05-01')
    expect(article.textContent).toContain('来源：国家航天局')
    const satellite = screen.getByTestId('news-article-satellite')
    expect(satellite.getAttribute('href')).toBe('/satellite/chinese/gf7')
    await waitFor(() => expect(satellite.textContent).toBe('高分七号'))
    expect(article.querySelector('figure img')?.getAttribute('src')).toBe('/api/news/cover?id=7')
    const paragraphs = screen.getByTestId('news-article-body').querySelectorAll('p')
    expect([...paragraphs].map((p) => p.textContent)).toEqual(['第一段正文。', '第二段正文。'])
    expect(screen.getByRole('link', { name: /返回新闻列表/ }).getAttribute('href')).toBe('/satellite/news')
    expect(screen.getByRole('link', { name: /更多“高分七号”新闻/ }).getAttribute('href')).toBe('/satellite/news?satellite=gf7')
    expect(calls[0]?.url).toBe('/api/news/detail?id=7')
  })

  it('links the newer and the older article, and shows no neighbours block without them', async () => {
    stubApi({
      'GET /api/news/detail': () => ok(buildArticle({ newer: { id: 9, title: '较新的新闻' }, older: { id: 3, title: '较早的新闻' } })),
      'GET /api/satellite/list': () => ok(SERIES),
    })
    renderArticle('/satellite/news/7')
    const neighbours = await screen.findByTestId('news-neighbours')
    expect(within(neighbours).getByRole('link', { name: '上一篇：较新的新闻' }).getAttribute('href')).toBe('/satellite/news/9')
    expect(within(neighbours).getByRole('link', { name: '下一篇：较早的新闻' }).getAttribute('href')).toBe('/satellite/news/3')
  })

  it('shows a body with markup as text, never as HTML', async () => {
    const body = '导语<b>加粗</b>\n\n<script>window.hacked = true</script><img src=x onerror="window.hacked = true">'
    stubApi({ 'GET /api/news/detail': () => ok(buildArticle({ body })), 'GET /api/satellite/list': () => ok(SERIES) })
    renderArticle('/satellite/news/7')
    const shown = await screen.findByTestId('news-article-body')
    expect(shown.querySelector('script')).toBeNull()
    expect(shown.querySelector('b')).toBeNull()
    expect(shown.querySelector('img')).toBeNull()
    const paragraphs = [...shown.querySelectorAll('p')].map((p) => p.textContent)
    expect(paragraphs).toEqual(['导语<b>加粗</b>', '<script>window.hacked = true</script><img src=x onerror="window.hacked = true">'])
    expect((window as { hacked?: boolean }).hacked).toBeUndefined()
  })

  it('answers an unknown id with a 404 result and a way back to the list', async () => {
    stubApi({ 'GET /api/news/detail': () => refuse(404, '新闻不存在'), 'GET /api/satellite/list': () => ok(SERIES) })
    renderArticle('/satellite/news/999')
    const result = await screen.findByTestId('news-not-found')
    expect(result.textContent).toContain('新闻不存在')
    expect(within(result).getByRole('link').getAttribute('href')).toBe('/satellite/news')
  })

  it('answers an id that cannot be one with the 404 result without asking the server', async () => {
    const calls = stubApi({ 'GET /api/satellite/list': () => ok(SERIES) })
    renderArticle('/satellite/news/abc')
    expect(await screen.findByTestId('news-not-found')).toBeTruthy()
    expect(calls.some((c) => c.url.startsWith('/api/news/detail'))).toBe(false)
    expect(parseArticleId('0')).toBeUndefined()
    expect(parseArticleId('12')).toBe(12)
  })

  it('lets a content editor delete the article after confirming, then shows the list', async () => {
    const calls = stubApi({
      'GET /api/news/detail': () => ok(buildArticle()),
      'GET /api/news/list': () => ok({ total: 0, items: [] }),
      'GET /api/satellite/list': () => ok(SERIES),
      'POST /api/news/delete': () => ok({ id: 7 }),
    })
    const { router } = renderArticle('/satellite/news/7', true)
    fireEvent.click(await screen.findByTestId('news-delete-7'))
    const popup = (await screen.findByText('删除这条新闻？')).closest('.ant-popover') as HTMLElement
    expect(popup.textContent).toContain('“高分七号获取首批立体影像”将被删除')
    fireEvent.click(within(popup).getByRole('button', { name: /删\s*除/ }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/satellite/news'))
    expect(calls.find((c) => c.method === 'POST')).toEqual({ method: 'POST', url: '/api/news/delete', body: { id: 7 } })
  })

  it('shows no edit buttons without the content-editor permission', async () => {
    stubApi({ 'GET /api/news/detail': () => ok(buildArticle()), 'GET /api/satellite/list': () => ok(SERIES) })
    renderArticle('/satellite/news/7', false)
    await screen.findByTestId('news-article')
    expect(screen.queryByTestId('news-edit-7')).toBeNull()
    expect(screen.queryByTestId('news-delete-7')).toBeNull()
  })
})
