import { describe, expect, it } from 'vitest'
import { Id, IdParam, queryInt, requiredString, text } from '../contracts/common'
import { findForbiddenText, forbiddenCharacter } from './text'

describe('forbidden characters', () => {
  it('finds C0 controls, DEL and lone surrogates; tab and line breaks only in single-line text', () => {
    expect(forbiddenCharacter('北京市')).toBeUndefined()
    expect(forbiddenCharacter('卫星🛰️')).toBeUndefined()
    expect(forbiddenCharacter('a\u0000b')).toBe('U+0000')
    expect(forbiddenCharacter('\u001f')).toBe('U+001F')
    expect(forbiddenCharacter('x\u007f')).toBe('U+007F')
    expect(forbiddenCharacter('\ud800x')).toBe('U+D800')
    expect(forbiddenCharacter('x\udc00')).toBe('U+DC00')
    expect(forbiddenCharacter('一\n二')).toBe('U+000A')
    expect(forbiddenCharacter('一\r\n二\t三', { multiline: true })).toBeUndefined()
    expect(forbiddenCharacter('一\u000b二', { multiline: true })).toBe('U+000B')
  })

  it('walks nested input, keys included, and names where it found one', () => {
    expect(findForbiddenText({ a: [1, 'ok', { b: 'x\u0000' }] }, 'body')).toEqual({ path: 'body.a[2].b', character: 'U+0000' })
    expect(findForbiddenText({ 'k\u0001': 1 }, 'query')).toEqual({ path: 'query', character: 'U+0001' })
    expect(findForbiddenText({ text: '第一段\n\n第二段' }, 'body')).toBeUndefined()
    expect(findForbiddenText(null)).toBeUndefined()
  })
})

describe('strict numbers and strings of the contracts', () => {
  it('takes ids in JSON bodies as JSON integers only', () => {
    expect(Id.parse(7)).toBe(7)
    for (const bad of [true, '1', 1.5, 0, -1, 1e308, 2 ** 31, null, [1], Number.NaN])
      expect(Id.safeParse(bad).success, String(bad)).toBe(false)
  })

  it('takes ids and counts in URLs as digits only', () => {
    expect(IdParam.parse('42')).toBe(42)
    expect(IdParam.parse(42)).toBe(42)
    for (const bad of [
      '0',
      '-1',
      '+1',
      '1e3',
      '0x10',
      ' 7',
      '7 ',
      '1.0',
      '',
      'NaN',
      'Infinity',
      '99999999999999999999',
      '2147483648',
      '01',
    ])
      expect(IdParam.safeParse(bad).success, bad).toBe(false)
    const page = queryInt(1, 50)
    expect(page.parse('50')).toBe(50)
    expect(page.safeParse('51').success).toBe(false)
    expect(queryInt(0, 0).parse('0')).toBe(0)
  })

  it('refuses control characters in single-line strings and allows line breaks where text is multi-line', () => {
    expect(text({ max: 10 }).safeParse('a\u0000').success).toBe(false)
    expect(text({ max: 10 }).safeParse('a\nb').success).toBe(false)
    expect(text({ max: 10, multiline: true }).safeParse('a\nb').success).toBe(true)
    expect(requiredString('news.bodyRequired', 100, { multiline: true }).safeParse('一\n\n二').success).toBe(true)
    expect(requiredString('news.titleRequired', 100).safeParse('一\n二').success).toBe(false)
  })
})
