import { describe, expect, it, vi } from 'vitest'
import { createEventBus, event } from './bus'
import { createEvents } from './events'

const DECLARED = {
  'thing.changed': event<{ id: number }>(),
  'thing.revoked': event<{ id: number }>({ mustSucceed: true }),
}

function bus() {
  const log = { error: vi.fn() }
  return { log, events: createEventBus(DECLARED, log) }
}

describe('event bus', () => {
  it('hands the typed payload to every listener, in the order they were added', async () => {
    const { events } = bus()
    const seen: string[] = []
    events.on('thing.changed', ({ id }) => {
      seen.push(`a${id}`)
    })
    events.on('thing.changed', async ({ id }) => {
      // yield to the event loop: a bus that did not await each listener would run c before b
      await new Promise((resolve) => setImmediate(resolve))
      seen.push(`b${id}`)
    })
    events.on('thing.changed', ({ id }) => {
      seen.push(`c${id}`)
    })
    await events.emit('thing.changed', { id: 7 })
    expect(seen).toEqual(['a7', 'b7', 'c7'])
  })

  it('checks payloads and names at compile time', () => {
    const { events } = bus()
    // @ts-expect-error the payload of thing.changed is { id: number }
    void events.emit('thing.changed', { id: 'seven' })
    // @ts-expect-error an event that is not declared
    events.on('thing.unknown', () => {})
    // @ts-expect-error the server's events are typed the same way
    void createEvents({ error: () => {} }).emit('account.changed', { userId: '1' })
  })

  it('logs a failing listener and still runs the others; the emitter does not see the error', async () => {
    const { events, log } = bus()
    const after = vi.fn()
    events.on('thing.changed', () => {
      throw new Error('listener broke')
    })
    events.on('thing.changed', after)
    await expect(events.emit('thing.changed', { id: 1 })).resolves.toBeUndefined()
    expect(after).toHaveBeenCalledWith({ id: 1 })
    expect(log.error).toHaveBeenCalledTimes(1)
    expect(log.error.mock.calls[0]?.[0]).toMatchObject({
      event: 'thing.changed',
      err: expect.objectContaining({ message: 'listener broke' }),
    })
  })

  it('throws to the emitter of a must-succeed event after the other listeners ran', async () => {
    const { events, log } = bus()
    const after = vi.fn()
    events.on('thing.revoked', async () => {
      throw new Error('not revoked')
    })
    events.on('thing.revoked', after)
    await expect(events.emit('thing.revoked', { id: 2 })).rejects.toThrow('not revoked')
    expect(after).toHaveBeenCalledOnce()
    expect(log.error).toHaveBeenCalledOnce()
  })

  it('refuses a must-succeed event nobody listens to, and lets a listener be removed', async () => {
    const { events } = bus()
    await expect(events.emit('thing.revoked', { id: 3 })).rejects.toThrow(/no listener/)
    const listener = vi.fn()
    const off = events.on('thing.changed', listener)
    off()
    await events.emit('thing.changed', { id: 4 })
    expect(listener).not.toHaveBeenCalled()
  })
})
