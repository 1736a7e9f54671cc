import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DatabaseHandle, openDatabase } from './database'
import { underSessionLock } from './session-lock'

/** Two processes on one PostgreSQL: two pools, as two instances (or an instance and the import command) hold. */
const url = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres'
const handles: DatabaseHandle[] = []
beforeAll(async () => {
  for (let k = 0; k < 2; k++) handles.push(await openDatabase({ databaseUrl: url }))
})
afterAll(async () => {
  for (const h of handles) await h.close()
})

/** Runs a piece of work under the lock on each handle at once; answers how many ran at the same time at most. */
async function overlap(keys: [number, number]): Promise<number> {
  let inside = 0
  let most = 0
  await Promise.all(
    handles.map((h, k) =>
      underSessionLock(h.db, h.kind, keys[k] as number, async () => {
        inside++
        most = Math.max(most, inside)
        // long enough that the other process, trying every 250 ms, would be inside meanwhile without the lock
        await sleep(600)
        inside--
      }),
    ),
  )
  return most
}

describe('session locks', () => {
  it('let one process at a time do the work of one key, and different keys at once', async () => {
    expect(await overlap([20269901, 20269901])).toBe(1)
    expect(await overlap([20269901, 20269902])).toBe(2)
  })

  it('are released when the work fails', async () => {
    const [a] = handles as [DatabaseHandle]
    await expect(underSessionLock(a.db, a.kind, 20269903, async () => Promise.reject(new Error('failed work')))).rejects.toThrow(
      'failed work',
    )
    expect(await overlap([20269903, 20269904])).toBe(2)
    const second = handles[1] as DatabaseHandle
    expect(await underSessionLock(second.db, second.kind, 20269903, async () => 'taken')).toBe('taken')
  })
})
