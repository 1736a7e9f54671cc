import type { AuditAction, AuditOutcome } from '@rs/shared'
import type { FastifyRequest } from 'fastify'

/**
 * What services need of the audit log (等保 安全审计): who did what, from where, with what outcome.
 * Services receive an AuditRecorder as an argument; modules/audit implements it over the
 * append-only table and adds the administrator's search and export.
 */

/** Who did something: a user (id and name), or an anonymous caller named by what they typed. */
export interface AuditActor {
  userId: number | null
  username: string
}

/** One event to record. */
export interface AuditEvent {
  actor: AuditActor | null
  ip: string
  action: AuditAction
  target?: string
  outcome?: AuditOutcome
  detail?: Record<string, unknown>
}

export interface AuditRecorder {
  record(event: AuditEvent): Promise<void>
}

/** A logged-in caller of a service: who, and from which address (for the audit log). */
export interface Caller {
  userId: number
  username: string
  ip: string
}

/** The actor of a logged-in user. */
export const actorOf = (user: { userId: number; username: string }): AuditActor => ({ userId: user.userId, username: user.username })

/** The caller of a protected route: its session user and the request's address. */
export const callerOf = (user: { userId: number; username: string }, request: FastifyRequest): Caller => ({
  userId: user.userId,
  username: user.username,
  ip: request.ip,
})
