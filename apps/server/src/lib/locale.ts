import { AsyncLocalStorage } from 'node:async_hooks'
import { createTranslator, LANGUAGE_HEADER, LANGUAGE_PARAM, type Locale, type MessageKey, setLocaleSource } from '@rs/shared'
import type { FastifyInstance, FastifyRequest } from 'fastify'

/**
 * The caller's language on the server. Each request runs in the language its client asked for
 * (the x-portal-lang header, else ?lang=), Chinese by default; `t` translates in it wherever the
 * request's work goes (services, the error handler, exports, mails sent while answering). Work
 * outside a request (jobs, start-up, the import command) is Chinese unless it runs `withLocale`.
 * Worker threads have no request: what they say goes back as a message key and parameters
 * (lib/workers/task.ts) and is translated here.
 */

const storage = new AsyncLocalStorage<Locale>()
const translators: Record<Locale, ReturnType<typeof createTranslator>> = {
  'zh-CN': createTranslator('zh-CN'),
  'en-US': createTranslator('en-US'),
}

/** en, en-US, EN-us … → en-US; zh, zh-CN … → zh-CN; anything else → undefined. */
export function parseLocale(value: unknown): Locale | undefined {
  if (typeof value !== 'string') return undefined
  const v = value.trim().toLowerCase()
  if (v === 'en' || v === 'en-us') return 'en-US'
  if (v === 'zh' || v === 'zh-cn') return 'zh-CN'
  return undefined
}

/** The language a request asked for: its header, else its query parameter, else Chinese. */
export function localeOf(request: Pick<FastifyRequest, 'headers' | 'query'>): Locale {
  const query = request.query as Record<string, unknown> | undefined
  return parseLocale(request.headers[LANGUAGE_HEADER]) ?? parseLocale(query?.[LANGUAGE_PARAM]) ?? 'zh-CN'
}

/** The language of the work running now (the request's, or Chinese outside a request). */
export function currentLocale(): Locale {
  return storage.getStore() ?? 'zh-CN'
}

// the shared contracts' messages and zod's own are read in the request's language
setLocaleSource(currentLocale)

/**
 * A message not yet translated: its key and parameters, a parameter possibly a message itself. What
 * a worker thread or a cache keeps instead of text, translated where it reaches a caller.
 */
export interface MessageRef {
  key: MessageKey | (string & {})
  params?: MessageParams
}
export type MessageParams = Record<string, string | number | MessageRef>

/** A message reference (for a parameter that is a message itself). */
export function ref(key: MessageKey, params?: MessageParams): MessageRef {
  return params ? { key, params } : { key }
}

export function isMessageRef(value: unknown): value is MessageRef {
  return typeof value === 'object' && value !== null && typeof (value as MessageRef).key === 'string'
}

function flatten(translate: ReturnType<typeof createTranslator>, params?: MessageParams): Record<string, string | number> | undefined {
  if (!params) return undefined
  return Object.fromEntries(
    Object.entries(params).map(([name, value]) => [
      name,
      isMessageRef(value) ? translate(value.key, flatten(translate, value.params)) : value,
    ]),
  )
}

/** Translates in the current language; a parameter may be a {@link MessageRef}. */
export function t(key: MessageKey, params?: MessageParams): string
export function t(key: string, params?: MessageParams): string
export function t(key: string, params?: MessageParams): string {
  const translate = translators[currentLocale()]
  return translate(key, flatten(translate, params))
}

/** The text of a message reference in the current language. */
export function textOfRef(message: MessageRef): string {
  return t(message.key, message.params)
}

/** Notices kept as message keys (older ones as text), in the current language. */
export function notices(list: readonly string[]): string[] {
  return list.map((notice) => t(notice))
}

/** The text of a message reference in Chinese (a record: the audit log, a stored row). */
export function chineseOf(message: MessageRef): string {
  const translate = translators['zh-CN']
  return translate(message.key, flatten(translate, message.params))
}

/** A translator of a given language (a mail to a user in theirs, a cache filled per language). */
export function translatorOf(locale: Locale) {
  return translators[locale]
}

/** Runs work in a language (a job that answers for a user, a test). */
export function withLocale<T>(locale: Locale, work: () => T): T {
  return storage.run(locale, work)
}

/**
 * Every request runs in its language, and every answer varies by the header (a browser or proxy
 * cache keeps one copy per language).
 */
export function registerLocale(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('vary', LANGUAGE_HEADER)
    storage.run(localeOf(request), done)
  })
}
