/**
 * An order's states and transitions (ENGINES "Orders and workflows"): a pure state machine used by
 * the server (every change goes through `nextOrderState`) and the web (which buttons show).
 *
 *   pending 待审核 ──approve──▶ approved 已通过 ──start──▶ producing 生产中 ──ready──▶ ready 可下载 ──complete──▶ completed 已完成
 *      │ reject ▶ rejected 已驳回 (with the reason)          │ fail ▶ failed 生产失败 ──retry──▶ producing
 *      │ cancel ▶ cancelled 已取消 (the owner, before review)
 *   ready / completed ──expire──▶ expired 已过期 (the package is removed)
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

export const ORDER_EVENTS = ['approve', 'reject', 'cancel', 'start', 'fail', 'retry', 'ready', 'complete', 'expire'] as const
export type OrderEvent = (typeof ORDER_EVENTS)[number]

const TRANSITIONS: Record<OrderState, Partial<Record<OrderEvent, OrderState>>> = {
  pending: { approve: 'approved', reject: 'rejected', cancel: 'cancelled' },
  approved: { start: 'producing' },
  producing: { ready: 'ready', fail: 'failed' },
  failed: { retry: 'producing' },
  ready: { complete: 'completed', expire: 'expired' },
  completed: { expire: 'expired' },
  rejected: {},
  expired: {},
  cancelled: {},
}

/** The state an event leads to, or null when the machine does not allow it. */
export function nextOrderState(state: OrderState, event: OrderEvent): OrderState | null {
  return TRANSITIONS[state][event] ?? null
}

/** The events allowed in a state. */
export function orderEventsFrom(state: OrderState): OrderEvent[] {
  return Object.keys(TRANSITIONS[state]) as OrderEvent[]
}

/** States that end an order: nothing more happens to it. */
export function isFinalOrderState(state: OrderState): boolean {
  return orderEventsFrom(state).length === 0
}

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
