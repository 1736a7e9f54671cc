import { useEffect } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { fakeNotifier } from '../../../test/notifier'
import { fireEvent, render, screen, waitFor, within } from '../../../test/render'
import { type CaptchaAnswer, FeedbackForm } from './feedback-form'

/** Stands in for the auth feature's captcha: answers at once, a new token each round. */
function FakeCaptcha({ round, onChange }: { round: number; onChange: (v: CaptchaAnswer) => void }) {
  useEffect(() => onChange({ token: `T${round}`.padEnd(32, 'x'), answer: 'ab12' }), [round, onChange])
  return <span data-testid="fake-captcha">{round}</span>
}

const ok = (data: unknown) => new Response(JSON.stringify({ code: 0, message: 'success', data }), { status: 200 })

// antd forms render slowly in jsdom on a busy machine
describe('FeedbackForm', { timeout: 20_000 }, () => {
  const notifier = fakeNotifier()

  async function fill() {
    fireEvent.mouseDown(within(screen.getByTestId('feedback-type')).getByRole('combobox'))
    fireEvent.click(await screen.findByTitle('问题报告'))
    fireEvent.change(screen.getByTestId('feedback-content'), { target: { value: '订单详情的地图加载较慢' } })
  }

  it('sends a visitor’s feedback with the captcha and takes a new captcha afterwards', async () => {
    const bodies: unknown[] = []
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_: RequestInfo | URL, init?: RequestInit) => {
        bodies.push(JSON.parse(String(init?.body)))
        return ok({ id: 1 })
      }),
    )
    render(<FeedbackForm isLoggedIn={false} renderCaptcha={(round, onChange) => <FakeCaptcha round={round} onChange={onChange} />} />)
    await fill()
    fireEvent.click(screen.getByTestId('feedback-submit'))
    await waitFor(() => expect(notifier.success).toHaveBeenCalledWith('感谢您的反馈，我们会尽快处理'))
    expect(bodies[0]).toEqual({ type: 'problem', content: '订单详情的地图加载较慢', token: 'T0'.padEnd(32, 'x'), captcha: 'ab12' })
    expect(screen.getByTestId('fake-captcha').textContent).toBe('1')
  })

  it('sends a user’s feedback without a captcha, and refuses too short a text before sending', async () => {
    const fetchMock = vi.fn(async () => ok({ id: 2 }))
    vi.stubGlobal('fetch', fetchMock)
    render(<FeedbackForm isLoggedIn renderCaptcha={() => null} />)
    expect(screen.queryByTestId('fake-captcha')).toBeNull()
    fireEvent.mouseDown(within(screen.getByTestId('feedback-type')).getByRole('combobox'))
    fireEvent.click(await screen.findByTitle('问题报告'))
    fireEvent.change(screen.getByTestId('feedback-content'), { target: { value: '短' } })
    fireEvent.click(screen.getByTestId('feedback-submit'))
    expect(notifier.error).toHaveBeenCalledWith('反馈内容至少 5 个字')
    expect(fetchMock).not.toHaveBeenCalled()
    fireEvent.change(screen.getByTestId('feedback-content'), { target: { value: '订单详情的地图加载较慢' } })
    fireEvent.click(screen.getByTestId('feedback-submit'))
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1))
  })
})
