import { afterEach, describe, expect, it } from 'vitest'
import { initialLocale, useLocaleStore } from './index'

describe('UI language', () => {
  afterEach(() => useLocaleStore.getState().setLocale('zh-CN'))

  it('sets the page language attribute when the language changes', () => {
    expect(document.documentElement.lang).toBe('zh-CN')
    useLocaleStore.getState().setLocale('en-US')
    expect(document.documentElement.lang).toBe('en-US')
    useLocaleStore.getState().setLocale('zh-CN')
    expect(document.documentElement.lang).toBe('zh-CN')
  })
})

describe('the language a page opens in', () => {
  afterEach(() => localStorage.clear())

  it('takes the language of the address over the stored choice, and stores it', () => {
    localStorage.setItem('locale', 'zh-CN')
    expect(initialLocale('?lang=en')).toBe('en-US')
    expect(localStorage.getItem('locale')).toBe('en-US')
    expect(initialLocale('?lang=zh')).toBe('zh-CN')
    expect(localStorage.getItem('locale')).toBe('zh-CN')
  })

  it('keeps the stored choice for an address without a language', () => {
    localStorage.setItem('locale', 'en-US')
    expect(initialLocale('')).toBe('en-US')
    expect(initialLocale('?tab=2&lang=fr')).toBe('en-US')
    localStorage.clear()
    expect(initialLocale('')).toBe('zh-CN')
  })
})
