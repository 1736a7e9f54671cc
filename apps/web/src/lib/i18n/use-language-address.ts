import type { Locale } from '@rs/shared'
import { useCallback, useEffect } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { localeOfSearch, searchInLanguage } from './address'
import { useLocaleStore } from './index'

/**
 * Keeps the address and the interface's language one (mounted once, in the root layout). An
 * address that names a language (opened, shared, reloaded, or reached by Back) wins over the
 * stored choice and is stored; an address without one shows the stored choice, written into the
 * address. Only the address is watched: a language switch changes both at once
 * ({@link useSwitchLanguage}).
 */
export function useLanguageInAddress(): void {
  const location = useLocation()
  const navigate = useNavigate()
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to the address alone
  useEffect(() => {
    const asked = localeOfSearch(location.search)
    const { locale: current, setLocale } = useLocaleStore.getState()
    if (asked && asked !== current) setLocale(asked)
    const search = searchInLanguage(location.search, asked ?? current)
    if (search !== location.search)
      void navigate(
        { pathname: location.pathname, search, hash: location.hash },
        { replace: true, state: location.state, preventScrollReset: true },
      )
  }, [location.key, location.search])
}

/**
 * Switches the interface's language and writes it into the address in place (`?lang=en`, or no
 * `lang` for Chinese): the same page, its other parameters, its history entry and its scroll
 * position stay; nothing reloads.
 */
export function useSwitchLanguage(): (locale: Locale) => void {
  const location = useLocation()
  const navigate = useNavigate()
  return useCallback(
    (locale: Locale) => {
      useLocaleStore.getState().setLocale(locale)
      void navigate(
        { pathname: location.pathname, search: searchInLanguage(location.search, locale), hash: location.hash },
        { replace: true, state: location.state, preventScrollReset: true },
      )
    },
    [location, navigate],
  )
}
