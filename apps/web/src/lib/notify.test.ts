import { afterEach, describe, expect, it, vi } from 'vitest'
import { notify, setNotifier } from './notify'

afterEach(() => setNotifier(null))

describe('notify', () => {
  it('keeps the messages sent before the app binds its notifier and shows them once it does, in order', () => {
    notify.warning('登录已过期，请重新登录！')
    notify.error('网络异常')
    const shown: string[] = []
    const notifier = {
      success: vi.fn(),
      warning: (t: string) => shown.push(`warning ${t}`),
      error: (t: string) => shown.push(`error ${t}`),
    }
    setNotifier(notifier)
    expect(shown).toEqual(['warning 登录已过期，请重新登录！', 'error 网络异常'])
    notify.success('已保存')
    expect(notifier.success).toHaveBeenCalledWith('已保存')
  })
})
