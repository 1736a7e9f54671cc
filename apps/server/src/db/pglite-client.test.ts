import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { PgliteClient } from './pglite-client'

// one journey over three databases: each open starts a thread with PostGIS (about 10 s on a loaded
// 2-core machine), so the cases share them instead of opening five
describe('PgliteClient', () => {
  it('runs statements in its thread, writes a tar file that new ones start from as copies of their own, and tells when the thread dies but not on close', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'pglite-dump-'))
    const tar = path.join(dir, 'db.tar')
    try {
      const source = await PgliteClient.open('memory://')
      expect((await source.query('select $1::int + 1 as n', [41])).rows).toEqual([{ n: 42 }])
      await expect(source.query('select * from no_such_table')).rejects.toMatchObject({ code: '42P01' })
      await source.query('create table t (n int)')
      await source.query('insert into t values (1), (2)')
      await source.dump(tar)
      const lost: Error[] = []
      source.onLost((error) => lost.push(error))
      await source.close()
      expect(lost).toEqual([])
      await expect(source.query('select 1')).rejects.toThrow(/closed/)

      const copy = await PgliteClient.open('memory://', tar)
      await copy.query('insert into t values (3)')
      expect((await copy.query('select sum(n) as s from t')).rows).toEqual([{ s: 6 }])
      const died = new Promise<Error>((resolve) => copy.onLost(resolve))
      // the thread ends as a crash would: the pending statement fails and the listener hears of it
      const pending = copy.query('select pg_sleep(5)')
      await (copy as unknown as { worker: { terminate(): Promise<number> } }).worker.terminate()
      await expect(pending).rejects.toThrow(/ended/)
      expect((await died).message).toMatch(/ended/)

      // the copy's row stayed in the copy
      const again = await PgliteClient.open('memory://', tar)
      expect((await again.query('select count(*) as c from t')).rows).toEqual([{ c: 2 }])
      await again.close()
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
