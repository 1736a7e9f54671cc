import { describe, expect, it } from 'vitest'
import { createSlots } from './slots'

describe('createSlots', () => {
  it('grants up to its size at once, hands a released slot to the next waiter, and gives up after the wait', async () => {
    const slots = createSlots(2)
    const a = await slots.acquire(10)
    const b = await slots.acquire(10)
    expect(a && b).toBeTruthy()
    const c = slots.acquire(1000)
    expect(await slots.acquire(5)).toBeUndefined()
    a?.()
    a?.() // releasing twice frees one slot only
    const granted = await c
    expect(granted).toBeTypeOf('function')
    expect(await slots.acquire(5)).toBeUndefined()
    b?.()
    granted?.()
    expect(await slots.acquire(5)).toBeTypeOf('function')
  })
})
