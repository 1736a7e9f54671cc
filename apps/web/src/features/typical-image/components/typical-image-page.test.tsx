import { TYPICAL_IMAGE_KEYS, type TypicalImage } from '@rs/shared'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { setNotifier } from '../../../lib/notify'
import { fireEvent, render, screen, waitFor, within } from '../../../test/render'
import { TypicalImagePage } from './typical-image-page'

const SATELLITES: Record<string, [string, string]> = {
  zy3: ['zy3', '资源三号'],
  gf1: ['gf1', '高分一号'],
  gf2: ['gf2', '高分二号'],
  gf4: ['gf4', '高分四号'],
  gf7: ['gf7', '高分七号'],
  lsar: ['lsar', '陆地探测一号'],
}

function buildImage(key: (typeof TYPICAL_IMAGE_KEYS)[number], overrides: Partial<TypicalImage> = {}): TypicalImage {
  const [slug, satellite] = SATELLITES[key.split('-')[0] as string] ?? ['gf1', '高分一号']
  return {
    key,
    slug,
    satellite,
    sensor: `${key} 相机`,
    title: `${satellite} ${key} 样例`,
    shows: `${key} 影像内容`,
    howTaken: `${key} 成像方式`,
    imageUrl: `/api/satellite/typical-images/image?key=${key}&v=1`,
    illustration: true,
    credit: null,
    updatedAt: '2026-05-01T00:00:00Z',
    ...overrides,
  }
}

const ok = (data: unknown) => new Response(JSON.stringify({ code: 0, message: 'success', data }), { status: 200 })
const notifier = { success: vi.fn(), warning: vi.fn(), error: vi.fn() }

function stubApi(images: TypicalImage[], extra: Record<string, () => Response> = {}) {
  const calls: Array<{ method: string; url: string; body: unknown }> = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input)
      const method = init?.method ?? 'GET'
      calls.push({ method, url, body: init?.body ?? null })
      const handler = extra[`${method} ${url.split('?')[0]}`]
      if (handler) return handler()
      if (method === 'GET' && url === '/api/satellite/typical-images') return ok(images)
      return new Response(JSON.stringify({ code: 404, message: '', data: null }), { status: 404 })
    }),
  )
  return calls
}

function renderPage(canEdit: boolean, measure = async () => ({ width: 4000, height: 3000 })) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/satellite/image']}>
        <TypicalImagePage canEdit={canEdit} measure={measure} />
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

const ALL = TYPICAL_IMAGE_KEYS.map((key) => buildImage(key))

describe('TypicalImagePage', { timeout: 30_000 }, () => {
  beforeEach(() => setNotifier(notifier))
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.clearAllMocks()
    setNotifier(null)
  })

  it('shows the twelve samples grouped by satellite, in page order, each with what it shows and how it was taken', async () => {
    stubApi([...ALL].reverse())
    renderPage(false)
    const headings = await screen.findAllByRole('heading', { level: 2 })
    expect(headings.map((h) => h.firstChild?.textContent)).toEqual([
      '资源三号',
      '高分一号',
      '高分二号',
      '高分四号',
      '高分七号',
      '陆地探测一号',
    ])
    expect(headings[0]?.textContent).toContain('4 个样例')
    for (const key of TYPICAL_IMAGE_KEYS) expect(screen.getByTestId(`typical-${key}`)).toBeTruthy()
    const card = screen.getByTestId('typical-gf7-fwd')
    expect(card.textContent).toContain('gf7-fwd 影像内容')
    expect(card.textContent).toContain('gf7-fwd 成像方式')
    expect(card.textContent).toContain('载荷：gf7-fwd 相机')
    expect(card.querySelector('img.ant-image-img')?.getAttribute('src')).toBe('/api/satellite/typical-images/image?key=gf7-fwd&v=1')
    expect(
      within(card)
        .getByRole('link', { name: /查看高分七号介绍/ })
        .getAttribute('href'),
    ).toBe('/satellite/chinese/gf7')
  })

  it('marks every illustration on its card and on the page', async () => {
    stubApi(ALL)
    renderPage(false)
    expect((await screen.findByTestId('typical-page-note')).textContent).toContain('并非卫星实拍影像')
    const notices = screen.getAllByTestId('typical-illustration-notice')
    expect(notices).toHaveLength(12)
    expect(notices[0]?.textContent).toBe('示意图：本站暂无可公开发布的真实影像，图为根据卫星参数绘制的成像方式示意')
    expect(within(screen.getByTestId('typical-gf2')).getAllByText('示意图').length).toBeGreaterThan(0)
  })

  it('shows the credit of a real image and no illustration notice on it; no page note once none is left', async () => {
    stubApi(ALL.map((image) => ({ ...image, illustration: false, credit: '中国资源卫星应用中心' })))
    renderPage(false)
    const card = await screen.findByTestId('typical-gf1')
    expect(within(card).getByTestId('typical-credit').textContent).toBe('影像来源：中国资源卫星应用中心')
    expect(within(card).queryByTestId('typical-illustration-notice')).toBeNull()
    expect(within(card).getByText('真实影像')).toBeTruthy()
    expect(screen.queryByTestId('typical-page-note')).toBeNull()
  })

  it('shows no replace or restore buttons without the content-editor permission', async () => {
    stubApi(ALL.map((image, i) => (i === 0 ? { ...image, illustration: false, credit: '来源' } : image)))
    renderPage(false)
    await screen.findByTestId('typical-zy3-mux')
    expect(screen.queryByText('替换为真实影像')).toBeNull()
    expect(screen.queryByText('恢复示意图')).toBeNull()
  })

  it('gives an editor 替换为真实影像 on each illustration and 恢复示意图 on a real image', async () => {
    const calls = stubApi(
      ALL.map((image, i) => (i === 0 ? { ...image, illustration: false, credit: '来源' } : image)),
      { 'DELETE /api/satellite/typical-images/image': () => ok(buildImage('zy3-mux')) },
    )
    renderPage(true)
    await screen.findByTestId('typical-zy3-mux')
    expect(screen.getAllByText('替换为真实影像')).toHaveLength(11)
    expect(screen.getByTestId('typical-replace-zy3-mux').textContent).toBe('更换影像')
    expect(screen.queryByTestId('typical-restore-gf1')).toBeNull()
    fireEvent.click(screen.getByTestId('typical-restore-zy3-mux'))
    const popup = (await screen.findByText('恢复为示意图？')).closest('.ant-popover') as HTMLElement
    fireEvent.click(within(popup).getByRole('button', { name: /恢\s*复/ }))
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true))
    expect(calls.find((c) => c.method === 'DELETE')?.url).toBe('/api/satellite/typical-images/image?key=zy3-mux')
    await waitFor(() => expect(notifier.success).toHaveBeenCalledWith('已恢复为示意图'))
  })

  it('checks the replacement file before sending and sends it with its credit', async () => {
    const calls = stubApi(ALL, {
      'POST /api/satellite/typical-images/image': () => ok(buildImage('gf2', { illustration: false, credit: '中国资源卫星应用中心' })),
    })
    let side = 9000
    renderPage(true, async () => ({ width: side, height: 600 }))
    fireEvent.click(await screen.findByTestId('typical-replace-gf2'))
    const dialog = await screen.findByTestId('typical-replace-dialog', {}, { timeout: 15_000 })
    const fileInput = () => dialog.querySelector('input[type="file"]') as HTMLInputElement

    fireEvent.change(fileInput(), { target: { files: [new File(['x'], 'scene.tif', { type: 'image/tiff' })] } })
    expect(await within(dialog).findByText('“scene.tif”不是 PNG、JPEG 或 WebP 图片')).toBeTruthy()
    fireEvent.change(fileInput(), { target: { files: [new File([new Uint8Array(9 * 1024 * 1024)], 'big.jpg', { type: 'image/jpeg' })] } })
    expect(await within(dialog).findByText('影像“big.jpg”为 9 MB，超过 8 MB')).toBeTruthy()
    fireEvent.change(fileInput(), { target: { files: [new File(['x'], 'wide.png', { type: 'image/png' })] } })
    expect(await within(dialog).findByText('影像为 9000 × 600 像素，长宽均不能超过 8000 像素')).toBeTruthy()

    const submit = () => fireEvent.click(screen.getByRole('button', { name: /上传并替换/ }))
    submit()
    expect(await within(dialog).findByText('请填写影像来源')).toBeTruthy()
    expect(calls.some((c) => c.method === 'POST')).toBe(false)

    side = 4000
    fireEvent.change(fileInput(), { target: { files: [new File(['x'], 'real.png', { type: 'image/png' })] } })
    expect((await within(dialog).findByTestId('typical-replace-chosen')).textContent).toContain('real.png')
    fireEvent.change(within(dialog).getByTestId('typical-replace-credit'), { target: { value: ' 中国资源卫星应用中心 ' } })
    submit()
    await waitFor(() => expect(notifier.success).toHaveBeenCalledWith('已替换为真实影像'))
    const post = calls.find((c) => c.method === 'POST')
    expect(post?.url).toBe('/api/satellite/typical-images/image?key=gf2')
    const form = post?.body as FormData
    expect(form.get('credit')).toBe('中国资源卫星应用中心')
    expect((form.get('file') as File).name).toBe('real.png')
  })
})
