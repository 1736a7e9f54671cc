import { createTranslator, type Locale, setLocaleSource } from '@rs/shared'
import { useSyncExternalStore } from 'react'
import { create } from 'zustand'
import { localeOfSearch } from './address'

export type Translate = ReturnType<typeof createTranslator>

const LOCALE_STORAGE_KEY = 'locale'
const translators: Record<Locale, Translate> = { 'zh-CN': createTranslator('zh-CN'), 'en-US': createTranslator('en-US') }

function storedLocale(): Locale {
  try {
    return globalThis.localStorage?.getItem(LOCALE_STORAGE_KEY) === 'en-US' ? 'en-US' : 'zh-CN'
  } catch {
    return 'zh-CN'
  }
}

function storeLocale(locale: Locale): void {
  try {
    globalThis.localStorage?.setItem(LOCALE_STORAGE_KEY, locale)
  } catch {
    // private mode: the choice lasts for this page only
  }
}

/**
 * The language a page opens in: the address's (`?lang=en`, lib/i18n/address.ts), which wins over
 * the stored choice and is stored, else the stored choice, else Chinese. Known before the first
 * render, so a page the server rendered in that language is hydrated as it is.
 */
export function initialLocale(search: string | undefined = globalThis.location?.search): Locale {
  const asked = search ? localeOfSearch(search) : undefined
  if (asked) {
    if (asked !== storedLocale()) storeLocale(asked)
    return asked
  }
  return storedLocale()
}

interface LocaleState {
  locale: Locale
  setLocale: (locale: Locale) => void
}

/** The UI language; zh-CN unless the address or the user's choice (kept across visits) says English. */
export const useLocaleStore = create<LocaleState>((set) => ({
  locale: initialLocale(),
  setLocale: (locale) => {
    storeLocale(locale)
    set({ locale })
  },
}))

// the shared contracts' messages, should a screen check input with them, follow the UI language
setLocaleSource(() => useLocaleStore.getState().locale)
const subscribe = (listener: () => void) => useLocaleStore.subscribe(listener)
const currentLocale = () => useLocaleStore.getState().locale

/** The page's language attribute follows the UI language (screen readers, fonts, hyphenation). */
function setDocumentLanguage(locale: Locale): void {
  if (typeof document !== 'undefined') document.documentElement.lang = locale
}
setDocumentLanguage(useLocaleStore.getState().locale)
useLocaleStore.subscribe((state, previous) => {
  if (state.locale !== previous.locale) setDocumentLanguage(state.locale)
})

/**
 * The current UI language, for components. Read with the store's current state on the server too
 * (zustand's own hook gives the server its initial state): the server renders a page in the
 * language it sets before rendering (app/entry-server.tsx), and a hydrating browser in the
 * language it opened in.
 */
export function useLocale(): Locale {
  return useSyncExternalStore(subscribe, currentLocale, currentLocale)
}

/** The translator of the current UI language, for components. */
export function useT(): Translate {
  return translators[useLocale()]
}

/** The translator of the current UI language, for code outside components. */
export function getT(): Translate {
  return translators[useLocaleStore.getState().locale]
}
export { Interpolated, OwnText } from './own-text'
