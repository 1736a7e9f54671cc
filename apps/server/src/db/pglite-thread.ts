import { readFileSync, writeFileSync } from 'node:fs'
import { parentPort, workerData } from 'node:worker_threads'
import { PGlite } from '@electric-sql/pglite'
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist'
import { postgis } from '@electric-sql/pglite-postgis'
import type { PgliteReply, PgliteRequest } from './pglite-client'

/**
 * The embedded database's own thread: PGlite (PostgreSQL compiled to WebAssembly) runs every
 * statement synchronously, so it lives here and the event loop of the server stays free while a
 * statement runs. Statements arrive one at a time (pglite-client.ts queues them).
 */
const port = parentPort
if (!port) throw new Error('pglite-thread runs only as a worker thread')

const errorFields = ['code', 'detail', 'hint', 'position', 'schema', 'table', 'column', 'constraint', 'severity', 'where'] as const

try {
  const load = workerData.loadDataDir as string | undefined
  const lite = await PGlite.create(workerData.dataDir as string, {
    extensions: { postgis, btree_gist },
    loadDataDir: load ? new Blob([readFileSync(load)]) : undefined,
    parsers: { 20: (v: string) => Number(v) },
  })
  port.on('message', async (request: PgliteRequest) => {
    let reply: PgliteReply
    if (request.kind === 'close') {
      await lite.close()
      reply = { id: request.id, ok: true, rows: [], affectedRows: 0 }
    } else if (request.kind === 'dump') {
      try {
        const tar = await lite.dumpDataDir('none')
        writeFileSync(request.file, Buffer.from(await tar.arrayBuffer()))
        reply = { id: request.id, ok: true, rows: [], affectedRows: 0 }
      } catch (error) {
        reply = { id: request.id, ok: false, error: { message: (error as Error).message } }
      }
    } else {
      try {
        const result = await lite.query(request.sql, request.params)
        reply = { id: request.id, ok: true, rows: result.rows as Record<string, unknown>[], affectedRows: result.affectedRows ?? 0 }
      } catch (error) {
        const e = error as Error & Record<string, unknown>
        const fields = Object.fromEntries(errorFields.filter((f) => e[f] !== undefined).map((f) => [f, e[f]]))
        reply = { id: request.id, ok: false, error: { message: e.message, ...fields } }
      }
    }
    port.postMessage(reply)
  })
  port.postMessage({ id: 0, ok: true, rows: [], affectedRows: 0 } satisfies PgliteReply)
} catch (error) {
  port.postMessage({ id: 0, ok: false, error: { message: (error as Error).message } } satisfies PgliteReply)
}
