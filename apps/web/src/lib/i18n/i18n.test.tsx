import { afterEach, describe, expect, it } from 'vitest'
import { useLocaleStore } from './index'

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
