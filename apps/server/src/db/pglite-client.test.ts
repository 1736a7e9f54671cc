import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
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

  it('writes the database to a tar file that a new one starts from, and the copy is its own', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'pglite-dump-'))
    try {
      const source = await PgliteClient.open('memory://')
      await source.query('create table t (n int)')
      await source.query('insert into t values (1), (2)')
      await source.dump(path.join(dir, 'db.tar'))
      await source.close()
      const copy = await PgliteClient.open('memory://', path.join(dir, 'db.tar'))
      await copy.query('insert into t values (3)')
      expect((await copy.query('select sum(n) as s from t')).rows).toEqual([{ s: 6 }])
      await copy.close()
      const again = await PgliteClient.open('memory://', path.join(dir, 'db.tar'))
      expect((await again.query('select count(*) as c from t')).rows).toEqual([{ c: 2 }])
      await again.close()
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
