import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { setNotifier } from '../../../lib/notify'
import { fireEvent, screen, waitFor, within } from '../../../test/render'
import { buildArticle, ok, refuse, renderNews, SERIES, stubApi } from '../test/news-fixtures'
import { NewsArticlePage } from './news-article-page'
import { NewsListPage } from './news-list-page'

const notifier = { success: vi.fn(), warning: vi.fn(), error: vi.fn() }

function field(testId: string): HTMLInputElement | HTMLTextAreaElement {
  const node = screen.getByTestId(testId)
  return (node.matches('input, textarea') ? node : node.querySelector('input, textarea')) as HTMLInputElement
}

function fill(testId: string, value: string) {
  fireEvent.change(field(testId), { target: { value } })
}

async function openAddEditor() {
  fireEvent.click(await screen.findByTestId('news-add'))
  return screen.findByTestId('news-editor', {}, { timeout: 15_000 })
}

function renderEditorPage(at = '/satellite/news') {
  return renderNews({ list: <NewsListPage canEdit />, article: <NewsArticlePage canEdit /> }, at)
}

// antd's drawer, form and date picker are slow in jsdom on a shared machine
describe('NewsEditor', { timeout: 30_000 }, () => {
  beforeEach(() => setNotifier(notifier))
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.clearAllMocks()
    setNotifier(null)
  })

  it('asks for every required field and sends nothing', async () => {
    const calls = stubApi({ 'GET /api/news/list': () => ok({ total: 0, items: [] }), 'GET /api/satellite/list': () => ok(SERIES) })
    renderEditorPage()
    await openAddEditor()
    fill('news-field-title', '   ')
    fireEvent.click(screen.getByTestId('news-editor-save'))
    expect(await screen.findByText('请填写新闻标题')).toBeTruthy()
    expect(await screen.findByText('请填写新闻来源')).toBeTruthy()
    expect(await screen.findByText('请填写新闻摘要')).toBeTruthy()
    expect(await screen.findByText('请填写新闻正文')).toBeTruthy()
    expect(calls.some((c) => c.method === 'POST')).toBe(false)
  })

  it('checks the server limits before sending', async () => {
    const calls = stubApi({ 'GET /api/news/list': () => ok({ total: 0, items: [] }), 'GET /api/satellite/list': () => ok(SERIES) })
    renderEditorPage()
    await openAddEditor()
    fill('news-field-title', '题'.repeat(101))
    fill('news-field-source', '源'.repeat(101))
    fill('news-field-summary', '要'.repeat(301))
    fill('news-field-body', '正文')
    fireEvent.click(screen.getByTestId('news-editor-save'))
    expect(await screen.findByText('标题最多 100 个字符')).toBeTruthy()
    expect(await screen.findByText('来源最多 100 个字符')).toBeTruthy()
    expect(await screen.findByText('摘要最多 300 个字符')).toBeTruthy()
    expect(calls.some((c) => c.method === 'POST')).toBe(false)
  })

  it('refuses a cover of the wrong type or size before sending', async () => {
    stubApi({ 'GET /api/news/list': () => ok({ total: 0, items: [] }), 'GET /api/satellite/list': () => ok(SERIES) })
    renderEditorPage()
    const editor = await openAddEditor()
    const fileInput = () => editor.querySelector('input[type="file"]') as HTMLInputElement
    const big = new File([new Uint8Array(3 * 1024 * 1024)], 'big.png', { type: 'image/png' })
    fireEvent.change(fileInput(), { target: { files: [big] } })
    expect((await screen.findByTestId('news-cover-error')).textContent).toContain('图片“big.png”为 3 MB，超过 2 MB')
    const gif = new File(['GIF89a'], 'a.gif', { type: 'image/gif' })
    fireEvent.change(fileInput(), { target: { files: [gif] } })
    await waitFor(() => expect(screen.getByTestId('news-cover-error').textContent).toContain('“a.gif”不是 PNG、JPEG 或 WebP 图片'))
    expect(screen.queryByTestId('news-cover-chosen')).toBeNull()
  })

  it('creates an article with trimmed fields and the chosen date, uploads the cover and refreshes the list', async () => {
    let created = false
    const calls = stubApi({
      'GET /api/news/list': () =>
        ok(created ? { total: 1, items: [{ ...buildArticle({ id: 9, title: '新文章' }), body: undefined }] } : { total: 0, items: [] }),
      'GET /api/satellite/list': () => ok(SERIES),
      'POST /api/news/create': (_, body) => {
        created = true
        return ok(buildArticle({ ...(body as object), id: 9 }))
      },
      'POST /api/news/cover': () => ok(buildArticle({ id: 9, title: '新文章' })),
    })
    renderEditorPage()
    const editor = await openAddEditor()
    fill('news-field-title', '  新文章  ')
    fill('news-field-source', '国家航天局')
    fill('news-field-summary', '摘要')
    fill('news-field-body', '第一段\n\n第二段')
    const png = new File([new Uint8Array([137, 80, 78, 71])], 'cover.png', { type: 'image/png' })
    fireEvent.change(editor.querySelector('input[type="file"]') as HTMLInputElement, { target: { files: [png] } })
    expect((await screen.findByTestId('news-cover-chosen')).textContent).toContain('cover.png')
    fireEvent.click(screen.getByTestId('news-editor-save'))
    await waitFor(() => expect(notifier.success).toHaveBeenCalledWith('新闻已发布'))
    const create = calls.find((c) => c.url === '/api/news/create')
    expect(create?.body).toMatchObject({
      title: '新文章',
      source: '国家航天局',
      summary: '摘要',
      body: '第一段\n\n第二段',
      satelliteSlug: null,
    })
    expect((create?.body as { date?: string } | undefined)?.date).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    const cover = calls.find((c) => c.url.startsWith('/api/news/cover'))
    expect(cover?.url).toBe('/api/news/cover?id=9')
    expect(cover?.body).toBeInstanceOf(FormData)
    expect(await screen.findByTestId('news-item-9')).toBeTruthy()
  })

  it("shows the server's Chinese message on a refusal and keeps the drawer open", async () => {
    stubApi({
      'GET /api/news/list': () => ok({ total: 0, items: [] }),
      'GET /api/satellite/list': () => ok(SERIES),
      'POST /api/news/create': () => refuse(400, '请求参数有误：未知的卫星'),
    })
    renderEditorPage()
    await openAddEditor()
    fill('news-field-title', '标题')
    fill('news-field-source', '来源')
    fill('news-field-summary', '摘要')
    fill('news-field-body', '正文')
    fireEvent.click(screen.getByTestId('news-editor-save'))
    expect((await screen.findByTestId('news-editor-error')).textContent).toContain('请求参数有误：未知的卫星')
    expect(screen.getByTestId('news-editor')).toBeTruthy()
  })

  it('fills the form from the article for editing and sends the id with the changes', async () => {
    const calls = stubApi({
      'GET /api/news/detail': () => ok(buildArticle()),
      'GET /api/satellite/list': () => ok(SERIES),
      'POST /api/news/update': (_, body) => ok(buildArticle(body as object)),
    })
    renderEditorPage('/satellite/news/7')
    fireEvent.click(await screen.findByTestId('news-edit-7'))
    const editor = await screen.findByTestId('news-editor', {}, { timeout: 15_000 })
    await waitFor(() => expect(field('news-field-title').value).toBe('高分七号获取首批立体影像'))
    expect(within(editor.closest('.ant-drawer') as HTMLElement).getByText('编辑新闻')).toBeTruthy()
    fill('news-field-title', '高分七号获取首批立体影像（更新）')
    fireEvent.click(screen.getByTestId('news-editor-save'))
    await waitFor(() => expect(notifier.success).toHaveBeenCalledWith('新闻已保存'))
    expect(calls.find((c) => c.url === '/api/news/update')?.body).toEqual({
      id: 7,
      title: '高分七号获取首批立体影像（更新）',
      date: '2026-05-01',
      source: '国家航天局',
      satelliteSlug: 'gf7',
      summary: '高分七号卫星获取首批亚米级立体影像。',
      body: '第一段正文。\n\n第二段正文。',
    })
  })
})
