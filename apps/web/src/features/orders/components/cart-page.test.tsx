import type { OrderScene } from '@rs/shared'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { describe, expect, it, vi } from 'vitest'
import { fakeNotifier } from '../../../test/notifier'
import { fireEvent, render, screen, waitFor, within } from '../../../test/render'
import { CartPage } from './cart-page'

const scene = (id: string, available = true): OrderScene => ({
  id,
  available,
  satellite: available ? 'GF2' : null,
  sensor: available ? 'PMS1' : null,
  acquiredAt: available ? '2026-06-01T03:00:00.000Z' : null,
  cloudPercent: available ? 12.5 : null,
  resolutionM: available ? 0.8 : null,
  illustrative: available,
})

const ok = (data: unknown) => new Response(JSON.stringify({ code: 0, message: 'success', data }), { status: 200 })

function fakeServer(items: OrderScene[]) {
  const calls: Array<{ url: string; body: unknown }> = []
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input)
    const body = init?.body ? JSON.parse(String(init.body)) : undefined
    calls.push({ url, body })
    if (url.startsWith('/api/ordercart/list')) return ok({ items, max: 1000 })
    if (url.startsWith('/api/ordercart/remove')) {
      const ids = (body as { sceneIds: string[] }).sceneIds
      items = items.filter((s) => !ids.includes(s.id))
      return ok({ removed: ids.length, count: items.length })
    }
    if (url.startsWith('/api/order/submit')) return ok({ id: 7, status: 'pending' })
    if (url.startsWith('/api/ordercart/count')) return ok(items.length)
    return new Response(JSON.stringify({ code: 404, message: '', data: null }), { status: 404 })
  })
  return { fetchMock, calls }
}

function show() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <CartPage myOrdersPath="/personal/personalCenter/myOrder" />
    </QueryClientProvider>,
  )
}

describe('CartPage', () => {
  const notifier = fakeNotifier()

  it('lists the scenes with satellite, Beijing time and cloud, and marks a scene that left the archive', async () => {
    vi.stubGlobal('fetch', fakeServer([scene('S1'), scene('GONE', false)]).fetchMock)
    show()
    const table = await screen.findByTestId('cart-table')
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3))
    expect(table.textContent).toContain('GF2')
    expect(table.textContent).toContain('2026-06-01 11:00:00')
    expect(table.textContent).toContain('12.5%')
    expect(table.textContent).toContain('影像已不存在')
  })

  it('shows the empty cart with a way to the image query', async () => {
    vi.stubGlobal('fetch', fakeServer([]).fetchMock)
    show()
    expect(await screen.findByText('购物车是空的，请到影像查询中添加影像')).toBeTruthy()
  })

  it('removes a scene', async () => {
    const server = fakeServer([scene('S1'), scene('S2')])
    vi.stubGlobal('fetch', server.fetchMock)
    show()
    const buttons = await screen.findAllByTestId('cart-remove')
    fireEvent.click(buttons[0] as HTMLElement)
    await waitFor(() => expect(server.calls.some((c) => c.url.startsWith('/api/ordercart/remove'))).toBe(true))
    expect(server.calls.find((c) => c.url.startsWith('/api/ordercart/remove'))?.body).toEqual({ sceneIds: ['S1'] })
    await waitFor(() => expect(notifier.success).toHaveBeenCalledWith('已移除1景'))
  })

  it('submits the selected scenes only with project, purpose and the accepted terms', async () => {
    const server = fakeServer([scene('S1'), scene('S2')])
    vi.stubGlobal('fetch', server.fetchMock)
    show()
    const table = await screen.findByTestId('cart-table')
    await waitFor(() => expect(within(table).getAllByRole('checkbox').length).toBe(3))
    fireEvent.click(within(table).getAllByRole('checkbox')[1] as HTMLElement)
    expect(screen.getByTestId('cart-selected').textContent).toBe('已选1景')
    fireEvent.click(screen.getByTestId('cart-submit'))
    fireEvent.change(await screen.findByTestId('order-project'), { target: { value: '变更调查' } })
    fireEvent.change(screen.getByTestId('order-purpose'), { target: { value: '耕地监测' } })
    fireEvent.click(screen.getByTestId('order-form-ok'))
    expect(await screen.findByText('请阅读并同意数据使用协议')).toBeTruthy()
    expect(server.calls.some((c) => c.url.startsWith('/api/order/submit'))).toBe(false)
    fireEvent.click(screen.getByTestId('order-terms'))
    fireEvent.click(screen.getByTestId('order-form-ok'))
    await waitFor(() => expect(server.calls.some((c) => c.url.startsWith('/api/order/submit'))).toBe(true))
    expect(server.calls.find((c) => c.url.startsWith('/api/order/submit'))?.body).toEqual({
      sceneIds: ['S1'],
      purpose: '耕地监测',
      project: '变更调查',
      acceptTerms: true,
    })
  })
})
