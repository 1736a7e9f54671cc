import { tZh } from '@rs/shared'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { type Gate, newGate, openGate, POOL_TASKS, taken } from '../../test/pool-tasks'
import { ApiError } from '../errors'
import { createTaskPool, requestError, retryUnderLoad, TaskBusyError, type TaskPool, TaskTimeoutError } from './pool'

const pools: TaskPool[] = []
const gates: Int32Array[] = []
afterEach(async () => {
  for (const gate of gates.splice(0)) openGate(gate)
  await Promise.all(pools.splice(0).map((p) => p.close()))
})

/** A pool of one thread, held by a task until the test opens the gate. */
async function heldPool(budgetFrom: 'queued' | 'started') {
  const pool = createTaskPool({ maxThreads: 1, budgetFrom })
  pools.push(pool)
  const gate = newGate()
  gates.push(gate)
  const holder = pool.run<string>(POOL_TASKS, 'hold', { gate } satisfies Gate, 600_000)
  await vi.waitFor(() => expect(taken(gate)).toBe(1), { timeout: 30_000, interval: 20 })
  return { pool, gate, holder }
}

const BUDGET_MS = 500

describe('a task budget', () => {
  it('counts the wait for a thread in a request pool: a task queued longer than its budget times out', async () => {
    const { pool, gate, holder } = await heldPool('queued')
    const queued = pool.run(POOL_TASKS, 'echo', 'x', BUDGET_MS)
    await expect(queued).rejects.toBeInstanceOf(TaskTimeoutError)
    // it timed out waiting: the thread was still held, and the held task is unharmed
    expect(taken(gate)).toBe(1)
    openGate(gate)
    await expect(holder).resolves.toBe('released')
  })

  it('starts when a thread takes the task in a promised pool: a wait longer than the budget does not count', async () => {
    const { pool, gate, holder } = await heldPool('started')
    const queuedAt = performance.now()
    let settled = false
    const queued = pool.run<string>(POOL_TASKS, 'echo', 'x', BUDGET_MS).finally(() => {
      settled = true
    })
    // the wait outlasts the budget twice over while the thread is held
    await vi.waitFor(() => expect(performance.now() - queuedAt).toBeGreaterThan(2 * BUDGET_MS), { timeout: 30_000, interval: 50 })
    expect(settled).toBe(false)
    openGate(gate)
    await expect(holder).resolves.toBe('released')
    await expect(queued).resolves.toBe('x')
  })

  it('still ends a promised task whose run outlasts its budget, and the pool goes on', async () => {
    const pool = createTaskPool({ maxThreads: 1, budgetFrom: 'started' })
    pools.push(pool)
    const gate = newGate()
    gates.push(gate)
    await expect(pool.run(POOL_TASKS, 'hold', { gate } satisfies Gate, BUDGET_MS)).rejects.toBeInstanceOf(TaskTimeoutError)
    expect(taken(gate)).toBe(1)
    await expect(pool.run(POOL_TASKS, 'echo', 42, 30_000)).resolves.toBe(42)
  })
})

describe('a full queue', () => {
  it('refuses a task at once with TaskBusyError when every thread is busy and maxQueue tasks wait', async () => {
    const pool = createTaskPool({ maxThreads: 1, maxQueue: 2 })
    pools.push(pool)
    const gate = newGate()
    gates.push(gate)
    const holder = pool.run<string>(POOL_TASKS, 'hold', { gate } satisfies Gate, 600_000)
    await vi.waitFor(() => expect(taken(gate)).toBe(1), { timeout: 30_000, interval: 20 })
    // the thread is held: two tasks wait (the queue is full), the third is refused without waiting
    const waiting = [pool.run<string>(POOL_TASKS, 'echo', 'a', 600_000), pool.run<string>(POOL_TASKS, 'echo', 'b', 600_000)]
    await expect(pool.run(POOL_TASKS, 'echo', 'c', 600_000)).rejects.toBeInstanceOf(TaskBusyError)
    expect(taken(gate)).toBe(1)
    openGate(gate)
    await expect(holder).resolves.toBe('released')
    await expect(Promise.all(waiting)).resolves.toEqual(['a', 'b'])
    // places free again once tasks finish
    await expect(pool.run(POOL_TASKS, 'echo', 'd', 30_000)).resolves.toBe('d')
  })

  it('counts the queue in a promised pool too (budget from the start)', async () => {
    const pool = createTaskPool({ maxThreads: 1, maxQueue: 1, budgetFrom: 'started' })
    pools.push(pool)
    const gate = newGate()
    gates.push(gate)
    const holder = pool.run<string>(POOL_TASKS, 'hold', { gate } satisfies Gate, 600_000)
    await vi.waitFor(() => expect(taken(gate)).toBe(1), { timeout: 30_000, interval: 20 })
    const waiting = pool.run<string>(POOL_TASKS, 'echo', 'a', 600_000)
    await expect(pool.run(POOL_TASKS, 'echo', 'b', 600_000)).rejects.toBeInstanceOf(TaskBusyError)
    openGate(gate)
    await expect(holder).resolves.toBe('released')
    await expect(waiting).resolves.toBe('a')
  })
})

describe('requestError', () => {
  const tooSlow = () => ApiError.of(422, 'orbit.errors.tooSlow', { seconds: 5 })

  it("answers a timeout with the caller's error, a full queue with 503 errors.busy and anything else as it is", () => {
    const slow = requestError(new TaskTimeoutError(5000), tooSlow)
    expect(slow).toBeInstanceOf(ApiError)
    expect(slow).toMatchObject({ status: 422 })
    expect(requestError(new TaskBusyError(), tooSlow)).toMatchObject({ status: 503, message: tZh('errors.busy') })
    const other = new RangeError('bad input')
    expect(requestError(other, tooSlow)).toBe(other)
  })

  it("answers a full queue in the caller's own form when it gives one", () => {
    const busy = new Error('ogc busy')
    expect(requestError(new TaskBusyError(), tooSlow, () => busy)).toBe(busy)
  })
})

describe('retryUnderLoad', () => {
  const quick = { attempts: 3, firstDelayMs: 1, maxDelayMs: 4 }

  it('tries again after a timeout or a full queue, waiting longer each time', async () => {
    const failures = [new TaskBusyError(), new TaskTimeoutError(10), new TaskBusyError()]
    const attempt = vi.fn(async () => {
      const failure = failures.shift()
      if (failure) throw failure
      return 'done'
    })
    const delays: number[] = []
    await expect(retryUnderLoad(attempt, quick, (_e, _tries, delayMs) => delays.push(delayMs))).resolves.toBe('done')
    expect(attempt).toHaveBeenCalledTimes(4)
    expect(delays).toHaveLength(3)
    // 1, 2, 4 ms within ±25%
    expect(delays[2]).toBeGreaterThanOrEqual(3)
  })

  it('gives up with the last failure from load after its attempts', async () => {
    const attempt = vi.fn(async () => {
      throw new TaskTimeoutError(10)
    })
    await expect(retryUnderLoad(attempt, quick)).rejects.toBeInstanceOf(TaskTimeoutError)
    expect(attempt).toHaveBeenCalledTimes(1 + quick.attempts)
  })

  it('throws any other error at once', async () => {
    const attempt = vi.fn(async () => {
      throw new Error('bad data')
    })
    await expect(retryUnderLoad(attempt, quick)).rejects.toThrow('bad data')
    expect(attempt).toHaveBeenCalledTimes(1)
  })
})
