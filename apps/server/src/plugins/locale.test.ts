import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../lib/errors'
import { currentLocale, localeOf, parseLocale, registerLocale, t, withLocale } from '../lib/locale'
import { registerErrorHandling } from './errors'

describe('the caller’s language', () => {
  it('reads en, en-US, zh and zh-CN in any case, and nothing else', () => {
    expect(parseLocale('EN')).toBe('en-US')
    expect(parseLocale(' en-us ')).toBe('en-US')
    expect(parseLocale('zh')).toBe('zh-CN')
    expect(parseLocale('fr')).toBeUndefined()
    expect(parseLocale(['en'])).toBeUndefined()
    expect(localeOf({ headers: {}, query: { lang: 'en' } })).toBe('en-US')
    // the header wins over the parameter; neither: Chinese
    expect(localeOf({ headers: { 'x-portal-lang': 'zh-CN' }, query: { lang: 'en' } })).toBe('zh-CN')
    expect(localeOf({ headers: {}, query: {} })).toBe('zh-CN')
  })

  it('is Chinese outside a request, and what withLocale says inside it', async () => {
    expect(currentLocale()).toBe('zh-CN')
    const inside = await withLocale('en-US', async () => {
      await new Promise((resolve) => setImmediate(resolve))
      return t('errors.loginRequired')
    })
    expect(inside).toBe('Please log in first')
    expect(t('errors.loginRequired')).toBe('请先登录')
  })

  it('answers each request in its language, through awaits, with Vary naming the header', async () => {
    const app = Fastify()
    registerErrorHandling(app)
    registerLocale(app)
    app.get('/needs-login', async () => {
      await new Promise((resolve) => setTimeout(resolve, 5))
      throw ApiError.of(401, 'errors.loginRequired')
    })
    const [zh, en, byParam] = await Promise.all([
      app.inject({ method: 'GET', url: '/needs-login' }),
      app.inject({ method: 'GET', url: '/needs-login', headers: { 'x-portal-lang': 'en-US' } }),
      app.inject({ method: 'GET', url: '/needs-login?lang=en' }),
    ])
    expect(zh.json().message).toBe('请先登录')
    expect(en.json().message).toBe('Please log in first')
    expect(byParam.json().message).toBe('Please log in first')
    expect(en.headers.vary).toContain('x-portal-lang')
    await app.close()
  })
})
