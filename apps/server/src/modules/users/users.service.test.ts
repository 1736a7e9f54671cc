import type { UserInfo } from '@rs/shared'
import { describe, expect, it } from 'vitest'
import type { AuditRecorder } from '../../lib/audit'
import type { UsersRepository } from './users.repository'
import { createUsersService } from './users.service'

const audit = { record: async () => {} } as unknown as AuditRecorder
const noSessions = { emit: async () => {} }
const caller = { sessionId: 1, userId: 7, username: 'neimenggu', isServiceAccount: false, permissions: ['MOD_056'], regionIds: ['150000'] }
const info = { id: 7, username: 'neimenggu' } as UserInfo

function fakeRepo(overrides: Partial<UsersRepository> = {}) {
  const calls = { info: 0 }
  const repo = {
    findUserInfo: async () => {
      calls.info++
      return info
    },
    listAreaRanges: async () => [
      { type: 'regionId', regionId: '150000', status: 0, isDelete: 0 },
      { type: 'regionId', regionId: '130000', status: 0, isDelete: 1 },
    ],
    findUserIdByName: async () => 9,
    ...overrides,
  } as unknown as UsersRepository
  return { repo, calls }
}

describe('users service', () => {
  it('reuses user information within the cache time only', async () => {
    const cached = fakeRepo()
    const service = createUsersService(cached.repo, { cacheMs: 60_000 }, audit, noSessions)
    await service.userInfo(caller)
    await service.userInfo(caller)
    expect(cached.calls.info).toBe(1)

    const uncached = fakeRepo()
    const fresh = createUsersService(uncached.repo, { cacheMs: 0 }, audit, noSessions)
    await fresh.userInfo(caller)
    await fresh.userInfo(caller)
    expect(uncached.calls.info).toBe(2)
  })

  it('answers 401 when the user of a session is gone', async () => {
    const { repo } = fakeRepo({ findUserInfo: async () => undefined })
    await expect(createUsersService(repo, { cacheMs: 0 }, audit, noSessions).userInfo(caller)).rejects.toMatchObject({ status: 401 })
  })

  it('keeps active area ranges and refuses other users to a non-administrator', async () => {
    const { repo } = fakeRepo()
    const service = createUsersService(repo, { cacheMs: 0 }, audit, noSessions)
    expect(await service.areaRanges(caller, {})).toEqual([{ type: 'regionId', regionId: '150000', status: 0, isDelete: 0 }])
    await expect(service.areaRanges(caller, { id: 9 })).rejects.toMatchObject({ status: 403 })
    expect(await service.areaRanges({ ...caller, permissions: ['MOD_001'] }, { username: 'other' })).toHaveLength(1)
  })
})
