import type { ApplySummary } from '@rs/shared'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { describe, expect, it, vi } from 'vitest'
import { fakeNotifier } from '../../../test/notifier'
import { fireEvent, render, screen, waitFor, within } from '../../../test/render'
import { ApplyTable } from './apply-table'

const application = (id: number, status: ApplySummary['status'], extra: Partial<ApplySummary> = {}): ApplySummary => ({
  id,
  kind: 'monitor',
  module: 'MOD_058',
  regionIds: ['150000'],
  reason: '光伏核查',
  status,
  applicant: 'user',
  applicantName: '注册用户',
  organization: '',
  attachment: { id: 9, fileName: '申请函.pdf', contentType: 'application/pdf', bytes: 1000 },
  rejectReason: null,
  reviewer: null,
  reviewedAt: null,
  createdAt: '2026-11-20T02:00:00.000Z',
  ...extra,
})

const ok = (data: unknown) => new Response(JSON.stringify({ code: 0, message: 'success', data }), { status: 200 })

function fakeServer(list: ApplySummary[]) {
  const calls: Array<{ url: string; body: unknown }> = []
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input)
    calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined })
    if (url.startsWith('/api/request/list') || url.startsWith('/api/request/review/list')) {
      const status = new URL(url, 'http://x').searchParams.get('status')
      const rows = status ? list.filter((a) => a.status === status) : list
      return ok({ list: rows, total: rows.length })
    }
    return ok(list[0])
  })
  return { fetchMock, calls }
}

const regions = { renderPicker: () => null, renderName: (code: string) => <span>{`region-${code}`}</span> }

function show(mode: 'mine' | 'review', onGranted?: () => void, currentUser?: string) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ApplyTable mode={mode} regions={regions} onGranted={onGranted} currentUser={currentUser} />
    </QueryClientProvider>,
  )
}

// antd tables render slowly in jsdom on a busy machine
describe('ApplyTable', { timeout: 20_000 }, () => {
  fakeNotifier()

  it('shows my applications by module name, region and state, the decision with its reviewer; only a pending one can be withdrawn', async () => {
    const server = fakeServer([
      application(1, 'pending'),
      application(2, 'rejected', { rejectReason: '请补充盖章的申请函', reviewer: 'admin', reviewedAt: '2026-11-21T02:00:00.000Z' }),
    ])
    vi.stubGlobal('fetch', server.fetchMock)
    show('mine')
    const list = await screen.findByTestId('apply-list-mine')
    await waitFor(() =>
      expect(
        within(list)
          .getAllByTestId('apply-status')
          .map((t) => t.textContent),
      ).toEqual(['待审核', '已驳回']),
    )
    expect(within(list).getAllByTestId('apply-module-name')[0]?.textContent).toBe('光伏用地监测')
    expect(list.textContent).toContain('region-150000')
    expect(within(list).getByTestId('apply-decision').textContent).toContain('请补充盖章的申请函')
    expect(within(list).getByTestId('apply-decision').textContent).toContain('admin 于 2026-11-21 10:00:00')
    expect(within(list).getAllByTestId('apply-withdraw')).toHaveLength(1)
    expect(within(list).queryByTestId('apply-approve')).toBeNull()
    fireEvent.click(within(list).getByTestId('apply-withdraw'))
    await waitFor(() => expect(document.querySelector('.ant-popconfirm .ant-btn-primary')).not.toBeNull())
    fireEvent.click(document.querySelector('.ant-popconfirm .ant-btn-primary') as HTMLElement)
    await waitFor(() => expect(server.calls.find((c) => c.url.startsWith('/api/request/withdraw'))?.body).toEqual({ id: 1 }))
  })

  it('lets an administrator approve, and reject only with a reason; pending ones first', async () => {
    const server = fakeServer([application(1, 'pending'), application(2, 'approved')])
    vi.stubGlobal('fetch', server.fetchMock)
    show('review')
    await waitFor(() => expect(server.calls[0]?.url).toContain('status=pending'))
    fireEvent.click(await screen.findByTestId('apply-approve'))
    await waitFor(() => expect(document.querySelector('.ant-popconfirm .ant-btn-primary')).not.toBeNull())
    fireEvent.click(document.querySelector('.ant-popconfirm .ant-btn-primary') as HTMLElement)
    await waitFor(() => expect(server.calls.find((c) => c.url === '/api/request/review')?.body).toEqual({ id: 1, decision: 'approve' }))
    fireEvent.click(screen.getByTestId('apply-reject'))
    expect((await screen.findByTestId('apply-reject-ok')).hasAttribute('disabled')).toBe(true)
    fireEvent.change(screen.getByTestId('apply-reject-reason'), { target: { value: '材料不全' } })
    fireEvent.click(screen.getByTestId('apply-reject-ok'))
    await waitFor(() =>
      expect(server.calls.filter((c) => c.url === '/api/request/review').at(-1)?.body).toEqual({
        id: 1,
        decision: 'reject',
        reason: '材料不全',
      }),
    )
  })

  it('does not offer an administrator the review of their own application', async () => {
    const server = fakeServer([application(1, 'pending', { applicant: 'admin2' }), application(2, 'pending')])
    vi.stubGlobal('fetch', server.fetchMock)
    show('review', undefined, 'admin2')
    const [own, other] = await screen.findAllByTestId('apply-approve')
    expect(own?.hasAttribute('disabled')).toBe(true)
    expect(own?.getAttribute('title')).toBe('不能审核本人提交的申请，请由其他管理员审核')
    expect(screen.getAllByTestId('apply-reject')[0]?.hasAttribute('disabled')).toBe(true)
    expect(other?.hasAttribute('disabled')).toBe(false)
    fireEvent.click(own as HTMLElement)
    expect(document.querySelector('.ant-popconfirm')).toBeNull()
  })

  it('tells when one of my applications became approved, so the session’s rights reload', async () => {
    let approved = false
    const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input)
      const row = application(1, approved ? 'approved' : 'pending')
      approved = true
      return url.startsWith('/api/request/list') ? ok({ list: [row], total: 1 }) : ok(row)
    })
    vi.stubGlobal('fetch', fetchMock)
    const onGranted = vi.fn()
    show('mine', onGranted)
    await waitFor(() => expect(screen.getAllByTestId('apply-status').map((t) => t.textContent)).toEqual(['待审核']))
    expect(onGranted).not.toHaveBeenCalled()
    fireEvent.mouseDown(within(screen.getByTestId('apply-filter-status')).getByRole('combobox'))
    fireEvent.click(await screen.findByTitle('已通过'))
    await waitFor(() => expect(screen.getAllByTestId('apply-status').map((t) => t.textContent)).toEqual(['已通过']))
    expect(onGranted).toHaveBeenCalledTimes(1)
  })
})
