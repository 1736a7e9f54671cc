import { Worker } from 'node:worker_threads'

/** Starts a worker thread running the TypeScript module at `entry` (a file URL), with `data` as its workerData. */
export function startTsWorker(entry: string, data: Record<string, unknown>, options: { name: string }): Worker {
  return new Worker(new URL('./ts-thread.mjs', import.meta.url), { workerData: { ...data, entry }, name: options.name })
}
