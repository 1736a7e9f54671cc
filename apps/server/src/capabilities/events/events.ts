import { createEventBus, type EventBus, type EventLog, event, type PayloadMap } from './bus'

/**
 * Every cross-module event of the server, declared once: its name, its payload, and whether the
 * emitter must learn of a failed listener. An emitter does not know who reacts; the reacting module
 * adds its listener in its own registration.
 */
export const SERVER_EVENTS = {
  /** An account's name, e-mail or telephone changed: caches of its user information forget it. */
  'account.changed': event<{ userId: number }>(),
  /** An administrator disabled an account: its sessions end before the answer (a session left open would still act). */
  'account.disabled': event<{ userId: number }>({ mustSucceed: true }),
  /** An account's password was reset by code: every session ends before a new one is opened. */
  'account.passwordReset': event<{ userId: number }>({ mustSucceed: true }),
  /** The orbital elements were replaced (an administrator's upload): who reads them reads again. */
  'tle.replaced': event<{ noradIds: number[] }>(),
  /** A monitoring delivery was stored as a new batch: derived map layers and statistics follow. */
  'monitor.batchImported': event<{ module: string; batch: string }>(),
}

export type ServerEvents = PayloadMap<typeof SERVER_EVENTS>
export type Events = EventBus<ServerEvents>

/** The server's event bus (in-process: see createEventBus). */
export function createEvents(log: EventLog): Events {
  return createEventBus(SERVER_EVENTS, log)
}
