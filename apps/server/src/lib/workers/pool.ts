import { availableParallelism } from 'node:os'
import { setTimeout as sleep } from 'node:timers/promises'
import { MessageChannel } from 'node:worker_threads'
import Piscina from 'piscina'
import { ApiError } from '../errors'
import { currentLocale, t } from '../locale'
import { isTaskUserError } from './task'

/**
 * One pool of worker threads for CPU-heavy work on user input (parsing and repairing uploaded
 * areas, drawing map images), so that no request can keep the event loop busy. Every task has a
 * budget: when it is not finished in time its thread is terminated (Piscina aborts a running task
 * by ending its worker) and the caller gets a {@link TaskTimeoutError}; a full queue gives a
 * {@link TaskBusyError} at once.
 *
 * Where the budget starts is the pool's choice ({@link TaskPoolOptions.budgetFrom}): a request's
 * pool counts the wait for a thread (a request nobody can serve soon answers busy instead of piling
 * up); the pool of promised work (order packages, imports) counts only the run, so a queue of
 * anonymous work elsewhere, or its own queue, never makes a promised task fail.
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
  /**
   * Most tasks waiting for a thread before new ones are refused (default 16). Counted here, not by
   * Piscina: Piscina 5.3 keeps a task with an abort signal, which every task here has, in a queue of
   * its own that it does not count against its own maxQueue. A task is refused when the tasks in
   * flight (running or waiting) already fill every thread and this many places in the queue.
   */
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
  /**
   * When a task's budget starts: 'queued' (default) when it is handed to the pool, so its wait for a
   * thread counts; 'started' when a thread takes it, so only its run counts (the thread reports its
   * start through a message port; see boot.mjs).
   */
  budgetFrom?: 'queued' | 'started'
}

export function createTaskPool(options: TaskPoolOptions = {}): TaskPool {
  const maxThreads = options.maxThreads ?? Math.max(1, availableParallelism() - 1)
  const maxQueue = options.maxQueue ?? 16
  /** Tasks handed to Piscina and not yet settled: running or waiting for a thread. */
  let inFlight = 0
  let pool: Piscina | undefined
  // threads start on first use, so a server (or a test) that never needs one pays nothing
  const get = () => {
    pool ??= new Piscina({
      filename: new URL('./boot.mjs', import.meta.url).href,
      minThreads: Math.min(options.keepThreads ?? 0, maxThreads),
      maxThreads,
      // Piscina ignores this for tasks with a signal (all of ours); run() counts the queue itself
      maxQueue,
      idleTimeout: 60_000,
      resourceLimits: { maxOldGenerationSizeMb: options.maxHeapMb ?? 1024 },
      workerData: { nice: options.nice ?? 0 },
    })
    return pool
  }
  const budget = (budgetMs: number) => Math.max(1, Math.ceil(budgetMs))
  /** The task in a thread, its budget counted from now (the wait included). */
  const runFromQueued = (task: unknown, budgetMs: number) => {
    const signal = AbortSignal.timeout(budget(budgetMs))
    return { result: get().run(task, { signal }), timedOut: () => signal.aborted }
  }
  /** The task in a thread, its budget counted from the moment the thread reports that it took it. */
  const runFromStarted = (task: Record<string, unknown>, budgetMs: number) => {
    const controller = new AbortController()
    const { port1, port2 } = new MessageChannel()
    let timer: NodeJS.Timeout | undefined
    let settled = false
    port1.once('message', () => {
      if (!settled) timer = setTimeout(() => controller.abort(), budget(budgetMs))
    })
    const result = get()
      .run({ ...task, started: port2 }, { signal: controller.signal, transferList: [port2] })
      .finally(() => {
        settled = true
        clearTimeout(timer)
        port1.close()
      })
    return { result, timedOut: () => controller.signal.aborted }
  }
  return {
    async run<T>(module: string, fn: string, input: unknown, budgetMs: number): Promise<T> {
      // every thread busy and the queue full: refused at once, before the task reaches Piscina
      if (inFlight >= maxThreads + maxQueue) throw new TaskBusyError()
      // the thread has no request: the caller's language goes with the task (task.ts runs it in it)
      const task = { module, fn, input, locale: currentLocale() }
      inFlight++
      let result: unknown
      try {
        const { result: running, timedOut } =
          options.budgetFrom === 'started' ? runFromStarted(task, budgetMs) : runFromQueued(task, budgetMs)
        try {
          result = await running
        } catch (error) {
          if (timedOut()) throw new TaskTimeoutError(budgetMs)
          if (error instanceof Error && /queue is at limit/i.test(error.message)) throw new TaskBusyError()
          throw error
        }
      } finally {
        inFlight--
      }
      if (isTaskUserError(result)) {
        // the thread's error in the caller's language: from its message key, else its own text
        const { status, text, message, code } = result.userError
        const error = new ApiError(status, message ? t(message.key, message.params) : text, code)
        error.messageRef = message
        throw error
      }
      return result as T
    },
    async close() {
      const p = pool
      pool = undefined
      await p?.destroy()
    },
  }
}

/** A failure from load, not from the task's input: no thread in time, or a full queue. */
export const isLoadFailure = (error: unknown): error is TaskTimeoutError | TaskBusyError =>
  error instanceof TaskTimeoutError || error instanceof TaskBusyError

/**
 * What a request answers for a task that failed: over its budget the caller's `tooSlow` (a 422 that
 * names the budget, as a rule), a full queue `busy` (503 errors.busy unless the caller's protocol has
 * its own form), anything else the error itself. Used as `catch (error) { throw requestError(error, …) }`.
 */
export function requestError(error: unknown, tooSlow: () => Error, busy: () => Error = () => ApiError.of(503, 'errors.busy')): unknown {
  if (error instanceof TaskTimeoutError) return tooSlow()
  if (error instanceof TaskBusyError) return busy()
  return error
}

/** How promised work retries a failure from load: `attempts` more tries, waiting `firstDelayMs`, then twice as long each time. */
export interface LoadRetry {
  attempts: number
  firstDelayMs: number
  /** Longest wait between two tries. */
  maxDelayMs: number
}

/** Four more tries over about 30 s (2, 4, 8, 16 s): a machine busy for a while, not a task that cannot finish. */
export const DEFAULT_LOAD_RETRY: LoadRetry = { attempts: 4, firstDelayMs: 2_000, maxDelayMs: 30_000 }

/**
 * Runs `attempt` and, when it fails from load ({@link isLoadFailure}), tries again after an
 * exponentially growing wait (with jitter, so failed tasks do not return together); any other error,
 * and the last failure from load, is thrown at once. `onRetry` hears of each retry (for the log).
 */
export async function retryUnderLoad<T>(
  attempt: () => Promise<T>,
  retry: LoadRetry = DEFAULT_LOAD_RETRY,
  onRetry?: (error: TaskTimeoutError | TaskBusyError, tries: number, delayMs: number) => void,
): Promise<T> {
  for (let tries = 1; ; tries++) {
    try {
      return await attempt()
    } catch (error) {
      if (!isLoadFailure(error) || tries > retry.attempts) throw error
      const delayMs = Math.round(Math.min(retry.maxDelayMs, retry.firstDelayMs * 2 ** (tries - 1)) * (0.75 + Math.random() * 0.5))
      onRetry?.(error, tries, delayMs)
      await sleep(delayMs)
    }
  }
}
