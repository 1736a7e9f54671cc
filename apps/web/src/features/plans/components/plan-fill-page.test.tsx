import type { PlanDetail } from '@rs/shared'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeNotifier } from '../../../test/notifier'
import { fireEvent, render, screen, waitFor, within } from '../../../test/render'
import { usePlanFillStore } from '../state/plan-fill-store'
import { fakeApi, planDetail, planItem, planYear, testSlots } from '../test/fixtures'
import { PlanFillPage } from './plan-fill-page'

vi.mock('../../../map/map-view', () => ({ default: () => <div data-testid="map-stub" /> }))

function show(units: string[] = ['150000']) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <MemoryRouter initialEntries={['/chinese/ministryProvince/planFill']}>
      <QueryClientProvider client={client}>
        <PlanFillPage units={units} slots={testSlots} tiandituKey="" />
      </QueryClientProvider>
    </MemoryRouter>,
  )
}

/** The fake API of one unit's plan of 2040; `plan` null until it is started. */
function unitApi(initial: PlanDetail | null) {
  let plan = initial
  const api = fakeApi({
    'GET /api/plan-collaborative/years': [planYear()],
    'GET /api/plan-collaborative/plans': () => ({ total: plan ? 1 : 0, list: plan ? [plan] : [] }),
    'GET /api/plan-collaborative/plan': () => plan,
    'POST /api/plan-collaborative/plans': () => {
      plan = planDetail({ list: [] })
      return plan
    },
    'POST /api/plan-collaborative/plans/submit': () => {
      plan = planDetail({ ...(plan as PlanDetail), state: 'submitted', editable: false, events: [] })
      return plan
    },
  })
  vi.stubGlobal('fetch', api.fetchMock)
  return api
}

// antd tables and drawers render slowly in jsdom on a busy machine
describe('PlanFillPage', { timeout: 30_000 }, () => {
  const notifier = fakeNotifier()
  afterEach(() => {
    usePlanFillStore.setState({ year: undefined, unitRegion: undefined })
  })

  it('shows the open year and starts the unit’s plan for it', async () => {
    const api = unitApi(null)
    show()
    expect((await screen.findByTestId('plan-year-info')).textContent).toContain('2040-03-31')
    expect(screen.getByTestId('plan-year-info').textContent).toContain('优于1米、1–2米')
    fireEvent.click(await screen.findByTestId('plan-start'))
    await waitFor(() => expect(api.callsTo('POST /api/plan-collaborative/plans')[0]?.body).toEqual({ year: 2040, unitRegion: '150000' }))
    expect(await screen.findByTestId('unit-plan')).toBeTruthy()
    expect(screen.getByTestId('plan-state').textContent).toBe('填报中')
    expect(notifier.success).toHaveBeenCalledWith('已建立 2040 年度规划（第 1 版）')
  })

  it('says so when the account has no unit to fill for', async () => {
    unitApi(null)
    show([])
    expect((await screen.findByTestId('plan-no-unit')).textContent).toContain('未关联可填报的单位')
  })

  it('puts returned items and their reasons first and offers only what the plan allows', async () => {
    unitApi(
      planDetail({
        state: 'returned',
        events: ['submit'],
        list: [
          planItem(1, { state: 'returned', returnReason: '与呼和浩特市规划重叠，请调整范围' }),
          planItem(2, { state: 'accepted', overlapKm2: 12.34, overlaps: [] }),
        ],
      }),
    )
    show()
    const returned = await screen.findByTestId('plan-returned')
    expect(returned.textContent).toContain('有 1 条被部级退回')
    expect(returned.textContent).toContain('“条目1”：与呼和浩特市规划重叠，请调整范围')
    const rows = within(screen.getByTestId('plan-items')).getAllByRole('row')
    const row1 = rows.find((r) => r.textContent?.includes('条目1')) as HTMLElement
    const row2 = rows.find((r) => r.textContent?.includes('条目2')) as HTMLElement
    expect(within(row1).getByTestId('item-reason').textContent).toContain('与呼和浩特市规划重叠')
    // a returned item is edited; an accepted one stays as it was accepted
    expect(within(row1).queryByTestId('plan-item-edit')).not.toBeNull()
    expect(within(row2).queryByTestId('plan-item-edit')).toBeNull()
    expect(within(row2).getByTestId('item-overlap').textContent).toBe('12.34')
    expect(screen.getByTestId('plan-totals').textContent).toBe('合计 2 条，1,401 km²，预算 241 万元')
    expect(screen.getByTestId('plan-submit')).toBeTruthy()
  })

  it('submits after the confirm and then offers no change', async () => {
    const api = unitApi(planDetail())
    show()
    fireEvent.click(await screen.findByTestId('plan-submit'))
    fireEvent.click(await screen.findByTestId('plan-submit-ok'))
    await waitFor(() => expect(api.callsTo('POST /api/plan-collaborative/plans/submit')[0]?.body).toEqual({ id: 7 }))
    await waitFor(() => expect(screen.getByTestId('plan-state').textContent).toBe('待审核'))
    expect(screen.queryByTestId('plan-submit')).toBeNull()
    expect(screen.queryByTestId('plan-add-item')).toBeNull()
  })

  it('offers a new revision, and nothing else, once the plan is published', async () => {
    unitApi(
      planDetail({
        state: 'published',
        editable: false,
        events: [],
        history: [{ id: 7, revision: 1, state: 'published' }],
      }),
    )
    show()
    expect(await screen.findByTestId('plan-revise')).toBeTruthy()
    expect(screen.queryByTestId('plan-add-item')).toBeNull()
    expect(screen.queryByTestId('plan-submit')).toBeNull()
    expect(screen.queryByTestId('plan-item-edit')).toBeNull()
  })
})
