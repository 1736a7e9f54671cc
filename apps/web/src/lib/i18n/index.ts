import { createTranslator, type Locale, setLocaleSource } from '@rs/shared'
import { create } from 'zustand'

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

interface LocaleState {
  locale: Locale
  setLocale: (locale: Locale) => void
}

/** The UI language; zh-CN unless the user switched (kept across visits). */
export const useLocaleStore = create<LocaleState>((set) => ({
  locale: storedLocale(),
  setLocale: (locale) => {
    try {
      globalThis.localStorage?.setItem(LOCALE_STORAGE_KEY, locale)
    } catch {
      // private mode: the choice lasts for this page only
    }
    set({ locale })
  },
}))

// the shared contracts' messages, should a screen check input with them, follow the UI language
setLocaleSource(() => useLocaleStore.getState().locale)

/** The page's language attribute follows the UI language (screen readers, fonts, hyphenation). */
function setDocumentLanguage(locale: Locale): void {
  if (typeof document !== 'undefined') document.documentElement.lang = locale
}
setDocumentLanguage(useLocaleStore.getState().locale)
useLocaleStore.subscribe((state, previous) => {
  if (state.locale !== previous.locale) setDocumentLanguage(state.locale)
})

/** The translator of the current UI language, for components. */
export function useT(): Translate {
  return translators[useLocaleStore((s) => s.locale)]
}

export function useLocale(): Locale {
  return useLocaleStore((s) => s.locale)
}

/** The translator of the current UI language, for code outside components. */
export function getT(): Translate {
  return translators[useLocaleStore.getState().locale]
}
