import { tZh } from '@rs/shared'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, render, screen, waitFor } from '../../../test/render'
import { RegisterPage } from './register-page'

const ok = (data: unknown) => new Response(JSON.stringify({ code: 0, message: 'success', data }), { status: 200 })

describe('RegisterPage', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('asks the server whether the user name is free as the user types, and states the password rule', async () => {
    const asked: string[] = []
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input)
        if (url.startsWith('/api/usercenter/valid/username')) {
          asked.push(url)
          return ok({ available: false })
        }
        return ok([])
      }),
    )
    render(
      <MemoryRouter initialEntries={['/register']}>
        <RegisterPage />
      </MemoryRouter>,
    )
    fireEvent.change(screen.getByTestId('register-username'), { target: { value: 'neimenggu' } })
    expect(await screen.findByText(tZh('account.validation.usernameTaken'), {}, { timeout: 15_000 })).toBeTruthy()
    expect(asked[0]).toContain('username=neimenggu')
    const rules = screen.getByTestId('password-rules')
    expect(rules.textContent).toContain(tZh('account.rules.classes'))
    expect(rules.textContent).toContain(tZh('account.rules.history'))
  }, 30_000)

  it('keeps the account step until every field and the terms are valid', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => ok([])),
    )
    render(
      <MemoryRouter initialEntries={['/register']}>
        <RegisterPage />
      </MemoryRouter>,
    )
    fireEvent.click(screen.getByTestId('register-next'))
    expect(await screen.findByText(tZh('account.validation.termsRequired'), {}, { timeout: 15_000 })).toBeTruthy()
    expect(screen.getByText(tZh('account.validation.usernameRequired'))).toBeTruthy()
    await waitFor(() => expect(screen.queryByTestId('register-code')).toBeNull())
  }, 30_000)
})
