import { createMemoryRouter, Outlet, RouterProvider, useSearchParams } from 'react-router'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { Link } from '../components/link'
import { LanguageSwitch } from '../features/site/components/language-switch'
import { useLocaleStore, useT } from '../lib/i18n'
import { useLanguageInAddress } from '../lib/i18n/use-language-address'
import { act, fireEvent, render, screen, waitFor } from '../test/render'
import { keepLanguageInAddress } from './router'

/** A root layout in miniature: the address sync, the switch, a link, and a screen that writes its query from scratch. */
function Layout() {
  useLanguageInAddress()
  const t = useT()
  return (
    <>
      <LanguageSwitch englishSiteUrl={undefined} />
      <span data-testid="login-label">{t('header.login')}</span>
      <Link to="/normal?tab=2">to normal</Link>
      <Outlet />
    </>
  )
}

function Normal() {
  const [params, setParams] = useSearchParams()
  return (
    <button type="button" onClick={() => setParams(new URLSearchParams({ page: String(Number(params.get('page') ?? 1) + 1) }))}>
      next page
    </button>
  )
}

function open(entry: string) {
  const router = keepLanguageInAddress(
    createMemoryRouter(
      [
        {
          path: '/',
          Component: Layout,
          children: [
            { path: 'home', element: <p>home</p> },
            { path: 'normal', Component: Normal },
          ],
        },
      ],
      { initialEntries: [entry] },
    ),
  )
  render(<RouterProvider router={router} />)
  const address = () => `${router.state.location.pathname}${router.state.location.search}`
  return { router, address }
}

describe('the language in the address', () => {
  beforeEach(() => {
    localStorage.clear()
    useLocaleStore.setState({ locale: 'zh-CN' })
  })
  afterEach(() => localStorage.clear())

  it('switches to English in place: ?lang=en joins the other parameters, no history entry, and back', async () => {
    const { router, address } = open('/normal?mode=region&region=110000')
    expect(screen.getByTestId('login-label').textContent).toBe('登录')
    fireEvent.click(screen.getByTestId('header-language'))
    await waitFor(() => expect(address()).toBe('/normal?mode=region&region=110000&lang=en'))
    expect(router.state.historyAction).toBe('REPLACE')
    expect(screen.getByTestId('login-label').textContent).toBe('Log in')
    expect(localStorage.getItem('locale')).toBe('en-US')

    fireEvent.click(screen.getByTestId('header-language'))
    await waitFor(() => expect(address()).toBe('/normal?mode=region&region=110000'))
    expect(screen.getByTestId('login-label').textContent).toBe('登录')
    expect(localStorage.getItem('locale')).toBe('zh-CN')
  })

  it('lets an address with ?lang=en win over the stored Chinese, and stores it', async () => {
    localStorage.setItem('locale', 'zh-CN')
    const { address } = open('/home?lang=en')
    await waitFor(() => expect(screen.getByTestId('login-label').textContent).toBe('Log in'))
    expect(address()).toBe('/home?lang=en')
    expect(localStorage.getItem('locale')).toBe('en-US')
  })

  it('writes the stored English choice into an address without a language', async () => {
    useLocaleStore.setState({ locale: 'en-US' })
    const { router, address } = open('/home')
    await waitFor(() => expect(address()).toBe('/home?lang=en'))
    expect(router.state.historyAction).toBe('REPLACE')
  })

  it('removes ?lang=zh from the address, the page being Chinese', async () => {
    useLocaleStore.setState({ locale: 'en-US' })
    const { address } = open('/home?lang=zh')
    await waitFor(() => expect(address()).toBe('/home'))
    expect(useLocaleStore.getState().locale).toBe('zh-CN')
  })

  it('keeps the language in links and across navigation, also when a screen writes its query from scratch', async () => {
    const { address } = open('/home')
    expect(screen.getByRole('link', { name: 'to normal' }).getAttribute('href')).toBe('/normal?tab=2')
    fireEvent.click(screen.getByTestId('header-language'))
    await waitFor(() => expect(screen.getByRole('link', { name: 'to normal' }).getAttribute('href')).toBe('/normal?tab=2&lang=en'))
    fireEvent.click(screen.getByRole('link', { name: 'to normal' }))
    await waitFor(() => expect(address()).toBe('/normal?tab=2&lang=en'))
    fireEvent.click(screen.getByRole('button', { name: 'next page' }))
    await waitFor(() => expect(address()).toBe('/normal?page=2&lang=en'))
  })

  it('follows the address back to an English page after a switch to Chinese', async () => {
    const { router, address } = open('/home?lang=en')
    await waitFor(() => expect(screen.getByTestId('login-label').textContent).toBe('Log in'))
    fireEvent.click(screen.getByRole('link', { name: 'to normal' }))
    await waitFor(() => expect(address()).toBe('/normal?tab=2&lang=en'))
    fireEvent.click(screen.getByTestId('header-language'))
    await waitFor(() => expect(address()).toBe('/normal?tab=2'))
    await act(() => router.navigate(-1))
    await waitFor(() => expect(address()).toBe('/home?lang=en'))
    expect(screen.getByTestId('login-label').textContent).toBe('Log in')
  })
})
