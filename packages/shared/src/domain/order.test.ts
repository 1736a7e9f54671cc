import { describe, expect, it } from 'vitest'
import { isDownloadable, isFinalOrderState, nextOrderState, ORDER_EVENTS, ORDER_STATES, type OrderState, orderEventsFrom } from './order'

describe('order state machine', () => {
  it('walks the happy path 待审核 → 已通过 → 生产中 → 可下载 → 已完成 → 已过期', () => {
    let s: OrderState = 'pending'
    for (const [event, expected] of [
      ['approve', 'approved'],
      ['start', 'producing'],
      ['ready', 'ready'],
      ['complete', 'completed'],
      ['expire', 'expired'],
    ] as const) {
      const next = nextOrderState(s, event)
      expect(next).toBe(expected)
      s = next as OrderState
    }
  })

  it('rejects or cancels only before review', () => {
    expect(nextOrderState('pending', 'reject')).toBe('rejected')
    expect(nextOrderState('pending', 'cancel')).toBe('cancelled')
    for (const s of ORDER_STATES.filter((x) => x !== 'pending')) {
      expect(nextOrderState(s, 'cancel'), s).toBeNull()
      expect(nextOrderState(s, 'reject'), s).toBeNull()
      expect(nextOrderState(s, 'approve'), s).toBeNull()
    }
  })

  it('lets a failed production be retried and a ready package expire unread', () => {
    expect(nextOrderState('producing', 'fail')).toBe('failed')
    expect(nextOrderState('failed', 'retry')).toBe('producing')
    expect(nextOrderState('ready', 'expire')).toBe('expired')
  })

  it('ends in rejected, cancelled and expired, and every allowed event leads to a known state', () => {
    expect(ORDER_STATES.filter(isFinalOrderState)).toEqual(['rejected', 'expired', 'cancelled'])
    for (const s of ORDER_STATES)
      for (const e of ORDER_EVENTS) {
        const next = nextOrderState(s, e)
        expect(next === null || ORDER_STATES.includes(next)).toBe(true)
        expect(orderEventsFrom(s).includes(e)).toBe(next !== null)
      }
  })

  it('downloads only ready and completed packages', () => {
    expect(ORDER_STATES.filter(isDownloadable)).toEqual(['ready', 'completed'])
  })
})
