import { regionContains, regionScope } from '@rs/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DatabaseHandle, migrateToLatest, openDatabase } from './database'
import { scopeSql } from './fragments'
import { loadReferenceData } from './reference-data'

let database: DatabaseHandle
let allCodes: string[]

beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' })
  await migrateToLatest(database.db)
  await loadReferenceData(database.db)
  allCodes = (await database.db.selectFrom('region').select('code').execute()).map((r) => r.code)
})
afterAll(async () => {
  await database?.close()
})

const inScope = async (allowed: string[]) =>
  (
    await database.db
      .selectFrom('region')
      .select('code')
      .where(scopeSql('code', regionScope(allowed)))
      .orderBy('code')
      .execute()
  ).map((r) => r.code)

describe('scopeSql on the regions table', () => {
  it('keeps exactly the regions the code rules put inside the allowed ones', async () => {
    expect(allCodes.length).toBeGreaterThan(3000)
    for (const allowed of [['150000'], ['320100'], ['110105'], ['150000', '320100', '110105'], ['150100', '150000']]) {
      const expected = allCodes.filter((code) => allowed.some((a) => regionContains(a, code))).sort()
      const got = await inScope(allowed)
      expect(got, allowed.join()).toEqual(expected)
      expect(got.length, allowed.join()).toBeGreaterThan(0)
    }
  })

  it('keeps everything for the whole country and nothing without an area range', async () => {
    expect(await inScope(['100000'])).toHaveLength(allCodes.length)
    expect(await inScope([])).toEqual([])
    expect(await inScope(['not a code', "15%' or true --"])).toEqual([])
  })
})
