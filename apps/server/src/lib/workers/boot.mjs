// Worker threads start here: TypeScript support (tsx), then the task modules the pool names.
// Plain JavaScript, because a worker thread does not inherit the parent's loader hooks on Node 20.
import { setPriority } from 'node:os'
import Piscina from 'piscina'
import { register } from 'tsx/esm/api'

register()
const modules = new Map()

// a niced pool (pool.ts `nice`): on Linux the priority of pid 0 is this thread's own
if (Piscina.workerData?.nice) {
  try {
    setPriority(0, Piscina.workerData.nice)
  } catch {
    // a system that refuses it runs the thread at normal priority
  }
}

/**
 * Runs one task: `task.module` is a file URL from the server's own code, never from a request. A
 * pool that counts a task's budget from its start (pool.ts `budgetFrom: 'started'`) hands a port in
 * `task.started`: the thread says it has taken the task, and the budget starts then.
 */
export default async function run(task) {
  if (task.started) {
    task.started.postMessage(null)
    task.started.close()
  }
  let loaded = modules.get(task.module)
  if (!loaded) {
    loaded = import(task.module)
    modules.set(task.module, loaded)
  }
  const fn = (await loaded)[task.fn]
  if (typeof fn !== 'function') throw new Error(`no task ${task.fn} in ${task.module}`)
  // the caller's language (pool.ts): a task wrapped by taskWithUserErrors (task.ts) runs in it
  return fn(task.input, task.locale)
}

export const workerData = Piscina.workerData
