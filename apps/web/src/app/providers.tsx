import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { ConfigProvider, message } from 'antd'
import dayjs from 'dayjs'
import 'dayjs/locale/zh-cn'
import enUS from 'antd/locale/en_US'
import zhCN from 'antd/locale/zh_CN'
import { type ReactNode, useEffect, useRef } from 'react'
import { ApiError } from '../lib/api-client'
import { useLocale } from '../lib/i18n'
import { setNotifier } from '../lib/notify'
import { portalTheme } from './theme'

/** Retries network trouble once; a 4xx answer is final. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failures, error) => failures < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
        refetchOnWindowFocus: false,
      },
    },
  })
}

/** Hands antd's themed message API to code outside components (antd App is left out: it bundles Modal and notification). */
function NotifierBridge() {
  const [api, holder] = message.useMessage()
  useEffect(() => {
    setNotifier({
      success: (text) => void api.success(text),
      warning: (text) => void api.warning(text),
      error: (text) => void api.error(text),
    })
    return () => setNotifier(null)
  }, [api])
  return holder
}

/** The server answers in the caller's language: a switch of language fetches the answers on screen again in the new one. */
function useAnswersInLanguage(queryClient: QueryClient, locale: string) {
  const shown = useRef(locale)
  useEffect(() => {
    if (shown.current === locale) return
    shown.current = locale
    void queryClient.invalidateQueries()
  }, [queryClient, locale])
}

/** antd (zh_CN by default, portal theme) and TanStack Query around the app. */
export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  const locale = useLocale()
  useAnswersInLanguage(queryClient, locale)
  // the date pickers' month and weekday names come from dayjs's global locale, not from antd's
  dayjs.locale(locale === 'en-US' ? 'en' : 'zh-cn')
  return (
    <ConfigProvider locale={locale === 'en-US' ? enUS : zhCN} theme={portalTheme}>
      <NotifierBridge />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </ConfigProvider>
  )
}
