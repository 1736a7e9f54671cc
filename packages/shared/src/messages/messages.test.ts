import { describe, expect, it } from 'vitest'
import { createTranslator, format, zhCN } from '.'

function keysOf(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : keysOf(v as object, `${prefix}${k}.`)))
}

describe('messages', () => {
  it('fills placeholders', () => {
    expect(format('再失败{left}次', { left: 3 })).toBe('再失败3次')
    expect(format('{a}-{missing}', { a: 1 })).toBe('1-{missing}')
  })

  it('answers every key in English or, failing that, Chinese', () => {
    const en = createTranslator('en-US')
    for (const key of keysOf(zhCN)) expect(en(key), key).not.toBe(key)
    expect(en('nav.home')).toBe('Home')
  })

  it('answers the key itself when nothing matches', () => {
    expect(createTranslator()('errors.sessionExpired')).toBe('登录已过期，请重新登录！')
    expect(createTranslator()('no.such.key')).toBe('no.such.key')
  })
})
