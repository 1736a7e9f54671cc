import { defineStateMachine, type EventOf } from './state-machine'

/**
 * An order's states and transitions (ENGINES "Orders and workflows"): one declaration on the shared
 * state machine, used by the server (every change goes through `orderMachine`, a review by another
 * account than the submitter) and the web (which buttons show).
 *
 *   pending 待审核 ──approve──▶ approved 已通过 ──start──▶ producing 生产中 ──ready──▶ ready 可下载 ──complete──▶ completed 已完成
 *      │ reject ▶ rejected 已驳回 (with the reason)          │ fail ▶ failed 生产失败 ──retry──▶ producing
 *      │ cancel ▶ cancelled 已取消 (the owner, before review)
 *   ready / completed ──expire──▶ expired 已过期 (the package is removed)
 *
 * Who: the owner cancels and completes (by downloading); a reviewer (MOD_062) approves, rejects and
 * retries, never on an order they submitted; the server itself starts, finishes, fails and expires.
 */
export const ORDER_STATES = [
  'pending',
  'rejected',
  'approved',
  'producing',
  'failed',
  'ready',
  'completed',
  'expired',
  'cancelled',
] as const
export type OrderState = (typeof ORDER_STATES)[number]

export const orderMachine = defineStateMachine({
  states: ORDER_STATES,
  transitions: {
    pending: { approve: 'approved', reject: 'rejected', cancel: 'cancelled' },
    approved: { start: 'producing' },
    producing: { ready: 'ready', fail: 'failed' },
    failed: { retry: 'producing' },
    ready: { complete: 'completed', expire: 'expired' },
    completed: { expire: 'expired' },
    rejected: {},
    expired: {},
    cancelled: {},
  },
  roles: {
    approve: { by: ['reviewer'], notBy: ['submitter'] },
    reject: { by: ['reviewer'], notBy: ['submitter'] },
    cancel: { by: ['owner'] },
    start: { by: ['system'] },
    fail: { by: ['system'] },
    retry: { by: ['reviewer'] },
    ready: { by: ['system'] },
    complete: { by: ['owner'] },
    expire: { by: ['system'] },
  },
})

export type OrderEvent = EventOf<typeof orderMachine>
export const ORDER_EVENTS: readonly OrderEvent[] = orderMachine.events

/** The state an event leads to, or null when the machine does not allow it. */
export const nextOrderState = orderMachine.next

/** The events allowed in a state. */
export const orderEventsFrom = orderMachine.eventsFrom

/** States that end an order: nothing more happens to it. */
export const isFinalOrderState = orderMachine.isFinal

/** States whose package may be downloaded (with the extraction code). */
export function isDownloadable(state: OrderState): boolean {
  return state === 'ready' || state === 'completed'
}

/** Stated limits of the cart and of orders. */
export const ORDER_LIMITS = {
  /** Scenes one cart holds at most. */
  cartMax: 1000,
  /** Scenes one order holds at most (a whole cart). */
  orderMax: 1000,
  /** Scenes added in one call. */
  addMax: 1000,
  /** Days a produced package stays downloadable before the order expires and the package is removed. */
  downloadDays: 7,
  /** Characters of the extraction code (提取码). */
  extractCodeLength: 6,
  purposeMax: 500,
  projectMax: 100,
  rejectReasonMax: 500,
} as const

/** Characters of an extraction code: no 0/O, 1/I/L that read alike. */
export const EXTRACT_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'
export const EXTRACT_CODE_PATTERN = /^[A-HJKMNP-Z2-9]{6}$/
