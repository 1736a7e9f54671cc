// A worker thread that runs one TypeScript module (workerData.entry): loader hooks are not
// inherited by worker threads on Node 20, so tsx is registered here first.
import { workerData } from 'node:worker_threads'
import { register } from 'tsx/esm/api'

register()
await import(workerData.entry)
