import type { OrderSummary } from '@rs/shared'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { describe, expect, it, vi } from 'vitest'
import { fakeNotifier } from '../../../test/notifier'
import { fireEvent, render, screen, waitFor, within } from '../../../test/render'
import { OrderList } from './order-list'

vi.mock('../../../map/map-view', () => ({ MapView: () => <div data-testid="map" /> }))

const order = (id: number, status: OrderSummary['status'], extra: Partial<OrderSummary> = {}): OrderSummary => ({
  id,
  status,
  sceneCount: 3,
  purpose: '耕地监测',
  project: `项目${id}`,
  createdAt: '2026-11-20T02:00:00.000Z',
  updatedAt: '2026-11-20T02:00:00.000Z',
  owner: 'neimenggu',
  progress: 0,
  rejectReason: null,
  expiresAt: null,
  ...extra,
})

const ok = (data: unknown) => new Response(JSON.stringify({ code: 0, message: 'success', data }), { status: 200 })

function fakeServer(list: OrderSummary[]) {
  const calls: Array<{ url: string; body: unknown }> = []
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input)
    const body = init?.body ? JSON.parse(String(init.body)) : undefined
    calls.push({ url, body })
    if (url.startsWith('/api/order/list') || url.startsWith('/api/order/review/list')) {
      const status = new URL(url, 'http://x').searchParams.get('status')
      const rows = status ? list.filter((o) => o.status === status) : list
      return ok({ list: rows, total: rows.length })
    }
    if (url.startsWith('/api/order/cancel') || url.startsWith('/api/order/review')) return ok(list[0])
    if (url.startsWith('/api/order/detail'))
      return ok({
        ...order(2, 'ready', { progress: 100, expiresAt: '2026-11-27T02:00:00.000Z' }),
        scenes: [],
        footprints: { type: 'FeatureCollection', features: [] },
        extractCode: 'ABC234',
        packageBytes: 2_097_152,
        events: ['completed', 'expired'],
      })
    return new Response(JSON.stringify({ code: 404, message: '', data: null }), { status: 404 })
  })
  return { fetchMock, calls }
}

function show(mode: 'mine' | 'review', currentUser?: string) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <OrderList mode={mode} currentUser={currentUser} />
    </QueryClientProvider>,
  )
}

describe('OrderList', () => {
  fakeNotifier()

  it('lists my orders with their Chinese state and Beijing time; only a pending one can be cancelled', async () => {
    const server = fakeServer([order(1, 'pending'), order(2, 'ready'), order(3, 'rejected', { rejectReason: '用途不明确' })])
    vi.stubGlobal('fetch', server.fetchMock)
    show('mine')
    const table = await screen.findByTestId('order-table')
    await waitFor(() =>
      expect(
        within(table)
          .getAllByTestId('order-status')
          .map((t) => t.textContent),
      ).toEqual(['待审核', '可下载', '已驳回']),
    )
    expect(table.textContent).toContain('2026-11-20 10:00:00')
    expect(within(table).getAllByTestId('order-cancel')).toHaveLength(1)
    expect(within(table).queryByTestId('order-approve')).toBeNull()
    fireEvent.click(within(table).getByTestId('order-cancel'))
    await waitFor(() => expect(document.querySelector('.ant-popconfirm .ant-btn-primary')).not.toBeNull())
    fireEvent.click(document.querySelector('.ant-popconfirm .ant-btn-primary') as HTMLElement)
    await waitFor(() => expect(server.calls.find((c) => c.url.startsWith('/api/order/cancel'))?.body).toEqual({ id: 1 }))
  })

  it('filters by status through the query', async () => {
    const server = fakeServer([order(1, 'pending'), order(2, 'ready')])
    vi.stubGlobal('fetch', server.fetchMock)
    show('mine')
    await screen.findAllByTestId('order-status')
    fireEvent.mouseDown(within(screen.getByTestId('order-filter-status')).getByRole('combobox'))
    fireEvent.click(await screen.findByTitle('可下载'))
    await waitFor(() => expect(server.calls.some((c) => c.url.includes('status=ready'))).toBe(true))
    await waitFor(() => expect(screen.getAllByTestId('order-status').map((t) => t.textContent)).toEqual(['可下载']))
  })

  it('shows the extraction code in the detail of a ready order', async () => {
    vi.stubGlobal('fetch', fakeServer([order(2, 'ready')]).fetchMock)
    show('mine')
    const [open] = await screen.findAllByTestId('order-open')
    fireEvent.click(open as HTMLElement)
    expect((await screen.findByTestId('order-extract-code')).textContent).toContain('ABC234')
    expect(screen.getByTestId('order-download')).toBeTruthy()
  })

  it('lets a reviewer approve, and reject only with a reason', async () => {
    const server = fakeServer([order(1, 'pending')])
    vi.stubGlobal('fetch', server.fetchMock)
    show('review')
    fireEvent.click(await screen.findByTestId('order-approve'))
    await waitFor(() => expect(server.calls.find((c) => c.url === '/api/order/review')?.body).toEqual({ id: 1, decision: 'approve' }))
    fireEvent.click(screen.getByTestId('order-reject'))
    expect((await screen.findByTestId('reject-ok')).hasAttribute('disabled')).toBe(true)
    fireEvent.change(screen.getByTestId('reject-reason'), { target: { value: '用途不明确' } })
    fireEvent.click(screen.getByTestId('reject-ok'))
    await waitFor(() =>
      expect(server.calls.filter((c) => c.url === '/api/order/review').at(-1)?.body).toEqual({
        id: 1,
        decision: 'reject',
        reason: '用途不明确',
      }),
    )
  })

  it('does not offer a reviewer the review of their own order', async () => {
    const server = fakeServer([order(1, 'pending', { owner: 'reviewer1' }), order(2, 'pending')])
    vi.stubGlobal('fetch', server.fetchMock)
    show('review', 'reviewer1')
    const [own, other] = await screen.findAllByTestId('order-approve')
    expect(own?.hasAttribute('disabled')).toBe(true)
    expect(own?.getAttribute('title')).toBe('不能审核本人提交的订单，请由其他审核员审核')
    expect(screen.getAllByTestId('order-reject')[0]?.hasAttribute('disabled')).toBe(true)
    fireEvent.click(own as HTMLElement)
    expect(other?.hasAttribute('disabled')).toBe(false)
    fireEvent.click(other as HTMLElement)
    await waitFor(() =>
      expect(server.calls.filter((c) => c.url === '/api/order/review').map((c) => c.body)).toEqual([{ id: 2, decision: 'approve' }]),
    )
  })
})
