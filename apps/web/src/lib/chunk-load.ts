import { CHUNK_TIMEOUT_MS } from '@rs/shared'
import { create } from 'zustand'

/** Why a screen's code could not be loaded. */
export type ChunkFailure = 'failed' | 'timeout'

/** A lazy screen import that failed or took too long (SPEC.md §8). */
export class ChunkLoadError extends Error {
  constructor(
    readonly reason: ChunkFailure,
    options?: { cause?: unknown },
  ) {
    super(reason === 'timeout' ? `chunk load timed out after ${CHUNK_TIMEOUT_MS} ms` : 'chunk load failed', options)
    this.name = 'ChunkLoadError'
  }
}

/** Runs a dynamic import; rejects with ChunkLoadError when it fails or is slower than the limit. */
export function loadChunk<T>(load: () => Promise<T>, timeoutMs: number = CHUNK_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError('timeout')), timeoutMs)
    load().then(
      (module) => {
        clearTimeout(timer)
        resolve(module)
      },
      (error: unknown) => {
        clearTimeout(timer)
        reject(error instanceof ChunkLoadError ? error : new ChunkLoadError('failed', { cause: error }))
      },
    )
  })
}

/** Whether an error means "the code of the page could not be fetched". */
export function isChunkLoadError(error: unknown): error is ChunkLoadError {
  return error instanceof ChunkLoadError
}

interface ChunkErrorState {
  failure: ChunkFailure | null
  report: (failure: ChunkFailure) => void
  clear: () => void
}

/** Set when Vite reports a failed preload (a stylesheet or a shared chunk); the layout then shows the error view. */
export const useChunkErrorStore = create<ChunkErrorState>((set) => ({
  failure: null,
  report: (failure) => set({ failure }),
  clear: () => set({ failure: null }),
}))

/** Listens for Vite's vite:preloadError event (fired for failed JS and CSS preloads). */
export function listenForPreloadErrors(target: Window = window): () => void {
  const handler = (event: Event) => {
    console.error('preload failed', (event as Event & { payload?: unknown }).payload)
    useChunkErrorStore.getState().report('failed')
  }
  target.addEventListener('vite:preloadError', handler)
  return () => target.removeEventListener('vite:preloadError', handler)
}
