/**
 * Tasks for tests of the worker pools (lib/workers/pool.ts), run in their threads. A gate is an
 * Int32Array on a SharedArrayBuffer: slot 0 opens it (0 closed, 1 open), slot 1 counts the tasks a
 * thread has taken. A held task keeps its thread until the test opens the gate, so a test can fill
 * a pool and know it is full, with no timing.
 */

export interface Gate {
  gate: Int32Array
}

/** A new closed gate. */
export function newGate(): Int32Array {
  return new Int32Array(new SharedArrayBuffer(8))
}

/** Opens the gate: every held task returns. */
export function openGate(gate: Int32Array) {
  Atomics.store(gate, 0, 1)
  Atomics.notify(gate, 0)
}

/** How many held tasks a thread has taken so far. */
export const taken = (gate: Int32Array) => Atomics.load(gate, 1)

/** In a thread: counts itself as taken, then blocks its thread until the gate opens. */
export function hold(input: Gate): string {
  Atomics.add(input.gate, 1, 1)
  Atomics.wait(input.gate, 0, 0)
  return 'released'
}

/** In a thread: answers its input at once. */
export function echo<T>(input: T): T {
  return input
}

export const POOL_TASKS = new URL(import.meta.url).href
