import type { Worker } from 'node:worker_threads'
import { startTsWorker } from '../lib/workers/thread'

export type PgliteRequest =
  | { id: number; kind: 'query'; sql: string; params: unknown[] }
  | { id: number; kind: 'dump'; file: string }
  | { id: number; kind: 'close' }
export type PgliteReply =
  | { id: number; ok: true; rows: Record<string, unknown>[]; affectedRows: number }
  | { id: number; ok: false; error: { message: string } & Record<string, unknown> }

/**
 * The main thread's side of the embedded database: the query/close surface that
 * kysely-pglite-dialect needs, each call a message to the PGlite thread (pglite-thread.ts).
 */
export class PgliteClient {
  closed = false
  private closing = false
  private lostListener: ((error: Error) => void) | undefined
  private nextId = 1
  private readonly pending = new Map<number, { resolve: (reply: PgliteReply) => void; reject: (error: Error) => void }>()
  /** The thread's first message (id 0): the database is open, or why it is not. */
  private readonly ready: Promise<PgliteReply>

  private constructor(private readonly worker: Worker) {
    this.ready = new Promise((resolve, reject) => this.pending.set(0, { resolve, reject }))
    worker.on('message', (reply: PgliteReply) => {
      const waiting = this.pending.get(reply.id)
      if (!waiting) return
      this.pending.delete(reply.id)
      if (this.pending.size === 0) worker.unref()
      waiting.resolve(reply)
    })
    const fail = (error: Error) => {
      const lost = !this.closed && !this.closing
      this.closed = true
      for (const waiting of this.pending.values()) waiting.reject(error)
      this.pending.clear()
      if (lost) this.lostListener?.(error)
    }
    worker.on('error', fail)
    worker.on('exit', (code) => fail(new Error(`embedded database thread ended (exit code ${code})`)))
  }

  /**
   * Opens the embedded database at `dataDir` ('memory://' for a throwaway one) in its own thread;
   * `loadDataDir` names a tar file written by dump() to start from instead of an empty cluster.
   */
  static async open(dataDir: string, loadDataDir?: string): Promise<PgliteClient> {
    const worker = startTsWorker(new URL('./pglite-thread.ts', import.meta.url).href, { dataDir, loadDataDir }, { name: 'pglite' })
    const client = new PgliteClient(worker)
    const ready = await client.ready
    if (!ready.ok) {
      await worker.terminate()
      throw new Error(`embedded database failed to open: ${ready.error.message}`)
    }
    return client
  }

  private send(request: PgliteRequest): Promise<PgliteReply> {
    if (this.closed) return Promise.reject(new Error('embedded database is closed'))
    const id = this.nextId++
    return new Promise<PgliteReply>((resolve, reject) => {
      this.pending.set(id, { resolve, reject })
      // the thread keeps the process alive only while an answer is awaited
      this.worker.ref()
      this.worker.postMessage({ ...request, id })
    })
  }

  async query(sql: string, params: unknown[] = []): Promise<{ rows: Record<string, unknown>[]; affectedRows: number }> {
    const reply = await this.send({ id: 0, kind: 'query', sql, params })
    if (reply.ok) return reply
    throw Object.assign(new Error(reply.error.message), reply.error)
  }

  /** Writes the whole cluster as an uncompressed tar file that open() can start from. */
  async dump(file: string): Promise<void> {
    const reply = await this.send({ id: 0, kind: 'dump', file })
    if (!reply.ok) throw Object.assign(new Error(reply.error.message), reply.error)
  }

  /** Calls `listener` if the database thread ends without close() (a crash): the server cannot go on without it. */
  onLost(listener: (error: Error) => void) {
    this.lostListener = listener
  }

  async close(): Promise<void> {
    if (this.closed) return
    this.closing = true
    try {
      await this.send({ id: 0, kind: 'close' })
    } finally {
      this.closed = true
      await this.worker.terminate()
    }
  }
}
