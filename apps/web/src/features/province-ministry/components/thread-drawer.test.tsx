import type { ProvinceMinistryThread } from '@rs/shared'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { describe, expect, it, vi } from 'vitest'
import { fakeNotifier } from '../../../test/notifier'
import { fireEvent, render, screen, waitFor, within } from '../../../test/render'
import { ThreadDrawer } from './thread-drawer'

const asked: ProvinceMinistryThread['messages'][number] = {
  id: 1,
  kind: 'ask',
  author: 'neimenggu',
  authorName: '内蒙古自治区用户',
  authorUnit: '内蒙古自治区自然资源厅',
  authorRole: 'province',
  body: '请提供呼和浩特市城区的亚米级影像。',
  createdAt: '2026-12-02T01:30:00.000Z',
  attachments: [{ id: 7, fileName: '需求说明.pdf', contentType: 'application/pdf', bytes: 2048 }],
}

function thread(
  extra: Partial<ProvinceMinistryThread> = {},
  request: Partial<ProvinceMinistryThread['request']> = {},
): ProvinceMinistryThread {
  return {
    request: {
      id: 12,
      kind: 'data',
      title: '呼和浩特市影像需求',
      regionId: '150100',
      regionName: '内蒙古自治区 呼和浩特市',
      state: 'open',
      asker: 'neimenggu',
      askerName: '内蒙古自治区用户',
      askerUnit: '内蒙古自治区自然资源厅',
      messageCount: 1,
      createdAt: '2026-12-02T01:30:00.000Z',
      updatedAt: '2026-12-02T01:30:00.000Z',
      closedAt: null,
      closedBy: null,
      ...request,
    },
    messages: [asked],
    role: 'ministry',
    actions: ['answer', 'close'],
    ...extra,
  }
}

const ok = (data: unknown) => new Response(JSON.stringify({ code: 0, message: 'success', data }), { status: 200 })

function serve(answer: ProvinceMinistryThread) {
  const calls: Array<{ url: string; body: unknown }> = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input)
      calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined })
      return ok(answer)
    }),
  )
  return calls
}

function show() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ThreadDrawer id={12} onClose={() => {}} />
    </QueryClientProvider>,
  )
}

describe('ThreadDrawer', { timeout: 20_000 }, () => {
  const notifier = fakeNotifier()

  it('shows the ministry the thread in Beijing time with its attachments, and the answer box and 关闭 the machine allows', async () => {
    const calls = serve(thread())
    show()
    const message = await screen.findByTestId('pm-message')
    expect(message.textContent).toContain('内蒙古自治区自然资源厅 · 内蒙古自治区用户')
    expect(message.textContent).toContain('2026-12-02 09:30:00')
    expect(within(message).getByTestId('pm-download').textContent).toContain('需求说明.pdf')
    expect(screen.getByTestId('pm-reply').textContent).toContain('答复内容')
    expect(screen.getByTestId('pm-close')).toBeTruthy()
    // an empty answer is not sent
    fireEvent.click(screen.getByTestId('pm-send'))
    expect(notifier.error).toHaveBeenCalledWith('请填写内容')
    fireEvent.change(screen.getByTestId('pm-reply-body'), { target: { value: '  已安排影像。 ' } })
    fireEvent.click(screen.getByTestId('pm-send'))
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/province-ministry/reply')?.body).toEqual({
        id: 12,
        body: '已安排影像。',
        attachmentIds: [],
      }),
    )
    await waitFor(() => expect(notifier.success).toHaveBeenCalledWith('已答复'))
  })

  it('tells the province it waits for the answer, offering only 关闭', async () => {
    serve(thread({ role: 'province', actions: ['close'] }))
    show()
    expect((await screen.findByTestId('pm-waiting')).textContent).toContain('请求待部级用户答复')
    expect(screen.queryByTestId('pm-reply')).toBeNull()
    expect(screen.getByTestId('pm-close')).toBeTruthy()
  })

  it('offers nothing on a closed request and says who closed it', async () => {
    serve(thread({ role: 'province', actions: [] }, { state: 'closed', closedAt: '2026-12-03T02:00:00.000Z', closedBy: 'neimenggu' }))
    show()
    const note = await screen.findByTestId('pm-closed-note')
    expect(note.textContent).toContain('已由 neimenggu 于 2026-12-03 10:00:00 关闭')
    expect(screen.queryByTestId('pm-reply')).toBeNull()
    expect(screen.queryByTestId('pm-close')).toBeNull()
    expect(screen.getByTestId('pm-state').textContent).toBe('已关闭')
  })
})
