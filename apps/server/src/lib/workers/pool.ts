import { availableParallelism } from 'node:os'
import Piscina from 'piscina'
import { ApiError } from '../errors'
import { isTaskUserError } from './task'

/**
 * One pool of worker threads for CPU-heavy work on user input (parsing and repairing uploaded
 * areas, drawing map images), so that no request can keep the event loop busy. Every task has a
 * budget: when it is not finished in time its thread is terminated (Piscina aborts a running task
 * by ending its worker) and the caller gets a {@link TaskTimeoutError}; a full queue gives a
 * {@link TaskBusyError} at once.
 */

export class TaskTimeoutError extends Error {
  constructor(readonly budgetMs: number) {
    super(`task over its budget of ${budgetMs} ms`)
    this.name = 'TaskTimeoutError'
  }
}

export class TaskBusyError extends Error {
  constructor() {
    super('task queue full')
    this.name = 'TaskBusyError'
  }
}

export interface TaskPool {
  /** Runs `fn` of the module at `module` (a file URL of our own code) with `input`, within `budgetMs`. */
  run<T>(module: string, fn: string, input: unknown, budgetMs: number): Promise<T>
  close(): Promise<void>
}

export interface TaskPoolOptions {
  /** Most threads (default: the cores less one, at least 1). */
  maxThreads?: number
  /** Most tasks waiting for a thread before new ones are refused. */
  maxQueue?: number
  /** Heap limit of each thread in MB: a task that allocates more fails instead of the server. */
  maxHeapMb?: number
  /**
   * Threads kept when idle once the pool has started (default 0: idle threads end after a minute).
   * A thread takes about half a second to start (TypeScript, GEOS), which a first map tile would wait.
   */
  keepThreads?: number
  /**
   * Scheduling niceness of the threads (Linux: 0 normal … 19 lowest). Work nobody waits for (what a
   * start prepares ahead of visitors) runs niced, so requests' threads and the event loop come first.
   */
  nice?: number
}

export function createTaskPool(options: TaskPoolOptions = {}): TaskPool {
  const maxThreads = options.maxThreads ?? Math.max(1, availableParallelism() - 1)
  let pool: Piscina | undefined
  // threads start on first use, so a server (or a test) that never needs one pays nothing
  const get = () => {
    pool ??= new Piscina({
      filename: new URL('./boot.mjs', import.meta.url).href,
      minThreads: Math.min(options.keepThreads ?? 0, maxThreads),
      maxThreads,
      maxQueue: options.maxQueue ?? 16,
      idleTimeout: 60_000,
      resourceLimits: { maxOldGenerationSizeMb: options.maxHeapMb ?? 1024 },
      workerData: { nice: options.nice ?? 0 },
    })
    return pool
  }
  return {
    async run<T>(module: string, fn: string, input: unknown, budgetMs: number): Promise<T> {
      const signal = AbortSignal.timeout(Math.max(1, Math.ceil(budgetMs)))
      let result: unknown
      try {
        result = await get().run({ module, fn, input }, { signal })
      } catch (error) {
        if (signal.aborted) throw new TaskTimeoutError(budgetMs)
        if (error instanceof Error && /queue is at limit/i.test(error.message)) throw new TaskBusyError()
        throw error
      }
      if (isTaskUserError(result)) throw new ApiError(result.userError.status, result.userError.message, result.userError.code)
      return result as T
    },
    async close() {
      const p = pool
      pool = undefined
      await p?.destroy()
    },
  }
}
