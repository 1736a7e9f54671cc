import type { PlanDetail } from '@rs/shared'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { describe, expect, it, vi } from 'vitest'
import { fakeNotifier } from '../../../test/notifier'
import { fireEvent, render, screen, waitFor, within } from '../../../test/render'
import { type FakeCall, fakeApi, planDetail, planItem } from '../test/fixtures'
import { PlanReviewDrawer } from './plan-review-drawer'

vi.mock('../../../map/map-view', () => ({ default: () => <div data-testid="map-stub" /> }))

function show() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={client}>
      <PlanReviewDrawer id={7} onClose={() => undefined} tiandituKey="" />
    </QueryClientProvider>,
  )
}

const submitted = (extra: Partial<PlanDetail> = {}) =>
  planDetail({
    state: 'submitted',
    editable: false,
    events: ['accept', 'return'],
    submittedBy: 'neimenggu',
    submittedAt: '2040-01-05T02:00:00.000Z',
    list: [planItem(1), planItem(2)],
    ...extra,
  })

describe('PlanReviewDrawer', { timeout: 30_000 }, () => {
  const notifier = fakeNotifier()

  it('accepts one item and returns another with the reason it asks for', async () => {
    let plan = submitted()
    const review = (id: number, state: 'accepted' | 'returned', reason: string | null) => {
      plan = { ...plan, list: plan.list.map((i) => (i.id === id ? { ...i, state, returnReason: reason } : i)) }
      if (plan.list.every((i) => i.state !== 'pending')) plan = { ...plan, state: 'returned', events: [] }
      return plan
    }
    const api = fakeApi({
      'GET /api/plan-collaborative/plan': () => plan,
      'POST /api/plan-collaborative/items/review': ({ body }: FakeCall) => {
        const b = body as { id: number; decision: 'accept' | 'return'; reason?: string }
        return review(b.id, b.decision === 'accept' ? 'accepted' : 'returned', b.reason ?? null)
      },
    })
    vi.stubGlobal('fetch', api.fetchMock)
    show()
    const facts = await screen.findByTestId('plan-review-facts')
    expect(facts.textContent).toContain('neimenggu')
    const rowOf = (name: string) =>
      within(screen.getByTestId('plan-items'))
        .getAllByRole('row')
        .find((r) => r.textContent?.includes(name)) as HTMLElement

    fireEvent.click(within(rowOf('条目1')).getByTestId('item-accept'))
    fireEvent.click(await screen.findByTestId('item-accept-ok'))
    await waitFor(() => expect(within(rowOf('条目1')).getByTestId('item-state').textContent).toBe('已通过'))
    expect(api.callsTo('POST /api/plan-collaborative/items/review')[0]?.body).toEqual({ id: 1, decision: 'accept' })

    fireEvent.click(within(rowOf('条目2')).getByTestId('item-return'))
    const ok = await screen.findByTestId('item-return-ok')
    expect((ok as HTMLButtonElement).disabled).toBe(true)
    fireEvent.change(screen.getByTestId('item-return-reason'), { target: { value: '  与呼和浩特市规划重叠  ' } })
    expect((ok as HTMLButtonElement).disabled).toBe(false)
    fireEvent.click(ok)
    await waitFor(() => expect(screen.getByTestId('plan-state').textContent).toBe('退回修改'))
    expect(api.callsTo('POST /api/plan-collaborative/items/review')[1]?.body).toEqual({
      id: 2,
      decision: 'return',
      reason: '与呼和浩特市规划重叠',
    })
    expect(within(rowOf('条目2')).getByTestId('item-reason').textContent).toContain('与呼和浩特市规划重叠')
    expect(screen.queryByTestId('item-accept')).toBeNull()
  })

  it('offers no review of a plan the reviewer submitted', async () => {
    vi.stubGlobal('fetch', fakeApi({ 'GET /api/plan-collaborative/plan': submitted({ events: [] }) }).fetchMock)
    show()
    expect((await screen.findByTestId('plan-review-facts')).textContent).toContain('待审核')
    expect(screen.getByText('不能审核本人提交的规划')).toBeTruthy()
    expect(screen.queryByTestId('item-accept')).toBeNull()
  })

  it('publishes an accepted plan after the confirm', async () => {
    let plan = planDetail({ state: 'accepted', editable: false, events: ['publish'], list: [planItem(1, { state: 'accepted' })] })
    const api = fakeApi({
      'GET /api/plan-collaborative/plan': () => plan,
      'POST /api/plan-collaborative/plans/publish': () => {
        plan = { ...plan, state: 'published', events: [] }
        return plan
      },
    })
    vi.stubGlobal('fetch', api.fetchMock)
    show()
    fireEvent.click(await screen.findByTestId('plan-publish'))
    fireEvent.click(await screen.findByTestId('plan-publish-ok'))
    await waitFor(() => expect(screen.getByTestId('plan-state').textContent).toBe('已发布'))
    expect(api.callsTo('POST /api/plan-collaborative/plans/publish')[0]?.body).toEqual({ id: 7 })
    expect(notifier.success).toHaveBeenCalledWith('已发布 内蒙古自治区 的规划')
    expect(screen.queryByTestId('plan-publish')).toBeNull()
  })
})
