import { monitorModule } from '@rs/shared'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { setNotifier } from '../../../lib/notify'
import { fireEvent, render, screen, waitFor } from '../../../test/render'
import { VerificationSection } from './verification-section'

const ok = (data: unknown) => new Response(JSON.stringify({ code: 0, message: 'success', data }), { status: 200 })
const STEP = {
  id: 1,
  event: 'record',
  state: 'recorded',
  actor: 'neimenggu',
  actorName: '内蒙古自治区用户',
  at: '2026-11-27T03:58:00Z',
  result: 'partial',
  note: '现场已建成约一半',
  position: [111.7, 40.8],
  reason: null,
  photos: [],
}
let answer: unknown
const calls: Array<{ url: string; init?: RequestInit }> = []
const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  calls.push({ url: String(input), init })
  if (String(input).startsWith('/api/monitor/verification/review'))
    return ok({
      ...(answer as object),
      state: 'returned',
      allowed: [],
      history: [STEP, { ...STEP, id: 2, event: 'return', state: 'returned', result: null, note: null, position: null, reason: '请补拍' }],
    })
  if (String(input).startsWith('/api/monitor/verification')) return ok(answer)
  return new Response('', { status: 404 })
})

function renderSection() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const module = monitorModule('pvland')
  if (!module) throw new Error('no pvland')
  render(
    <QueryClientProvider client={client}>
      <VerificationSection module={module} spotId={7} center={[111.7, 40.8]} />
    </QueryClientProvider>,
  )
}

describe('VerificationSection', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock)
    setNotifier({ success: () => {}, error: () => {}, warning: () => {} })
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    setNotifier(null)
    calls.length = 0
  })

  it('offers the province user the form of an unchecked spot, its submit waiting for a photo', async () => {
    answer = { spotId: 7, needsCheck: true, state: 'unchecked', role: 'province', allowed: ['record'], history: [] }
    renderSection()
    expect((await screen.findByTestId('verify-state')).textContent).toBe('待核查')
    expect(screen.getByText('尚无核查记录')).toBeTruthy()
    expect(screen.getByTestId('verify-form')).toBeTruthy()
    expect((screen.getByTestId('verify-submit') as HTMLButtonElement).disabled).toBe(true)
    expect(screen.queryByTestId('verify-review')).toBeNull()
  })

  it('shows the ministry the history and returns with the reason typed', async () => {
    answer = { spotId: 7, needsCheck: true, state: 'recorded', role: 'ministry', allowed: ['accept', 'return'], history: [STEP] }
    renderSection()
    expect((await screen.findByTestId('verify-state')).textContent).toBe('待审核')
    expect(screen.getByTestId('verify-step').textContent).toContain('部分属实')
    expect(screen.queryByTestId('verify-form')).toBeNull()
    // no reason: return stays disabled
    expect((screen.getByTestId('verify-return') as HTMLButtonElement).disabled).toBe(true)
    fireEvent.change(screen.getByTestId('verify-reason'), { target: { value: '请补拍' } })
    fireEvent.click(screen.getByTestId('verify-return'))
    await waitFor(() => expect(calls.some((c) => c.url.startsWith('/api/monitor/verification/review'))).toBe(true))
    const sent = calls.find((c) => c.url.startsWith('/api/monitor/verification/review'))
    expect(JSON.parse(String(sent?.init?.body))).toEqual({ module: 'pvland', id: 7, decision: 'return', reason: '请补拍' })
  })

  it('says a persisting spot needs no check', async () => {
    answer = { spotId: 7, needsCheck: false, state: 'unchecked', role: 'province', allowed: [], history: [] }
    renderSection()
    expect(await screen.findByText(/无需实地核查/)).toBeTruthy()
    expect(screen.queryByTestId('verify-form')).toBeNull()
  })
})
