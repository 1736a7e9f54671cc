import { enUS } from './en-US'
import { type Messages, zhCN } from './zh-CN'

export type Locale = 'zh-CN' | 'en-US'
export { enUS, type Messages, zhCN }

type Join<K, P> = K extends string ? (P extends string ? `${K}.${P}` : never) : never
type Paths<T> = { [K in keyof T & string]: T[K] extends string ? K : Join<K, Paths<T[K]>> }[keyof T & string]
/** A dotted key of a message, e.g. "login.usernameRequired". */
export type MessageKey = Paths<typeof zhCN>

function lookup(tree: unknown, key: string): string | undefined {
  let node = tree
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined
    node = (node as Record<string, unknown>)[part]
  }
  return typeof node === 'string' ? node : undefined
}

/** Fills {name} placeholders. */
export function format(template: string, params?: Record<string, string | number>): string {
  if (!params) return template
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole))
}

/** A translator for one locale; unknown keys fall back to zh-CN, then to the key itself. */
export function createTranslator(locale: Locale = 'zh-CN') {
  const primary = locale === 'en-US' ? enUS : zhCN
  function t(key: MessageKey, params?: Record<string, string | number>): string
  function t(key: string, params?: Record<string, string | number>): string
  function t(key: string, params?: Record<string, string | number>): string {
    return format(lookup(primary, key) ?? lookup(zhCN, key) ?? key, params)
  }
  return t
}

/** The server's translator: every server message is Chinese. */
export const tZh = createTranslator('zh-CN')
