import { describe, expect, it } from 'vitest'
import { PgliteClient } from './pglite-client'

describe('PgliteClient', () => {
  it('runs statements in its thread, passes errors with their SQLSTATE, and tells when the thread dies but not on close', async () => {
    const client = await PgliteClient.open('memory://')
    expect((await client.query('select $1::int + 1 as n', [41])).rows).toEqual([{ n: 42 }])
    await expect(client.query('select * from no_such_table')).rejects.toMatchObject({ code: '42P01' })
    const lost: Error[] = []
    client.onLost((error) => lost.push(error))
    await client.close()
    expect(lost).toEqual([])
    await expect(client.query('select 1')).rejects.toThrow(/closed/)

    const crashing = await PgliteClient.open('memory://')
    const died = new Promise<Error>((resolve) => crashing.onLost(resolve))
    // the thread ends as a crash would: the pending statement fails and the listener hears of it
    const pending = crashing.query('select pg_sleep(5)')
    await (crashing as unknown as { worker: { terminate(): Promise<number> } }).worker.terminate()
    await expect(pending).rejects.toThrow(/ended/)
    expect((await died).message).toMatch(/ended/)
  })
})
