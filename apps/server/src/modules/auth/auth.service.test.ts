import { describe, expect, it } from 'vitest'
import type { AuditEvent, AuditRecorder } from '../../lib/audit'
import { ApiError } from '../../lib/errors'
import type { AuthRepository } from './auth.repository'
import { type AuthSettings, createAuthService } from './auth.service'

const settings: AuthSettings = {
  sessionCacheMs: 0,
  captchaTtlSeconds: 300,
  sessionIdleMinutes: 120,
  sessionMaxHours: 12,
  maxFailures: 5,
  lockMinutes: 15,
  autoLoginEnabled: true,
  maxSessionsPerUser: 5,
  serviceSessionMinutes: 30,
  maxServiceSessions: 200,
}

/** An audit service that keeps what it is given. */
function fakeAudit() {
  const events: AuditEvent[] = []
  const audit = {
    record: async (event: AuditEvent) => {
      events.push(event)
    },
  } as unknown as AuditRecorder
  return { audit, events }
}

function fakeRepo(overrides: Partial<AuthRepository> = {}) {
  const sessions: Array<{ userId: number; expiresAt: Date }> = []
  const repo = {
    findServiceAccount: async (username: string) => (username === 'svc_code1' ? { id: 7, disabled: false } : undefined),
    createSession: async (s: { userId: number; expiresAt: Date; maxSessions: number }) => {
      sessions.push(s)
      return []
    },
    ...overrides,
  } as unknown as AuthRepository
  return { repo, sessions }
}

describe('auth service: automatic login', () => {
  it('opens a short, capped session for the service account and records it', async () => {
    const now = new Date('2026-11-21T08:00:00Z')
    const { repo, sessions } = fakeRepo()
    const { audit, events } = fakeAudit()
    const token = await createAuthService(repo, settings, audit, () => now).autoLogin(1, { ip: '127.0.0.1', userAgent: 'test' })
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(sessions).toEqual([expect.objectContaining({ userId: 7, expiresAt: new Date('2026-11-21T08:30:00Z'), maxSessions: 200 })])
    expect(events).toEqual([expect.objectContaining({ action: 'autoLogin', ip: '127.0.0.1', actor: { userId: 7, username: 'svc_code1' } })])
  })

  it('is refused when the operator turned it off', async () => {
    const { repo, sessions } = fakeRepo()
    const service = createAuthService(repo, { ...settings, autoLoginEnabled: false }, fakeAudit().audit)
    await expect(service.autoLogin(1, { ip: '', userAgent: '' })).rejects.toMatchObject({ status: 403, message: '自动登录未开放' })
    expect(sessions).toHaveLength(0)
  })

  it('is refused when the service account is missing', async () => {
    const { repo } = fakeRepo()
    await expect(createAuthService(repo, settings, fakeAudit().audit).autoLogin(2, { ip: '', userAgent: '' })).rejects.toBeInstanceOf(
      ApiError,
    )
  })
})

describe('auth service: session cache', () => {
  const user = { sessionId: 1, userId: 7, username: 'admin', isServiceAccount: false, permissions: [], regionIds: [] }

  it('reuses a resolved session within the cache time and forgets it on logout', async () => {
    let lookups = 0
    const { repo } = fakeRepo({
      resolveSession: async (hash: string) => {
        lookups++
        return hash === 'known' ? user : undefined
      },
      deleteSession: async () => {},
    } as Partial<AuthRepository>)
    const service = createAuthService(repo, { ...settings, sessionCacheMs: 60_000 }, fakeAudit().audit)
    expect(await service.resolveSession('known')).toEqual(user)
    expect(await service.resolveSession('known')).toEqual(user)
    expect(lookups).toBe(1)
    await service.logout(user, 'known', { ip: '', userAgent: '' })
    await service.resolveSession('known')
    expect(lookups).toBe(2)
  })

  it('never caches an unknown token', async () => {
    let lookups = 0
    const { repo } = fakeRepo({
      resolveSession: async () => {
        lookups++
        return undefined
      },
    } as Partial<AuthRepository>)
    const service = createAuthService(repo, { ...settings, sessionCacheMs: 60_000 }, fakeAudit().audit)
    expect(await service.resolveSession('made-up')).toBeUndefined()
    expect(await service.resolveSession('made-up')).toBeUndefined()
    expect(lookups).toBe(2)
  })
})
