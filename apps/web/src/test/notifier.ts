import { afterEach, beforeEach, vi } from 'vitest'
import { setNotifier } from '../lib/notify'

/**
 * A notifier whose toasts a component test reads: set before each test of the file, removed after
 * it, with the globals the test stubbed (fetch) and every mock's calls.
 */
export function fakeNotifier() {
  const notifier = { success: vi.fn(), warning: vi.fn(), error: vi.fn() }
  beforeEach(() => setNotifier(notifier))
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.clearAllMocks()
    setNotifier(null)
  })
  return notifier
}
