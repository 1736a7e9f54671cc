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

/** The Chinese translator: records (audit log, stored rows), work outside a request, tests. */
export const tZh = createTranslator('zh-CN')

const translators: Record<Locale, ReturnType<typeof createTranslator>> = { 'zh-CN': tZh, 'en-US': createTranslator('en-US') }
let localeSource: () => Locale = () => 'zh-CN'

/**
 * Where "the language of the moment" comes from: the server's request (AsyncLocalStorage), the
 * web's language store. Chinese until a side sets it. Contract messages ({@link lazyMessage}) and
 * zod's own messages are read in it when validation runs.
 */
export function setLocaleSource(source: () => Locale): void {
  localeSource = source
}

/** The language of the moment (see {@link setLocaleSource}). */
export function momentLocale(): Locale {
  return localeSource()
}

/** A message, or a message read when it is shown (in the language of that moment). */
export type LazyText = string | (() => string)

/** The text of a {@link LazyText} now. */
export function textOf(message: LazyText): string {
  return typeof message === 'function' ? message() : message
}

/**
 * A message given by its key, translated when it is read: a zod schema's `error` built once at
 * start answers each caller in their language. Parameters may be lazy too.
 */
export function lazyMessage(key: MessageKey, params?: Record<string, string | number | (() => string)>): () => string {
  return () => {
    const values = params && Object.fromEntries(Object.entries(params).map(([k, v]) => [k, typeof v === 'function' ? v() : v]))
    return translators[localeSource()](key, values)
  }
}

/**
 * Punctuation of the language for text put together from parts: Chinese writes 面积（km²） and
 * 标签：值, English "Area (km²)" and "Label: value". A screen composes with these rather than with
 * full-width marks, which would be left in an English page.
 */
export function punctuation(t: (key: MessageKey, params?: Record<string, string | number>) => string) {
  return {
    /** 'label：' / 'label: ', before a value. */
    label: (label: string) => t('punct.label', { label }),
    /** '（text）' / ' (text)', an aside after something. */
    paren: (text: string | number) => t('punct.paren', { text }),
    /** 'label（unit）' / 'label (unit)'. */
    withUnit: (label: string, unit: string) => t('punct.withUnit', { label, unit }),
    /** Items joined with 、 / ', '. */
    list: (items: readonly (string | number)[]) => items.join(t('punct.listSeparator')),
    /** Clauses joined with ； / '; '. */
    clauses: (items: readonly string[]) => items.join(t('punct.clauseSeparator')),
  }
}

/** {@link punctuation} in the language of the moment (see {@link setLocaleSource}), for code without a translator at hand. */
export function punctuationNow() {
  return punctuation(translators[localeSource()])
}
