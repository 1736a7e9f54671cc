import { CHUNK_TIMEOUT_MS } from '@rs/shared'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { type ChunkLoadError, isChunkLoadError, loadChunk } from './chunk-load'

describe('loadChunk', () => {
  afterEach(() => vi.useRealTimers())

  it('resolves with the module when the import succeeds', async () => {
    await expect(loadChunk(async () => ({ default: 1 }))).resolves.toEqual({ default: 1 })
  })

  it('turns a failed import into a ChunkLoadError', async () => {
    const error = await loadChunk(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module'))).catch((e) => e)
    expect(isChunkLoadError(error)).toBe(true)
    expect((error as ChunkLoadError).reason).toBe('failed')
  })

  it('gives up after 120 000 ms', async () => {
    vi.useFakeTimers()
    const pending = loadChunk(() => new Promise(() => {}))
    const outcome = pending.catch((e: unknown) => e)
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS - 1)
    let settled = false
    void pending.catch(() => {}).finally(() => (settled = true))
    await Promise.resolve()
    expect(settled).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(await outcome).toMatchObject({ name: 'ChunkLoadError', reason: 'timeout' })
  })
})
